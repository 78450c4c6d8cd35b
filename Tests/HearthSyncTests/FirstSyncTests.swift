import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthSync

/// A new device's first sync, page by page: each page applied at once in its own transaction, with the
/// page after it fetched meanwhile.
@Suite(.serialized, .timeLimit(.minutes(10))) struct FirstSyncTests {
    /// A device whose engine fetches `pageSize` records a page.
    private func device(_ server: LiveServer, email: String, pageSize: Int) async throws -> Device {
        try await Device.make(
            server, email: email,
            configure: { delegate in
                var configuration = delegate.configuration()
                configuration.fetchPageSize = pageSize
                return configuration
            })
    }

    /// A phone that uploaded `names`, in that order, as notes titled with their names.
    private func phone(_ server: LiveServer, email: String, names: [String]) async throws -> Device {
        let phone = try await Device.make(server, email: email, signUp: true)
        try await phone.engine.sync()
        for name in names { try await phone.store.save(Item(id: name, title: name)) }
        let sent = try await phone.engine.sync()
        #expect(sent.sentSaves == names.count)
        return phone
    }

    @Test func aPageThatFailsHalfwayAppliesNothingAndTheNextSyncResumesAfterTheLastPageApplied() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail()
        let names = ["p1-a", "p1-b", "p2-a", "p2-b", "p3-a", "p3-b"]
        let phone = try await phone(server, email: email, names: names)
        let laptop = try await device(server, email: email, pageSize: 2)
        // The second record of the second page cannot be recorded: the page's transaction fails after its
        // first record went in.
        try await laptop.database.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER failingDisk BEFORE INSERT ON syncRecord WHEN NEW.recordName = 'p2-b'
                    BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END
                    """)
        }

        await #expect(throws: DatabaseError.self) { try await laptop.engine.sync() }
        #expect(try await laptop.items().map(\.id) == ["p1-a", "p1-b"])
        let zone = SyncZone.private("notes")
        let state = try await laptop.database.read { db in
            (try SyncTables.zoneToken(zone, in: db), try SyncTables.meta(zone, "p2-a", in: db))
        }
        #expect(state.0?.token != nil, "the first page's token was saved with it")
        #expect(state.1 == nil, "nothing of the failed page was kept")

        try await laptop.database.write { db in try db.execute(sql: "DROP TRIGGER failingDisk") }
        let resumed = try await laptop.engine.sync()
        #expect(resumed.receivedSaves == 4, "the sync goes on from the last page applied")
        #expect(resumed.problems.isEmpty)
        #expect(try await laptop.items().map(\.id) == names)
        #expect(try await sameItems(phone, laptop))
        #expect(laptop.engine.currentStatus == .synced)
    }

    @Test func aRecordTheAppRefusesMidPageIsKeptAsideAndEveryOtherOneAppliedOnce() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail()
        let phone = try await phone(server, email: email, names: ["g1", "g2", "g3", "g4"])
        // Another client adds a record the app cannot read, then two good ones: the second page holds the
        // refused record between two good ones.
        let zone = CloudZoneID(zoneName: "notes")
        _ = try await phone.client.privateDatabase.modifyRecords(
            CloudRecordsModifyRequest(
                zoneID: zone,
                operations: [
                    CloudRecordOperation(
                        operationType: .create,
                        record: CloudRecord(recordName: "bad", recordType: "Note", fields: ["title": .int64(5)])),
                    CloudRecordOperation(
                        operationType: .create,
                        record: CloudRecord(recordName: "g5", recordType: "Note", fields: ["title": .string("g5")])),
                    CloudRecordOperation(
                        operationType: .create,
                        record: CloudRecord(recordName: "g6", recordType: "Note", fields: ["title": .string("g6")])),
                ]))

        let laptop = try await device(server, email: email, pageSize: 3)
        let events = laptop.engine.events()
        let report = try await laptop.engine.sync()
        #expect(try await laptop.items().map(\.id) == ["g1", "g2", "g3", "g4", "g5", "g6"])
        #expect(report.receivedSaves == 6)
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.contains("bad") == true)

        // The page that was rolled back and applied again record by record announced each record once.
        let announced = try await names(in: events, until: { $0.saved.count >= 6 && !$0.failed.isEmpty })
        #expect(announced.saved == ["g1", "g2", "g3", "g4", "g5", "g6"])
        #expect(announced.failed == ["bad"])
    }

    /// The records named by `fetched` and `failed` events, until `done` holds of them (``WaitTimedOut`` after 30 s).
    private func names(
        in events: AsyncStream<SyncEvent>, until done: @escaping @Sendable ((saved: [String], failed: [String])) -> Bool
    ) async throws -> (saved: [String], failed: [String]) {
        let names = Locked<(saved: [String], failed: [String])>(([], []))
        let found = try await firstElement("the events name the records awaited", of: events) {
            event -> (saved: [String], failed: [String])? in
            let seen = names.withLock { names in
                switch event {
                case .fetched(_, let records, _): names.saved += records.map(\.recordName)
                case .failed(let id, _): names.failed.append(id.recordName)
                default: break
                }
                return names
            }
            return done(seen) ? seen : nil
        }
        return found ?? names.current
    }

    @Test func aFetchOfManyPagesPutsTheConnectionSettingsBack() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail()
        let names = (1...7).map { "n\($0)" }
        _ = try await phone(server, email: email, names: names)
        let folder = scratchDirectory("hearth-first-sync")
        defer { try? FileManager.default.removeItem(at: folder) }
        let laptop = try await Device.make(
            server, email: email,
            configure: { delegate in
                var configuration = delegate.configuration()
                configuration.fetchPageSize = 2
                return configuration
            }, databaseURL: folder.appendingPathComponent("laptop.sqlite"))
        func settings() async throws -> [Int] {
            try await laptop.database.writer.writeWithoutTransaction { db in
                [
                    try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0,
                    try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") ?? 0,
                ]
            }
        }
        let before = try await settings()

        let report = try await laptop.engine.sync()
        #expect(report.receivedSaves == names.count)
        #expect(try await laptop.items().map(\.id) == names)
        #expect(try await settings() == before)
        #expect(before != [BulkApplySettings.bulkCacheSize, BulkApplySettings.bulkAutocheckpoint])
    }
}
