import Foundation
public import GRDB
public import HearthSync

/// Queues every garage change in a ``HearthSync/SyncOutbox``, inside the store's write transaction.
///
/// Changes to entities that do not sync (none today) are ignored. Before sync is first turned on, and
/// while the engine applies changes from the server, the outbox queues nothing.
public struct GarageOutboxRecorder: GarageChangeRecorder {
    public let outbox: SyncOutbox

    public init(outbox: SyncOutbox) {
        self.outbox = outbox
    }

    public func record(_ change: GarageChange, in db: Database) throws {
        guard let kind = GarageSync.kind(of: change.entity) else { return }
        try outbox.enqueue(
            [
                SyncPendingChange(
                    id: SyncRecordID(recordType: kind.recordType, recordName: change.id.uuidString.lowercased()),
                    isDeletion: change.kind == .delete,
                    changedAt: change.modifiedAt
                )
            ], in: db)
    }
}
