import Foundation
import HearthCore
import HearthPantryModel

/// Reads the models out of GraphQL answers: times as ISO 8601 with or without fractions of a second.
enum PantryJSON {
    static func decode<T: Decodable>(_ type: T.Type, _ data: RawJSON, at path: String...) throws -> T {
        var value = data
        for key in path {
            guard case .object(let fields) = value, let next = fields[key] else {
                throw ServiceError(.decodingFailed, "The server's answer has no \(path.joined(separator: ".")); is the server a Hearth pantry server of this version?")
            }
            value = next
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
            if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not an ISO 8601 time.")
        }
        do {
            return try decoder.decode(T.self, from: try JSONEncoder().encode(value))
        } catch {
            throw ServiceError(.decodingFailed, "The server's \(path.joined(separator: ".")) is not a \(T.self): \(error)", underlying: error)
        }
    }
}
