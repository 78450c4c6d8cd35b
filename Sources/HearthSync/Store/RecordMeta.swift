import Foundation
import GRDB
import HearthCloudModel

/// What the engine knows of a record on the server.
struct RecordMeta: Sendable {
    var zone: SyncZone
    var recordName: String
    var recordType: String
    var changeTag: String?
    /// The last version both sides agreed on, kept when the type's policy merges.
    var ancestor: CloudRecord?

    init(zone: SyncZone, recordName: String, recordType: String, changeTag: String?, ancestor: CloudRecord?) {
        self.zone = zone
        self.recordName = recordName
        self.recordType = recordType
        self.changeTag = changeTag
        self.ancestor = ancestor
    }

    init(row: Row) {
        zone = SyncZone(scope: row["scope"], zoneName: row["zoneName"], ownerKey: row["zoneOwner"])
        recordName = row["recordName"]
        recordType = row["recordType"]
        changeTag = row["changeTag"]
        ancestor = (row["ancestor"] as Data?).flatMap(SyncCoding.decodeRecord)
    }
}
