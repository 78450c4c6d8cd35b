public import Foundation

/// A JSON value: what rule conditions hold, what a subject instance's attributes are, and what
/// placeholders are filled from.
///
/// Build one with literals, or from any `Encodable` model with ``init(encoding:encoder:)``:
///
/// ```swift
/// let attributes: PermissionValue = ["id": "h1", "members": [["userId": "u1"]]]
/// let fromModel = try PermissionValue(encoding: household)
/// ```
public enum PermissionValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([PermissionValue])
    case object([String: PermissionValue])

    /// Converts an `Encodable` model to its JSON value tree, the way it would be sent over the wire.
    ///
    /// The default encoder writes dates as ISO 8601 strings, so date conditions compare as strings in
    /// that format. Pass another encoder to change key or date strategies.
    public init(encoding model: some Encodable, encoder: JSONEncoder = PermissionValue.defaultEncoder) throws {
        let data = try encoder.encode(model)
        self = try JSONDecoder().decode(PermissionValue.self, from: data)
    }

    /// The encoder ``init(encoding:encoder:)`` uses unless told otherwise: ISO 8601 dates.
    public static var defaultEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The members of an object, or `nil` for any other value.
    public var objectValue: [String: PermissionValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array, or `nil` for any other value.
    public var arrayValue: [PermissionValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}

extension PermissionValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([PermissionValue].self) {
            self = .array(array)
        } else if let object = try? container.decode([String: PermissionValue].self) {
            self = .object(object)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected a JSON value: null, a boolean, a number, a string, an array or an object."
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }
}

extension PermissionValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringInterpolation, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: PermissionValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, PermissionValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension PermissionValue: CustomStringConvertible {
    /// The value as compact JSON with sorted keys, for messages.
    public var description: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "<a number JSON cannot hold>" }
        return String(decoding: data, as: UTF8.self)
    }
}
