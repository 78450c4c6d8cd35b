import Foundation
import GRDB
import HearthCloudModel
import HearthStore
import Testing

@testable import HearthSync

/// The engine's tables across schema versions, and the page-wide lookups it makes in them.
@Suite struct SyncSchemaTests {
    private let zone = SyncZone.private("notes")

    @Test func recordsKeptBeforeTheyWereStoredByRowAreAllThereAfter() throws {
        let queue = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        SyncSchema.registerMigrations(in: &migrator)
        try migrator.migrate(queue, upTo: "sync.v1")
        let ancestor = CloudRecord(
            recordName: "a", recordType: "Note", fields: ["title": .string("first")], recordChangeTag: "t1")
        try queue.write { db in
            try SyncTables.saveMeta(
                RecordMeta(zone: zone, recordName: "a", recordType: "Note", changeTag: "t1", ancestor: ancestor),
                generation: 3, in: db)
            try SyncTables.saveMeta(
                RecordMeta(zone: .private("other"), recordName: "b", recordType: "Memo", changeTag: nil, ancestor: nil),
                generation: nil, in: db)
        }

        try migrator.migrate(queue)
        try queue.read { db in
            let meta = try #require(try SyncTables.meta(zone, "a", in: db))
            #expect(meta.recordType == "Note")
            #expect(meta.changeTag == "t1")
            #expect(meta.ancestor == ancestor)
            #expect(try SyncTables.unseen(zone, generation: 4, in: db).map(\.recordName) == ["a"])
            #expect(try SyncTables.unseen(zone, generation: 3, in: db).isEmpty)
            #expect(try SyncTables.knownZone(ofRecord: "b", in: db) == .private("other"))
            #expect(try SyncTables.records(in: .private("other"), db: db).map(\.recordName) == ["b"])
        }
        // Saving a record again updates its row.
        try queue.write { db in
            try SyncTables.saveMeta(
                RecordMeta(zone: zone, recordName: "a", recordType: "Note", changeTag: "t2", ancestor: nil),
                generation: nil, in: db)
            #expect(try SyncTables.meta(zone, "a", in: db)?.changeTag == "t2")
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM syncRecord") == 2)
        }
    }

    @Test func lookupsByNameAndByZoneUseTheIndexes() throws {
        let database = try AppDatabase.inMemory(schemas: [SyncSchema.self])
        try database.writer.read { db throws in
            func plan(_ sql: String) throws -> String {
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(
                    separator: "; ")
            }
            #expect(
                try plan(
                    "SELECT * FROM syncRecord WHERE scope = 'private' AND zoneName = 'notes' AND zoneOwner = '' AND recordName = 'a'"
                ).contains("USING INDEX"))
            #expect(try plan("SELECT * FROM syncRecord WHERE recordName = 'a'").contains("USING INDEX"))
            #expect(
                try plan(
                    "SELECT recordName FROM syncRecord WHERE scope = 'private' AND zoneName = 'notes' AND zoneOwner = ''"
                ).contains("syncRecord_zone"))
        }
    }

    @Test func aPageIsCheckedAgainstTheRecordsAndChangesTheDeviceKnows() throws {
        let database = try AppDatabase.inMemory(schemas: [SyncSchema.self])
        try database.writer.write { db in
            try SyncTables.saveMeta(
                RecordMeta(zone: zone, recordName: "synced", recordType: "Note", changeTag: "t", ancestor: nil),
                generation: nil, in: db)
            try SyncTables.saveMeta(
                RecordMeta(
                    zone: .private("other"), recordName: "elsewhere", recordType: "Note", changeTag: "t", ancestor: nil),
                generation: nil, in: db)
            try db.execute(
                sql: """
                    INSERT INTO syncOutbox (scope, zoneName, zoneOwner, recordName, seq, recordType, isDeletion, changedAt)
                    VALUES (?, ?, ?, 'edited', 1, 'Note', 0, 0)
                    """, arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey])

            var known = try KnownRecords(["synced", "edited", "elsewhere", "new \"one\""], zone: zone, in: db)
            #expect(known.mayBeSynced("synced"))
            #expect(!known.mayBePending("synced"))
            #expect(known.mayBePending("edited"))
            #expect(!known.mayBeSynced("edited"))
            #expect(!known.mayBeSynced("elsewhere"), "a record of another zone is not this zone's")
            #expect(!known.mayBeSynced("new \"one\"") && !known.mayBePending("new \"one\""))
            known.didApply("new \"one\"")
            #expect(
                known.mayBeSynced("new \"one\"") && known.mayBePending("new \"one\""),
                "a record applied earlier in the page is looked up again")
        }
    }
}
