import Foundation
public import GRDB
import HearthCore
public import HearthSync

/// Queues every garage change in a ``HearthSync/SyncOutbox``, inside the store's write transaction.
///
/// A record that belongs to a vehicle names it as its parent, so one added to a vehicle another user shared
/// goes to their zone. A change to a vehicle shared with this user read-only is refused here, before anything
/// is written (the transaction rolls back), with the owner to ask. Changes to entities that do not sync
/// (none today) are ignored. Before sync is first turned on, and while the engine applies changes from the
/// server, the outbox queues nothing.
public struct GarageOutboxRecorder: GarageChangeRecorder {
    public let outbox: SyncOutbox

    public init(outbox: SyncOutbox) {
        self.outbox = outbox
    }

    public func record(_ change: GarageChange, in db: Database) throws {
        guard let kind = GarageSync.kind(of: change.entity) else { return }
        let name = change.id.uuidString.lowercased()
        let vehicle: String? =
            kind.belongsToVehicle
            ? try UUID.fetchOne(
                db.cachedStatement(sql: "SELECT vehicleID FROM \(kind.table.quotedDatabaseIdentifier) WHERE id = ?"),
                arguments: [change.id]
            )?.uuidString.lowercased()
            : change.entity == .vehicle ? name : nil
        if let vehicle {
            try GarageShareAccess.checkWritable(vehicle: vehicle, in: db)
        } else if change.kind == .delete {
            // The row is gone, and its vehicle with it: judge by the zone the record was fetched from.
            try GarageShareAccess.checkWritable(record: name, in: db)
        }
        try outbox.enqueue(
            [
                SyncPendingChange(
                    id: SyncRecordID(recordType: kind.recordType, recordName: name),
                    isDeletion: change.kind == .delete, changedAt: change.modifiedAt,
                    parent: kind.belongsToVehicle ? vehicle : nil)
            ], in: db)
    }
}
