import Foundation
public import GRDB
public import HearthSync

/// Queues the changes of cloud-enabled records in a ``HearthSync/SyncOutbox``, inside the store's write
/// transaction.
///
/// | change | queued |
/// |---|---|
/// | a cloud-enabled record made, edited, or one of its entries added, changed or removed | a save of the record |
/// | the cloud turned on for a record | a save (the record is uploaded) |
/// | the cloud turned off for a record, or a cloud-enabled record deleted | a deletion (the record leaves the server, with its share) |
/// | a record that is not cloud-enabled, or a change to the device's own bookkeeping only (share name, participants summary) | nothing |
///
/// A record shared by another user is queued in that user's zone. Before sync is first turned on, and while
/// the engine applies changes from the server, the outbox queues nothing.
public struct HealthOutboxRecorder: HealthChangeRecorder {
    public let outbox: SyncOutbox

    public init(outbox: SyncOutbox) {
        self.outbox = outbox
    }

    public func recordSaved(_ record: MedicalRecord, previous: MedicalRecord?, in db: Database) throws {
        if record.isCloudEnabled && !record.isMarkedForDeletion {
            if let previous, previous.isCloudEnabled, Self.synced(previous) == Self.synced(record) { return }
            try outbox.enqueue([.save(Self.id(of: record), at: record.updatedAt, zone: Self.zone(of: record))], in: db)
        } else if let previous, previous.isCloudEnabled {
            try outbox.enqueue(
                [.deletion(Self.id(of: previous), at: record.updatedAt, zone: Self.zone(of: previous))], in: db)
        }
    }

    public func entriesChanged(of record: MedicalRecord, in db: Database) throws {
        guard record.isCloudEnabled && !record.isMarkedForDeletion else { return }
        try outbox.enqueue([.save(Self.id(of: record), at: record.updatedAt, zone: Self.zone(of: record))], in: db)
    }

    public func recordDeleted(_ record: MedicalRecord, in db: Database) throws {
        guard record.isCloudEnabled else { return }
        try outbox.enqueue([.deletion(Self.id(of: record), at: Date(), zone: Self.zone(of: record))], in: db)
    }

    static func id(of record: MedicalRecord) -> SyncRecordID {
        SyncRecordID(recordType: HealthSync.recordType, recordName: HealthCloudRecord.recordName(of: record))
    }

    static func zone(of record: MedicalRecord) -> SyncZone {
        record.cloudZoneOwner.map { .shared(HealthSync.zoneName, owner: $0) } ?? .private(HealthSync.zoneName)
    }

    /// The part of a record that travels to the server: without the device's own cloud bookkeeping.
    static func synced(_ record: MedicalRecord) -> MedicalRecord {
        var copy = record
        copy.cloudShareRecordName = nil
        copy.isSharingEnabled = false
        copy.shareParticipantsSummary = ""
        return copy
    }
}
