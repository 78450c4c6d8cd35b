public import GRDB
public import HearthStore

/// Health's own sync bookkeeping, local to the device and never synced: how the last sync went (so
/// `hearth health sync status` can say so later) and the sharing debug log. The engine's tables come from
/// `SyncSchema`.
///
/// | table | holds |
/// |---|---|
/// | `healthSyncStatus` | the state, message, server and times of the last sync |
/// | `healthDebugLog` | the newest lines of the sharing debug log, oldest first by `seq` |
/// | `healthDebugState` | what the debug log remembers: the last error and the last share link |
///
/// ```swift
/// let database = try AppDatabase.open(at: url, schemas: HealthSync.schemas)
/// ```
public enum HealthSyncSchema: DatabaseSchema {
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("health.sync.v1") { db in
            try db.create(table: "healthSyncStatus") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("state", .text).notNull()
                t.column("message", .text)
                t.column("server", .text)
                t.column("attemptedAt", .datetime).notNull()
                t.column("syncedAt", .datetime)
            }
            try db.create(table: "healthDebugLog") { t in
                t.autoIncrementedPrimaryKey("seq")
                t.column("line", .text).notNull()
            }
            try db.create(table: "healthDebugState") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
    }
}
