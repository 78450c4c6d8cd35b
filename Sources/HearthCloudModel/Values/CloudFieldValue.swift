public import Foundation

/// A typed value of one record field, as CloudKit Web Services writes it: `{"type": "STRING", "value": "…"}`.
///
/// Lists are homogeneous (``CloudFieldList``) and cannot nest, as in CloudKit.
///
/// ```swift
/// record.fields["odometer"] = .int64(120_500)
/// record.fields["tags"] = .list(.string(["oil", "filter"]))
/// ```
public enum CloudFieldValue: Sendable, Hashable, Codable {
    /// UTF-8 text.
    case string(String)
    /// A 64-bit signed integer.
    case int64(Int64)
    /// A finite double (NaN and infinities are refused).
    case double(Double)
    /// True or false.
    case boolean(Bool)
    /// Raw bytes, base64 on the wire.
    case bytes(Data)
    /// A point in time, in milliseconds since 1 January 1970 UTC.
    case date(Int64)
    /// A link to another record.
    case reference(CloudReference)
    /// A file uploaded through the assets API, named by its SHA-256.
    case asset(CloudAsset)
    /// A place on Earth.
    case location(CloudLocation)
    /// A homogeneous list of values.
    case list(CloudFieldList)

    /// The wire name of this value's type, such as `STRING` or `INT64_LIST`.
    public var typeName: String {
        switch self {
        case .string: "STRING"
        case .int64: "INT64"
        case .double: "DOUBLE"
        case .boolean: "BOOLEAN"
        case .bytes: "BYTES"
        case .date: "TIMESTAMP"
        case .reference: "REFERENCE"
        case .asset: "ASSETID"
        case .location: "LOCATION"
        case .list(let list): list.elementTypeName + "_LIST"
        }
    }

    /// A date value from a `Date`, rounded to the millisecond.
    public static func date(_ date: Date) -> CloudFieldValue {
        .date(Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    /// The value as a `Date`, when it is a ``date(_:)-enum.case``.
    public var dateValue: Date? {
        if case .date(let milliseconds) = self { return Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
        return nil
    }

    /// The wire type names a field may carry.
    public static let scalarTypeNames = [
        "STRING", "INT64", "DOUBLE", "BOOLEAN", "BYTES", "TIMESTAMP", "REFERENCE", "ASSETID", "LOCATION",
    ]

    private enum CodingKeys: String, CodingKey { case type, value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        if type.hasSuffix("_LIST") {
            let element = String(type.dropLast(5))
            self = .list(try CloudFieldList(elementType: element, from: container, key: .value))
            return
        }
        switch type {
        case "STRING": self = .string(try container.decode(String.self, forKey: .value))
        case "INT64": self = .int64(try container.decode(Int64.self, forKey: .value))
        case "DOUBLE": self = .double(try container.decode(Double.self, forKey: .value))
        case "BOOLEAN": self = .boolean(try container.decode(Bool.self, forKey: .value))
        case "BYTES": self = .bytes(try container.decode(Data.self, forKey: .value))
        case "TIMESTAMP": self = .date(try container.decode(Int64.self, forKey: .value))
        case "REFERENCE": self = .reference(try container.decode(CloudReference.self, forKey: .value))
        case "ASSETID": self = .asset(try container.decode(CloudAsset.self, forKey: .value))
        case "LOCATION": self = .location(try container.decode(CloudLocation.self, forKey: .value))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription:
                    "Unknown field type \"\(type)\"; use one of \(Self.scalarTypeNames.joined(separator: ", ")) or one of them followed by _LIST."
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(typeName, forKey: .type)
        switch self {
        case .string(let value): try container.encode(value, forKey: .value)
        case .int64(let value): try container.encode(value, forKey: .value)
        case .double(let value): try container.encode(value, forKey: .value)
        case .boolean(let value): try container.encode(value, forKey: .value)
        case .bytes(let value): try container.encode(value, forKey: .value)
        case .date(let value): try container.encode(value, forKey: .value)
        case .reference(let value): try container.encode(value, forKey: .value)
        case .asset(let value): try container.encode(value, forKey: .value)
        case .location(let value): try container.encode(value, forKey: .value)
        case .list(let list): try list.encode(into: &container, key: .value)
        }
    }
}
