import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthStore
import HearthSync

/// A small local-first domain for the engine's tests: items of a few record types, each type with its
/// own conflict policy.
///
/// | record type | policy |
/// |---|---|
/// | `Note` | field-level last writer wins (the default) |
/// | `Memo` | server wins |
/// | `Draft` | client wins |
/// | `Tally` | custom merge: adds both sides' changes to `count` |
enum NotesSchema: DatabaseSchema {
    static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("notes.v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE item (
                        id TEXT PRIMARY KEY NOT NULL,
                        type TEXT NOT NULL,
                        title TEXT NOT NULL DEFAULT '',
                        body TEXT NOT NULL DEFAULT '',
                        count INTEGER NOT NULL DEFAULT 0
                    );
                    """)
        }
    }
}

struct Item: Equatable, Sendable, Hashable {
    var id: String
    var type: String = "Note"
    var title: String = ""
    var body: String = ""
    var count: Int64 = 0

    init(
        id: String = UUID().uuidString.lowercased(), type: String = "Note", title: String = "", body: String = "",
        count: Int64 = 0
    ) {
        self.id = id
        self.type = type
        self.title = title
        self.body = body
        self.count = count
    }

    init(row: Row) {
        id = row["id"]
        type = row["type"]
        title = row["title"]
        body = row["body"]
        count = row["count"]
    }

    var recordID: SyncRecordID { SyncRecordID(recordType: type, recordName: id) }

    func upsert(_ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO item (id, type, title, body, count) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET type = excluded.type, title = excluded.title, body = excluded.body, count = excluded.count
                """, arguments: [id, type, title, body, count])
    }
}

/// Turns items into records and back.
struct NotesDelegate: SyncDelegate {
    /// Every merge the `Tally` policy was asked for.
    let merges = Locked<[SyncConflict]>([])

    func record(for id: SyncRecordID, in db: Database) throws -> CloudRecord? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM item WHERE id = ?", arguments: [id.recordName]) else {
            return nil
        }
        let item = Item(row: row)
        return CloudRecord(
            recordName: item.id, recordType: item.type,
            fields: [
                "title": .string(item.title), "body": .string(item.body), "count": .int64(item.count),
            ])
    }

    func saveFetchedRecord(_ record: CloudRecord, in db: Database) throws {
        func string(_ name: String) throws -> String {
            switch record.fields[name] {
            case .string(let value)?: return value
            case nil: return ""
            case let other?:
                throw ServiceError.validationFailed(
                    "Field \(name) of \(record.recordName) is a \(other.typeName), not a STRING.")
            }
        }
        var count: Int64 = 0
        if case .int64(let value)? = record.fields["count"] { count = value }
        try Item(
            id: record.recordName, type: record.recordType, title: string("title"), body: string("body"), count: count
        ).upsert(db)
    }

    func deleteFetchedRecord(_ id: SyncRecordID, in db: Database) throws {
        try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [id.recordName])
    }

    func allRecordIDs(in db: Database) throws -> [SyncRecordID] {
        try Row.fetchAll(db, sql: "SELECT id, type FROM item ORDER BY id").map {
            SyncRecordID(recordType: $0["type"], recordName: $0["id"])
        }
    }

    func configuration(
        zones: [String] = ["notes"], shared: Bool = false, debounce: Duration = .milliseconds(20),
        maxBatchSize: Int = 400
    ) -> SyncConfiguration {
        let merges = self.merges
        return SyncConfiguration(
            zones: zones,
            includesSharedDatabase: shared,
            conflictPolicies: [
                "Memo": .serverWins,
                "Draft": .clientWins,
                "Tally": .merge { conflict in
                    merges.withLock { $0.append(conflict) }
                    func count(_ record: CloudRecord?) -> Int64 {
                        if case .int64(let value)? = record?.fields["count"] { return value }
                        return 0
                    }
                    var fields = conflict.server.fields
                    let base = count(conflict.ancestor)
                    fields["count"] = .int64(base + (count(conflict.client) - base) + (count(conflict.server) - base))
                    return fields
                },
            ],
            maxBatchSize: maxBatchSize,
            sendDebounce: debounce,
            retryBase: .milliseconds(200),
            retryCeiling: .seconds(5)
        )
    }
}

/// The items store: its one write path queues each change in the outbox inside the same transaction.
struct NotesStore: Sendable {
    let database: AppDatabase
    let outbox: SyncOutbox

    func save(_ item: Item, at date: Date = Date(), zone: SyncZone? = nil) async throws {
        let outbox = self.outbox
        try await database.write { db in
            try item.upsert(db)
            try outbox.enqueue([.save(item.recordID, at: date, zone: zone)], in: db)
        }
    }

    func delete(_ id: String, at date: Date = Date()) async throws {
        let outbox = self.outbox
        try await database.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM item WHERE id = ?", arguments: [id]) else {
                return
            }
            try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [id])
            try outbox.enqueue([.deletion(Item(row: row).recordID, at: date)], in: db)
        }
    }

    func items() async throws -> [Item] {
        try await database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM item ORDER BY id").map(Item.init(row:))
        }
    }

    func item(_ id: String) async throws -> Item? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM item WHERE id = ?", arguments: [id]).map(Item.init(row:))
        }
    }
}
