public import Foundation
public import HearthCore

/// Reads the models out of GraphQL answers (the pantry's client services, and the web pages that run the same
/// operations in the server's process): times as ISO 8601 with or without fractions of a second.
public enum PantryJSON {
    public static func decode<T: Decodable>(_ type: T.Type, _ data: RawJSON, at path: String...) throws -> T {
        var value = data
        for key in path {
            guard case .object(let fields) = value, let next = fields[key] else {
                throw ServiceError(
                    .decodingFailed,
                    "The server's answer has no \(path.joined(separator: ".")); is the server a Hearth pantry server of this version?"
                )
            }
            value = next
        }
        let decoder = Self.decoder
        do {
            return try decoder.decode(T.self, from: try JSONEncoder().encode(value))
        } catch {
            throw ServiceError(
                .decodingFailed, "The server's \(path.joined(separator: ".")) is not a \(T.self): \(error)",
                underlying: error)
        }
    }

    /// The `field` of a whole GraphQL answer's `data` (its JSON bytes), read straight into `T`; the answer's
    /// `errors`, when it has any, thrown as ``GraphQLErrorMapping`` maps them.
    public static func answer<T: Decodable>(_ type: T.Type, from body: Data, field: String) throws -> T {
        let decoder = Self.decoder
        decoder.userInfo[answerFieldKey] = field
        let envelope: Envelope<T>
        do {
            envelope = try decoder.decode(Envelope<T>.self, from: body)
        } catch {
            throw ServiceError(.decodingFailed, "The answer's \(field) is not a \(T.self): \(error)", underlying: error)
        }
        if let errors = envelope.errors, !errors.isEmpty { throw GraphQLErrorMapping.error(for: errors) }
        guard let value = envelope.data?.value else {
            throw ServiceError(.decodingFailed, "The answer has no \(field).")
        }
        return value
    }

    private static let answerFieldKey = CodingUserInfoKey(rawValue: "hearth.answerField")!

    private struct Envelope<T: Decodable>: Decodable {
        let data: AnswerField<T>?
        let errors: [GraphQLErrorMapping.Failure]?
    }

    /// The one field of `data` the decoder's user info names.
    private struct AnswerField<T: Decodable>: Decodable {
        let value: T?

        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let name = decoder.userInfo[PantryJSON.answerFieldKey] as? String ?? ""
            value = try decoder.container(keyedBy: Key.self).decodeIfPresent(T.self, forKey: Key(stringValue: name))
        }
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
                return date
            }
            if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not an ISO 8601 time.")
        }
        return decoder
    }
}
