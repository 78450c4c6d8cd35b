public import GRDB
public import HearthStore
import HearthSync

/// Finance's own sync bookkeeping: how the last sync of this database went (the `financeSyncStatus` table a
/// ``FinanceSync/service(store:engine:server:now:)`` keeps). Local to the device, never synced. The engine's
/// own tables come from `SyncSchema`.
public enum FinanceSyncSchema: DatabaseSchema {
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("finance.sync.v1") { db in
            try SyncServiceConfiguration.createStatusTable(FinanceSync.serviceConfiguration.statusTable, in: db)
        }
    }
}
