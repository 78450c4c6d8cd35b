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
    public static let scalarTypeNames = ["STRING", "INT64", "DOUBLE", "BOOLEAN", "BYTES", "TIMESTAMP", "REFERENCE", "ASSETID", "LOCATION"]

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
                debugDescription: "Unknown field type \"\(type)\"; use one of \(Self.scalarTypeNames.joined(separator: ", ")) or one of them followed by _LIST."
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
                debugDescription: "Unknown list element type \"\(elementType)\"; lists hold one of \(CloudFieldValue.scalarTypeNames.joined(separator: ", ")) and cannot nest."
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

/// What happens to a record that refers to another when that other record is deleted.
public enum CloudReferenceAction: String, Codable, Sendable, Hashable, CaseIterable {
    /// Nothing: the reference dangles.
    case none = "NONE"
    /// The referring record is deleted too (within the same zone).
    case deleteSelf = "DELETE_SELF"
}

/// A link to a record: its name, its zone (the same zone when nil) and what deleting the target does.
public struct CloudReference: Codable, Sendable, Hashable {
    /// The target record's name.
    public var recordName: String
    /// The target's zone; nil means the referring record's own zone.
    public var zoneID: CloudZoneID?
    /// What deleting the target does to the referring record.
    public var action: CloudReferenceAction

    public init(recordName: String, zoneID: CloudZoneID? = nil, action: CloudReferenceAction = .none) {
        self.recordName = recordName
        self.zoneID = zoneID
        self.action = action
    }

    private enum CodingKeys: String, CodingKey { case recordName, zoneID, action }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        recordName = try container.decode(String.self, forKey: .recordName)
        zoneID = try container.decodeIfPresent(CloudZoneID.self, forKey: .zoneID)
        action = try container.decodeIfPresent(CloudReferenceAction.self, forKey: .action) ?? .none
    }
}

/// A file stored by the assets API: content-addressed by the SHA-256 of its bytes.
public struct CloudAsset: Codable, Sendable, Hashable {
    /// The lowercase hex SHA-256 of the file's bytes, as the upload answered.
    public var fileChecksum: String
    /// The file's size in bytes.
    public var size: Int64
    /// Where to download it (a path on the server), filled in by the server in responses.
    public var downloadURL: String?

    public init(fileChecksum: String, size: Int64, downloadURL: String? = nil) {
        self.fileChecksum = fileChecksum
        self.size = size
        self.downloadURL = downloadURL
    }
}

/// A place on Earth, with optional accuracy, course and speed.
public struct CloudLocation: Codable, Sendable, Hashable {
    /// Degrees north, from -90 to 90.
    public var latitude: Double
    /// Degrees east, from -180 to 180.
    public var longitude: Double
    /// Metres above sea level.
    public var altitude: Double?
    /// Radius of uncertainty of the position, in metres.
    public var horizontalAccuracy: Double?
    /// Uncertainty of the altitude, in metres.
    public var verticalAccuracy: Double?
    /// Direction of travel in degrees from north.
    public var course: Double?
    /// Speed in metres per second.
    public var speed: Double?
    /// When the position was taken, in milliseconds since 1970.
    public var timestamp: Int64?

    public init(
        latitude: Double, longitude: Double, altitude: Double? = nil, horizontalAccuracy: Double? = nil,
        verticalAccuracy: Double? = nil, course: Double? = nil, speed: Double? = nil, timestamp: Int64? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.speed = speed
        self.timestamp = timestamp
    }
}
