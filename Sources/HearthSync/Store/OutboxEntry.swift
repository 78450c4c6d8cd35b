import Foundation
import GRDB
import HearthCloudModel

/// A pending local change as the outbox holds it.
struct OutboxEntry: Sendable {
    var zone: SyncZone
    var recordName: String
    var recordType: String
    var seq: Int64
    var isDeletion: Bool
    var changedAt: Int64
    /// Per-field change times (ms) of the unsent edits; nil when the policy does not track them.
    var fieldTimes: [String: Int64]?
    /// The fields as of the last enqueue, to tell which fields the next edit changes.
    var snapshot: [String: CloudFieldValue]?
    var attempts: Int
    var notBefore: Int64
    var parked: Bool
    var lastError: String?

    var id: SyncRecordID { SyncRecordID(recordType: recordType, recordName: recordName) }

    static let columns =
        "scope, zoneName, zoneOwner, recordName, seq, recordType, isDeletion, changedAt, fieldTimes, snapshot, attempts, notBefore, parked, lastError"

    init(row: Row) {
        zone = SyncZone(scope: row["scope"], zoneName: row["zoneName"], ownerKey: row["zoneOwner"])
        recordName = row["recordName"]
        seq = row["seq"]
        recordType = row["recordType"]
        isDeletion = row["isDeletion"]
        changedAt = row["changedAt"]
        fieldTimes = (row["fieldTimes"] as String?).flatMap(SyncCoding.decodeTimes)
        snapshot = (row["snapshot"] as Data?).flatMap(SyncCoding.decodeFields)
        attempts = row["attempts"]
        notBefore = row["notBefore"]
        parked = row["parked"]
        lastError = row["lastError"]
    }
}
