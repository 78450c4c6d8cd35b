public import Foundation

/// A homogeneous list field value: `{"type": "STRING_LIST", "value": ["a", "b"]}`.
public enum CloudFieldList: Sendable, Hashable {
    case string([String])
    case int64([Int64])
    case double([Double])
    case boolean([Bool])
    case bytes([Data])
    case date([Int64])
    case reference([CloudReference])
    case asset([CloudAsset])
    case location([CloudLocation])

    /// The wire name of the element type, such as `STRING`.
    public var elementTypeName: String {
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
        }
    }

    /// How many elements the list holds.
    public var count: Int {
        switch self {
        case .string(let v): v.count
        case .int64(let v): v.count
        case .double(let v): v.count
        case .boolean(let v): v.count
        case .bytes(let v): v.count
        case .date(let v): v.count
        case .reference(let v): v.count
        case .asset(let v): v.count
        case .location(let v): v.count
        }
    }

    /// The elements as single field values.
    public var elements: [CloudFieldValue] {
        switch self {
        case .string(let v): v.map(CloudFieldValue.string)
        case .int64(let v): v.map(CloudFieldValue.int64)
        case .double(let v): v.map(CloudFieldValue.double)
        case .boolean(let v): v.map(CloudFieldValue.boolean)
        case .bytes(let v): v.map(CloudFieldValue.bytes)
        case .date(let v): v.map { CloudFieldValue.date($0) }
        case .reference(let v): v.map(CloudFieldValue.reference)
        case .asset(let v): v.map(CloudFieldValue.asset)
        case .location(let v): v.map(CloudFieldValue.location)
        }
    }

    init<Key: CodingKey>(elementType: String, from container: KeyedDecodingContainer<Key>, key: Key) throws {
        switch elementType {
        case "STRING": self = .string(try container.decode([String].self, forKey: key))
        case "INT64": self = .int64(try container.decode([Int64].self, forKey: key))
        case "DOUBLE": self = .double(try container.decode([Double].self, forKey: key))
        case "BOOLEAN": self = .boolean(try container.decode([Bool].self, forKey: key))
        case "BYTES": self = .bytes(try container.decode([Data].self, forKey: key))
        case "TIMESTAMP": self = .date(try container.decode([Int64].self, forKey: key))
        case "REFERENCE": self = .reference(try container.decode([CloudReference].self, forKey: key))
        case "ASSETID": self = .asset(try container.decode([CloudAsset].self, forKey: key))
        case "LOCATION": self = .location(try container.decode([CloudLocation].self, forKey: key))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription:
                    "Unknown list element type \"\(elementType)\"; lists hold one of \(CloudFieldValue.scalarTypeNames.joined(separator: ", ")) and cannot nest."
            )
        }
    }

    func encode<Key: CodingKey>(into container: inout KeyedEncodingContainer<Key>, key: Key) throws {
        switch self {
        case .string(let v): try container.encode(v, forKey: key)
        case .int64(let v): try container.encode(v, forKey: key)
        case .double(let v): try container.encode(v, forKey: key)
        case .boolean(let v): try container.encode(v, forKey: key)
        case .bytes(let v): try container.encode(v, forKey: key)
        case .date(let v): try container.encode(v, forKey: key)
        case .reference(let v): try container.encode(v, forKey: key)
        case .asset(let v): try container.encode(v, forKey: key)
        case .location(let v): try container.encode(v, forKey: key)
        }
    }
}
