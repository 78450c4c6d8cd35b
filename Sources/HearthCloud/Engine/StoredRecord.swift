import Foundation
import HearthCloudModel

/// A record row as the store keeps it.
struct StoredRecord: Sendable {
    static let columns =
        "name, type, fields, seq, deleted, parent_name, root_name, left_root, created_at, created_by, created_device, modified_at, modified_by, modified_device, size"
    /// The columns of records aliased `r`, for queries that join.
    static let qualifiedColumns = columns.split(separator: ",").map { "r." + $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: ", ")

    var name: String
    var type: String
    var fields: String
    var seq: Int64
    var deleted: Bool
    var parentName: String?
    var rootName: String
    var leftRoot: String?
    var createdAt: Int64
    var createdBy: String
    var createdDevice: String?
    var modifiedAt: Int64
    var modifiedBy: String
    var modifiedDevice: String?
    var size: Int64

    init(row: SQLRow) {
        name = row.text("name")
        type = row.text("type")
        fields = row.text("fields")
        seq = row.int("seq")
        deleted = row.bool("deleted")
        parentName = row.optionalText("parent_name")
        rootName = row.text("root_name")
        leftRoot = row.optionalText("left_root")
        createdAt = row.int("created_at")
        createdBy = row.text("created_by")
        createdDevice = row.optionalText("created_device")
        modifiedAt = row.int("modified_at")
        modifiedBy = row.text("modified_by")
        modifiedDevice = row.optionalText("modified_device")
        size = row.int("size")
    }

    init(
        name: String, type: String, fields: String, seq: Int64, deleted: Bool, parentName: String?, rootName: String,
        leftRoot: String?, createdAt: Int64, createdBy: String, createdDevice: String?, modifiedAt: Int64,
        modifiedBy: String, modifiedDevice: String?, size: Int64
    ) {
        self.name = name
        self.type = type
        self.fields = fields
        self.seq = seq
        self.deleted = deleted
        self.parentName = parentName
        self.rootName = rootName
        self.leftRoot = leftRoot
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.createdDevice = createdDevice
        self.modifiedAt = modifiedAt
        self.modifiedBy = modifiedBy
        self.modifiedDevice = modifiedDevice
        self.size = size
    }

    func binds(zonePK: Int64) -> [SQLValue] {
        [
            .int(zonePK), .text(name), .text(type), .text(fields), .int(seq), SQLValue(deleted), SQLValue(parentName),
            .text(rootName),
            SQLValue(leftRoot), .int(createdAt), .text(createdBy), SQLValue(createdDevice), .int(modifiedAt),
            .text(modifiedBy),
            SQLValue(modifiedDevice), .int(size),
        ]
    }

    func decodedFields() throws -> [String: CloudFieldValue] {
        if let json = JSONValue.parse(fields.utf8), let decoded = CloudFieldValue.fields(json: json) { return decoded }
        return try CloudJSON.decoder.decode([String: CloudFieldValue].self, from: Data(fields.utf8))
    }

    /// The record as the client sees it, with only `desiredKeys` (every field when nil).
    func cloudRecord(zoneID: CloudZoneID, shareName: String?, desiredKeys: Set<String>?) -> CloudRecord {
        var record = CloudRecord(recordName: name, recordType: type, zoneID: zoneID)
        if deleted {
            record.deleted = true
            record.recordChangeTag = changeTag(seq)
            return record
        }
        if desiredKeys?.isEmpty != true {
            let all = (try? decodedFields()) ?? [:]
            record.fields = desiredKeys.map { keys in all.filter { keys.contains($0.key) } } ?? all
        }
        record.recordChangeTag = changeTag(seq)
        record.created = CloudRecordStamp(timestamp: createdAt, userRecordName: createdBy, deviceID: createdDevice)
        record.modified = CloudRecordStamp(timestamp: modifiedAt, userRecordName: modifiedBy, deviceID: modifiedDevice)
        record.parent = parentName.map { CloudReference(recordName: $0) }
        record.share = shareName.map { CloudReference(recordName: $0) }
        return record
    }

    /// A deletion as a participant sees it when a record leaves their share.
    func tombstone(zoneID: CloudZoneID) -> CloudRecord {
        CloudRecord(recordName: name, recordType: type, zoneID: zoneID, recordChangeTag: changeTag(seq), deleted: true)
    }
}
