public import GRDB
public import HearthStore

/// The sync engine's tables, kept in the app's own database so that a domain write and the pending change
/// it makes commit in one transaction. Add it to the app's schemas:
///
/// ```swift
/// let database = try AppDatabase.open(at: url, schemas: [FinanceSchema.self, SyncSchema.self])
/// ```
///
/// | table | holds |
/// |---|---|
/// | `syncState` | device id, signed-in account, database tokens, subscriptions and zones made |
/// | `syncSignal` | a counter every enqueue bumps, which a running engine watches |
/// | `syncZone` | each zone's changes token, and whether a full refetch is under way |
/// | `syncRecord` | each record's server change tag and, where the conflict policy needs it, its last synced version (the ancestor) |
/// | `syncOutbox` | pending local changes, one per record, with per-field change times, retry state and errors |
/// | `syncDeferred` | fetched changes the app could not apply yet, retried after every fetch |
public enum SyncSchema: DatabaseSchema {
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("sync.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE syncState (
                        key TEXT PRIMARY KEY NOT NULL,
                        value TEXT NOT NULL
                    ) WITHOUT ROWID;

                    CREATE TABLE syncSignal (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        counter INTEGER NOT NULL
                    );
                    INSERT INTO syncSignal (id, counter) VALUES (1, 0);

                    CREATE TABLE syncZone (
                        scope TEXT NOT NULL,
                        zoneName TEXT NOT NULL,
                        zoneOwner TEXT NOT NULL,
                        token TEXT,
                        refetchGeneration INTEGER,
                        PRIMARY KEY (scope, zoneName, zoneOwner)
                    ) WITHOUT ROWID;

                    CREATE TABLE syncRecord (
                        scope TEXT NOT NULL,
                        zoneName TEXT NOT NULL,
                        zoneOwner TEXT NOT NULL,
                        recordName TEXT NOT NULL,
                        recordType TEXT NOT NULL,
                        changeTag TEXT,
                        ancestor BLOB,
                        generation INTEGER NOT NULL DEFAULT 0,
                        PRIMARY KEY (scope, zoneName, zoneOwner, recordName)
                    ) WITHOUT ROWID;
                    CREATE INDEX syncRecord_name ON syncRecord(recordName);

                    CREATE TABLE syncOutbox (
                        scope TEXT NOT NULL,
                        zoneName TEXT NOT NULL,
                        zoneOwner TEXT NOT NULL,
                        recordName TEXT NOT NULL,
                        seq INTEGER NOT NULL UNIQUE,
                        recordType TEXT NOT NULL,
                        isDeletion INTEGER NOT NULL,
                        changedAt INTEGER NOT NULL,
                        fieldTimes TEXT,
                        snapshot BLOB,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        notBefore INTEGER NOT NULL DEFAULT 0,
                        parked INTEGER NOT NULL DEFAULT 0,
                        lastError TEXT,
                        PRIMARY KEY (scope, zoneName, zoneOwner, recordName)
                    ) WITHOUT ROWID;
                    CREATE INDEX syncOutbox_name ON syncOutbox(recordName);

                    CREATE TABLE syncDeferred (
                        scope TEXT NOT NULL,
                        zoneName TEXT NOT NULL,
                        zoneOwner TEXT NOT NULL,
                        recordName TEXT NOT NULL,
                        recordType TEXT NOT NULL,
                        record BLOB,
                        reason TEXT NOT NULL,
                        UNIQUE (scope, zoneName, zoneOwner, recordName)
                    );
                    """)
        }
        // Records by row id, found through a unique index on the name: a first sync appends each record
        // (with its ancestor, hundreds of bytes) at the end of the table instead of splitting pages all
        // over a table ordered by name, which had made every page of changes rewrite about a thousand
        // database pages. The name leads the unique index, which also serves lookups by name alone.
        migrator.registerMigration("sync.v2.recordsByRow") { db in
            try db.execute(
                sql: """
                    CREATE TABLE syncRecordByRow (
                        scope TEXT NOT NULL,
                        zoneName TEXT NOT NULL,
                        zoneOwner TEXT NOT NULL,
                        recordName TEXT NOT NULL,
                        recordType TEXT NOT NULL,
                        changeTag TEXT,
                        ancestor BLOB,
                        generation INTEGER NOT NULL DEFAULT 0,
                        UNIQUE (recordName, scope, zoneName, zoneOwner)
                    );
                    INSERT INTO syncRecordByRow (scope, zoneName, zoneOwner, recordName, recordType, changeTag, ancestor, generation)
                        SELECT scope, zoneName, zoneOwner, recordName, recordType, changeTag, ancestor, generation FROM syncRecord;
                    DROP TABLE syncRecord;
                    ALTER TABLE syncRecordByRow RENAME TO syncRecord;
                    CREATE INDEX syncRecord_zone ON syncRecord(scope, zoneName, zoneOwner);
                    """)
        }
    }
}
