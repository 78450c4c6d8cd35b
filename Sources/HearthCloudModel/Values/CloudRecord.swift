/// A record: a named, typed set of fields in a zone, with the server's bookkeeping.
///
/// Clients send `recordName`, `recordType`, `fields` (and `recordChangeTag` when saving a record they fetched);
/// the server fills in the rest.
///
/// ```swift
/// var record = CloudRecord(recordName: "svc-1", recordType: "ServiceEntry")
/// record.fields["mileage"] = .int64(120_500)
/// ```
public struct CloudRecord: Codable, Sendable, Hashable {
    /// The record's name, unique in its zone: letters, digits and `- _ . : @ +`, at most 255 characters.
    public var recordName: String
    /// The record's type, such as `ServiceEntry`: a letter, then letters, digits or `_`.
    public var recordType: String
    /// The zone the record lives in. The server always fills it in; requests may leave it out.
    public var zoneID: CloudZoneID?
    /// The record's fields by name.
    public var fields: [String: CloudFieldValue]
    /// The server's version of the record; a save must carry the current one unless it is forced.
    public var recordChangeTag: String?
    /// When and by whom the record was created.
    public var created: CloudRecordStamp?
    /// When and by whom the record was last changed.
    public var modified: CloudRecordStamp?
    /// True for a deletion in a changes feed (a tombstone): only the name and zone are meaningful.
    public var deleted: Bool
    /// The record this one belongs to; a share of the parent covers its children.
    public var parent: CloudReference?
    /// The share whose root is this record, when it is shared.
    public var share: CloudReference?

    public init(
        recordName: String,
        recordType: String,
        zoneID: CloudZoneID? = nil,
        fields: [String: CloudFieldValue] = [:],
        recordChangeTag: String? = nil,
        created: CloudRecordStamp? = nil,
        modified: CloudRecordStamp? = nil,
        deleted: Bool = false,
        parent: CloudReference? = nil,
        share: CloudReference? = nil
    ) {
        self.recordName = recordName
        self.recordType = recordType
        self.zoneID = zoneID
        self.fields = fields
        self.recordChangeTag = recordChangeTag
        self.created = created
        self.modified = modified
        self.deleted = deleted
        self.parent = parent
        self.share = share
    }

    private enum CodingKeys: String, CodingKey {
        case recordName, recordType, zoneID, fields, recordChangeTag, created, modified, deleted, parent, share
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        recordName = try container.decode(String.self, forKey: .recordName)
        recordType = try container.decodeIfPresent(String.self, forKey: .recordType) ?? ""
        zoneID = try container.decodeIfPresent(CloudZoneID.self, forKey: .zoneID)
        fields = try container.decodeIfPresent([String: CloudFieldValue].self, forKey: .fields) ?? [:]
        recordChangeTag = try container.decodeIfPresent(String.self, forKey: .recordChangeTag)
        created = try container.decodeIfPresent(CloudRecordStamp.self, forKey: .created)
        modified = try container.decodeIfPresent(CloudRecordStamp.self, forKey: .modified)
        deleted = try container.decodeIfPresent(Bool.self, forKey: .deleted) ?? false
        parent = try container.decodeIfPresent(CloudReference.self, forKey: .parent)
        share = try container.decodeIfPresent(CloudReference.self, forKey: .share)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recordName, forKey: .recordName)
        try container.encode(recordType, forKey: .recordType)
        try container.encodeIfPresent(zoneID, forKey: .zoneID)
        try container.encode(fields, forKey: .fields)
        try container.encodeIfPresent(recordChangeTag, forKey: .recordChangeTag)
        try container.encodeIfPresent(created, forKey: .created)
        try container.encodeIfPresent(modified, forKey: .modified)
        if deleted { try container.encode(true, forKey: .deleted) }
        try container.encodeIfPresent(parent, forKey: .parent)
        try container.encodeIfPresent(share, forKey: .share)
    }
}
