import Foundation
import HearthCloudModel
import HearthCore
import Testing

@testable import HearthCloud

/// Batches in one's own zone on PostgreSQL are read in one statement and written in one more, without a lock
/// held in between, when the owner's change counter has not moved; batches of new records in a zone the process
/// has seen skip the read. These tests hold both databases to the same outcomes, and PostgreSQL to its
/// statement counts.
/// How many statements `body` sent to `store`'s database.
private func statementCost(_ store: SQLRecordStore, _ body: () async throws -> Void) async rethrows -> Int {
    let before = store.database.statements.value
    try await body()
    return store.database.statements.value - before
}

@Suite("Record batches written without a lock", .timeLimit(.minutes(10)))
struct UnlockedModifyTests {
    @Test(
        "new records, updates with their tags, and references cost a read and a write on PostgreSQL, or one statement without the read",
        arguments: StoreKind.allCases)
    func twoStatements(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")

            var created: [CloudRecord] = []
            let creating = try await statementCost(store) {
                created = try await save(store, alice, (0..<10).map { CloudRecord.note("n\($0)") })
            }
            #expect(created.count == 10)
            var update = CloudRecord.note("n3", title: "edited")
            update.recordChangeTag = created[3].recordChangeTag
            let updating = try await statementCost(store) { _ = try await save(store, alice, [update], type: .update) }
            // A reference that deletes its source with its target, added to a stored record.
            let linking = try await statementCost(store) {
                _ = try await save(
                    store, alice,
                    [.note("n4", extra: ["owner": .reference(CloudReference(recordName: "n5", action: .deleteSelf))])],
                    type: .forceUpdate)
            }
            if kind == .postgres {
                #expect(creating == 2)
                #expect(updating == 2)
            }
            // Saving again a record that gains a reference takes the locked way (its old references go first),
            // and the reference is kept: deleting its target deletes it.
            #expect(linking > 2 || kind == .sqlite)
            _ = try await save(store, alice, [.note("n5")], type: .forceDelete)
            #expect(try await lookup(store, alice, ["n4"])[0].error?.serverErrorCode == .notFound)

            // New records, one with a reference to the other. The deletion went the locked way, which left no
            // snapshot of the zone behind: a read and a write.
            let pair = [
                CloudRecord.note("m6"),
                .note("m7", extra: ["owner": .reference(CloudReference(recordName: "m6", action: .deleteSelf))]),
            ]
            let adding = try await statementCost(store) { _ = try await save(store, alice, pair) }
            // The next pair needs no read: one statement checks that neither exists and writes the rows and the reference.
            let addingAgain = try await statementCost(store) {
                _ = try await save(
                    store, alice,
                    [
                        .note("k6"),
                        .note(
                            "k7", extra: ["owner": .reference(CloudReference(recordName: "k6", action: .deleteSelf))]),
                    ])
            }
            if kind == .postgres {
                #expect(adding == 2)
                #expect(addingAgain == 1)
            }
            _ = try await save(store, alice, [.note("k6")], type: .forceDelete)
            #expect(try await lookup(store, alice, ["k7"])[0].error?.serverErrorCode == .notFound)
            // Saved again without it, the reference is gone: deleting the target leaves the record.
            let dropping = try await statementCost(store) {
                _ = try await save(store, alice, [.note("m7", title: "unlinked")], type: .forceReplace)
            }
            if kind == .postgres { #expect(dropping == 2) }
            _ = try await save(store, alice, [.note("m6")], type: .forceDelete)
            #expect(try await lookup(store, alice, ["m7"])[0].item?.fields["title"] == .string("unlinked"))

            // A stale tag is a conflict, answered from the read alone; nothing is written.
            let conflict = await cloudError { try await save(store, alice, [update], type: .update) }
            #expect(conflict?.serverErrorCode == .conflict)
            #expect(conflict?.serverRecord?.fields["title"] == .string("edited"))

            // The feed holds every change once, in order of distinct sequence numbers.
            let changes = try await store.recordChanges(
                alice, scope: .private, request: CloudRecordChangesRequest(resultsLimit: 1000))
            #expect(
                Set(changes.records.map(\.recordName)) == Set(["n0", "n1", "n2", "n3", "n6", "n7", "n8", "n9", "m7"]))
            #expect(Set(changes.records.compactMap(\.recordChangeTag)).count == changes.records.count)
        }
    }

    @Test(
        "batches of one user racing each other: every answered write is kept, merged updates lose nothing, one event each",
        arguments: StoreKind.allCases)
    func racingBatches(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            // Subscribed before the tally is made, and its event taken first: on PostgreSQL events arrive through
            // the database's channel, so one subscribed after the save could still see it among the racers'.
            let events = store.events.subscribe()
            var iterator = events.makeAsyncIterator()
            try await save(store, alice, [CloudRecord(recordName: "tally", recordType: "Note", fields: [:])])
            let made = try #require(await iterator.next())
            #expect(made.zones.flatMap { $0.recordNames ?? [] } == ["tally"])
            let before = store.database.statements.value
            let racers = 24
            // Each batch adds records of its own and merges a field of its own into one shared record: a batch
            // written from a stale read would put back the tally without the fields of the batches before it.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for racer in 0..<racers {
                    group.addTask {
                        let tally = CloudRecord(
                            recordName: "tally", recordType: "Note", fields: ["by\(racer)": .int64(Int64(racer))])
                        let response = try await store.modifyRecords(
                            alice, scope: .private,
                            request: CloudRecordsModifyRequest(
                                operations: (0..<5).map { op(.create, .note("r\(racer)-\($0)")) } + [
                                    op(.forceUpdate, tally)
                                ]))
                        for result in response.records { if let error = result.error { throw error } }
                    }
                }
                try await group.waitForAll()
            }
            let tally = try #require(try await lookup(store, alice, ["tally"])[0].item)
            #expect(
                tally.fields.count == racers,
                "fields lost by a batch written from a stale read: \(racers - tally.fields.count)")
            let changes = try await store.recordChanges(
                alice, scope: .private, request: CloudRecordChangesRequest(resultsLimit: 1000))
            #expect(changes.records.count == racers * 5 + 1)

            // One change event per batch, each naming its own records.
            var named: [String] = []
            for _ in 0..<racers {
                let event = try #require(await iterator.next())
                named += event.zones.flatMap { $0.recordNames ?? [] }
            }
            #expect(named.filter { $0 != "tally" }.count == racers * 5)
            #expect(named.filter { $0 == "tally" }.count == racers)
            if kind == .postgres {
                // Batches that read while another one wrote found the counter moved and went the locked way.
                #expect(store.database.statements.value - before > racers * 2)
            }
        }
    }

    @Test(
        "new records in a zone seen before cost one statement; a wrong claim or a snapshot another process made stale costs a read and loses nothing",
        arguments: StoreKind.allCases)
    func newRecordsWithoutARead(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            let counter = store.database.statements
            let first = try await statementCost(store) {
                _ = try await save(store, alice, (0..<5).map { CloudRecord.note("a\($0)") })
            }
            let second = try await statementCost(store) {
                _ = try await save(store, alice, (0..<5).map { CloudRecord.note("b\($0)") })
            }
            // Replaced without a change tag, the sender says the record is new too.
            let replacing = try await statementCost(store) {
                _ = try await save(store, alice, [.note("c0")], type: .replace)
            }
            if kind == .postgres {
                #expect(first == 2)
                #expect(second == 1)
                #expect(replacing == 1)
            }

            // A create of a record that exists: the guarded write finds it and writes nothing; the read gives the answer.
            var before = counter.value
            let exists = await cloudError {
                _ = try await save(store, alice, [.note("d0"), .note("a2", title: "again")])
            }
            let wrongClaim = counter.value - before
            #expect(exists?.records?.first { $0.error?.recordName == "a2" }?.error?.serverErrorCode == .exists)
            #expect(try await lookup(store, alice, ["d0"])[0].error?.serverErrorCode == .notFound)
            #expect(try await lookup(store, alice, ["a2"])[0].item?.fields["title"] == .string("t"))
            // A replace without a tag of a stored record is a conflict, as it would be after a read.
            let conflict = await cloudError {
                try await save(store, alice, [.note("a3", title: "mine")], type: .replace)
            }
            #expect(conflict?.serverErrorCode == .conflict)
            #expect(conflict?.serverRecord?.recordName == "a3")

            // Another server process on the same database writes to alice's zone, which leaves this one's snapshot
            // stale; on SQLite the same store writes it.
            let nonAtomic = CloudRecordsModifyRequest(
                operations: [op(.create, .note("f0")), op(.create, .note("e1", title: "taken"))], atomic: false)
            var answer: CloudRecordsModifyResponse?
            var stale = 0
            if kind == .postgres, let postgres = store.database as? PostgresDatabase {
                // The guarded write that found a record, then the read (which refuses the batch).
                #expect(wrongClaim == 2)
                let url = try #require(ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"])
                let other = try SQLRecordStore.postgres(
                    url: url, schema: postgres.schema, maximumConnections: 2, leaseTimeout: .seconds(30),
                    configuration: CloudConfiguration(bcryptCost: 4))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await other.run() }
                    defer { group.cancelAll() }
                    _ = try await save(other, alice, [.note("e0"), .note("e1")])
                    before = counter.value
                    answer = try await store.modifyRecords(alice, scope: .private, request: nonAtomic)
                    stale = counter.value - before
                }
                // The guarded write that found the counter moved, the read, then the write of f0 alone.
                #expect(stale == 3)
            } else {
                _ = try await save(store, alice, [.note("e0"), .note("e1")])
                answer = try await store.modifyRecords(alice, scope: .private, request: nonAtomic)
            }
            #expect(answer?.records.first?.item?.recordName == "f0")
            #expect(answer?.records.last?.error?.serverErrorCode == .exists)
            // Only f0 was new; e1 kept what the other process wrote.
            let found = try await lookup(store, alice, ["f0", "e1"])
            #expect(found[0].item != nil)
            #expect(found[1].item?.fields["title"] == .string("t"))

            let changes = try await store.recordChanges(
                alice, scope: .private, request: CloudRecordChangesRequest(resultsLimit: 1000))
            #expect(
                Set(changes.records.map(\.recordName))
                    == Set((0..<5).map { "a\($0)" } + (0..<5).map { "b\($0)" } + ["c0", "e0", "e1", "f0"]))
            #expect(Set(changes.records.compactMap(\.recordChangeTag)).count == changes.records.count)
        }
    }

    @Test("zone snapshots keep the later owner counter and stay within their limit")
    func snapshotsStayBounded() {
        let snapshots = ZoneSnapshots(limit: 3)
        let key = ZoneSnapshots.Key(ownerID: "u", zoneName: "_defaultZone")
        let later = ZoneSnapshots.Snapshot(zonePK: 1, incarnation: 1, horizon: 0, ownerSeq: 20, ownerStorage: 900)
        snapshots.keep(later, for: key)
        // A batch that started earlier and finished later does not put back an older counter.
        snapshots.keep(
            ZoneSnapshots.Snapshot(zonePK: 1, incarnation: 1, horizon: 0, ownerSeq: 12, ownerStorage: 500), for: key)
        #expect(snapshots[key] == later)
        for user in 0..<10 {
            snapshots.keep(
                ZoneSnapshots.Snapshot(zonePK: Int64(user), incarnation: 1, horizon: 0, ownerSeq: 1, ownerStorage: 0),
                for: .init(ownerID: "user\(user)", zoneName: "z"))
            #expect(snapshots.count <= 3)
        }
        #expect(snapshots[.init(ownerID: "user9", zoneName: "z")]?.zonePK == 9)
        snapshots.forget(.init(ownerID: "user9", zoneName: "z"))
        #expect(snapshots[.init(ownerID: "user9", zoneName: "z")] == nil)
    }
}
