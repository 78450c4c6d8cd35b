public import GRDB
public import HearthStore

/// The garage's own sync bookkeeping: how the last sync of this database went, so `hearth garage sync status`
/// can say so later, and what the user may do with the vehicles others shared with them
/// (`garageShareAccess`, kept by ``GarageSharing/refreshAccess()``). Local to the device, never synced. The engine's own tables come from `SyncSchema`.
///
/// ```swift
/// let database = try AppDatabase.open(at: url, schemas: GarageSync.schemas)
/// ```
public enum GarageSyncSchema: DatabaseSchema {
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("garage.sync.v1") { db in
            try db.create(table: "garageSyncStatus") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("state", .text).notNull()
                t.column("message", .text)
                t.column("server", .text)
                t.column("attemptedAt", .datetime).notNull()
                t.column("syncedAt", .datetime)
            }
        }
        migrator.registerMigration("garage.shares.v1") { db in
            try db.create(table: "garageShareAccess") { t in
                t.primaryKey("vehicle", .text)
                t.column("owner", .text).notNull()
                t.column("permission", .text).notNull()
            }
        }
    }
}
