public import Foundation

/// A JSON value as a client sent it in an event's properties: kept whole, so stored events read back as
/// they arrived (integers exact, `true` still a Boolean).
public enum AnalyticsJSON: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([AnalyticsJSON])
    case object([String: AnalyticsJSON])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([AnalyticsJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: AnalyticsJSON].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The string inside, if this is one.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The members, if this is an object.
    public var object: [String: AnalyticsJSON]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member `key` of an object.
    public subscript(key: String) -> AnalyticsJSON? { object?[key] }

    /// A short name of the JSON type, for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
