import GRDB
import HearthStore

/// The write connection's settings while a fetch of many pages is applied, and the ones to put back.
///
/// Each page's transaction inserts into indexes in random places (record names are random), so it dirties
/// hundreds of database pages, more as the tables grow. With SQLite's default 2 MiB page cache the indexes
/// of a large zone no longer fit and are read back from the file page after page; with the default
/// checkpoint every 1,000 WAL pages, every second or third commit is followed by a checkpoint that copies it
/// into the database and syncs the file. While many pages are applied, the cache is 8 MiB and the WAL is
/// checkpointed every 4,000 pages (16 MiB), so that an index page rewritten by consecutive commits is
/// copied once. Memory stays bounded by the cache and the WAL by the checkpoint interval, whatever the
/// number of records; the usual settings come back when the fetch ends.
struct BulkApplySettings: Sendable {
    /// The cache size in force before, as `PRAGMA cache_size` reads it.
    let cacheSize: Int
    /// The checkpoint interval in force before, in WAL pages.
    let autocheckpoint: Int

    static let bulkCacheSize = -8_192
    static let bulkAutocheckpoint = 4_000

    /// Switches the write connection of `database` to the bulk settings; returns the ones to put back.
    static func enable(on database: AppDatabase) async throws -> BulkApplySettings {
        try await database.writer.writeWithoutTransaction { db in
            let previous = BulkApplySettings(
                cacheSize: try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000,
                autocheckpoint: try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") ?? 1000)
            try db.execute(sql: "PRAGMA cache_size = \(bulkCacheSize)")
            _ = try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint = \(bulkAutocheckpoint)")
            return previous
        }
    }

    /// Puts these settings back on the write connection of `database` and folds the WAL into the database
    /// as far as readers allow (a passive checkpoint, which never waits).
    func restore(on database: AppDatabase) async throws {
        try await database.writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA cache_size = \(cacheSize)")
            _ = try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint = \(autocheckpoint)")
            _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)")
        }
    }
}
