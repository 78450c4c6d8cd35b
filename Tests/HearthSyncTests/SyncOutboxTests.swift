import Foundation
import GRDB
import HearthCloudModel
import HearthStore
import Testing

@testable import HearthSync

@Suite struct SyncOutboxTests {
    struct Refused: Error {}

    func makeStore() throws -> (NotesStore, SyncOutbox, AppDatabase) {
        let database = try AppDatabase.inMemory(schemas: [NotesSchema.self, SyncSchema.self])
        let delegate = NotesDelegate()
        let outbox = SyncOutbox(configuration: delegate.configuration(), delegate: delegate)
        return (NotesStore(database: database, outbox: outbox), outbox, database)
    }

    func enable(_ database: AppDatabase) async throws {
        try await database.write { db in try SyncTables.setState("enabled", "1", in: db) }
    }

    func entries(_ database: AppDatabase) async throws -> [OutboxEntry] {
        try await database.read { db in try SyncTables.readyEntries(now: .max, limit: 1000, in: db) }
    }

    @Test func queuesNothingBeforeSyncIsTurnedOn() async throws {
        let (store, _, database) = try makeStore()
        try await store.save(Item(title: "before"))
        #expect(try await entries(database).isEmpty)
        try await enable(database)
        try await store.save(Item(title: "after"))
        #expect(try await entries(database).count == 1)
    }

    @Test func theChangeCommitsOrRollsBackWithTheRow() async throws {
        let (_, outbox, database) = try makeStore()
        try await enable(database)
        let item = Item(title: "lost")
        await #expect(throws: Refused.self) {
            try await database.write { db in
                try item.upsert(db)
                try outbox.enqueue([.save(item.recordID, at: Date())], in: db)
                throw Refused()
            }
        }
        #expect(try await entries(database).isEmpty)
        #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") } == 0)
    }

    @Test func laterEditsUpdateTheOneEntryAndStampOnlyChangedFields() async throws {
        let (store, _, database) = try makeStore()
        try await enable(database)
        var item = Item(title: "t", body: "b")
        try await store.save(item, at: Date(timeIntervalSince1970: 1000))
        var all = try await entries(database)
        #expect(all.count == 1)
        // A record the server has never seen: every field is new (stamped with the entry's time when sent).
        #expect(all[0].fieldTimes == [:])
        #expect(all[0].snapshot == nil)

        // Once the server has it (its version is the ancestor), each edit stamps only the fields it changed.
        let saved = item
        let synced = try #require(
            try await database.read { db in try NotesDelegate().record(for: saved.recordID, in: db) })
        try await database.write { db in
            var ancestor = synced
            ancestor.recordChangeTag = "1"
            try SyncTables.saveMeta(
                RecordMeta(
                    zone: .private("notes"), recordName: saved.id, recordType: "Note", changeTag: "1",
                    ancestor: ancestor), generation: nil, in: db)
            try SyncTables.removeEntry(.private("notes"), saved.id, ifSeq: nil, in: db)
        }
        item.body = "b2"
        try await store.save(item, at: Date(timeIntervalSince1970: 2000))
        all = try await entries(database)
        #expect(all.count == 1)
        let firstSeq = all[0].seq
        #expect(all[0].fieldTimes == ["body": 2_000_000])

        item.title = "t2"
        try await store.save(item, at: Date(timeIntervalSince1970: 3000))
        all = try await entries(database)
        #expect(all.count == 1)
        #expect(all[0].seq > firstSeq)
        #expect(all[0].fieldTimes == ["body": 2_000_000, "title": 3_000_000])

        // Saving the same values again changes no time.
        try await store.save(item, at: Date(timeIntervalSince1970: 4000))
        #expect(try await entries(database)[0].fieldTimes == ["body": 2_000_000, "title": 3_000_000])

        try await store.delete(item.id)
        all = try await entries(database)
        #expect(all.count == 1)
        #expect(all[0].isDeletion)
        #expect(try await SyncOutbox.pendingCountAsync(database) == 1)
    }

    @Test func changesAppliedFromTheServerAreNotQueued() async throws {
        let (_, outbox, database) = try makeStore()
        try await enable(database)
        let item = Item(title: "from the server")
        try await database.write { db in
            try outbox.applyingChanges(on: db) {
                try item.upsert(db)
                try outbox.enqueue([.save(item.recordID, at: Date())], in: db)
                // Nested application (retrying kept-aside changes) keeps queueing off.
                outbox.applyingChanges(on: db) {}
                try outbox.enqueue([.save(item.recordID, at: Date())], in: db)
            }
        }
        #expect(try await entries(database).isEmpty)
        // Outside the engine's application, the same write is queued.
        try await database.write { db in try outbox.enqueue([.save(item.recordID, at: Date())], in: db) }
        #expect(try await entries(database).count == 1)
    }

    @Test func sequenceNumbersAreUniqueAndIncreasing() async throws {
        let (store, _, database) = try makeStore()
        try await enable(database)
        for index in 0..<20 { try await store.save(Item(id: "item-\(index)", title: "\(index)")) }
        // The outbox hands entries out by sequence number, so their order must be the order of the saves.
        let queued = try await entries(database)
        #expect(queued.map(\.recordName) == (0..<20).map { "item-\($0)" })
        #expect(Set(queued.map(\.seq)).count == 20)
    }
}

extension SyncOutbox {
    static func pendingCountAsync(_ database: AppDatabase) async throws -> Int {
        try await database.read { db in try SyncOutbox.pendingCount(in: db) }
    }
}
