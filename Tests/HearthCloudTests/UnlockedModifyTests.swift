import Foundation
import HearthCloudModel
import HearthCore
import Testing
@testable import HearthCloud

/// Batches in one's own zone on PostgreSQL are read in one statement and written in one more, without a lock
/// held in between, when the owner's change counter has not moved; these tests hold both databases to the
/// same outcomes, and PostgreSQL to its two statements.
@Suite("Record batches written without a lock", .timeLimit(.minutes(10)))
struct UnlockedModifyTests {
    @Test("new records, updates with their tags, and references each cost a read and a write on PostgreSQL", arguments: StoreKind.allCases)
    func twoStatements(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            let counter = store.database.statements
            func cost(_ body: () async throws -> Void) async rethrows -> Int {
                let before = counter.value
                try await body()
                return counter.value - before
            }

            var created: [CloudRecord] = []
            let creating = try await cost { created = try await save(store, alice, (0..<10).map { CloudRecord.note("n\($0)") }) }
            #expect(created.count == 10)
            var update = CloudRecord.note("n3", title: "edited")
            update.recordChangeTag = created[3].recordChangeTag
            let updating = try await cost { _ = try await save(store, alice, [update], type: .update) }
            // A reference that deletes its source with its target, added to a stored record.
            let linking = try await cost {
                _ = try await save(store, alice, [.note("n4", extra: ["owner": .reference(CloudReference(recordName: "n5", action: .deleteSelf))])], type: .forceUpdate)
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

            // New records, one with a reference: one statement writes the rows and the reference.
            let adding = try await cost {
                _ = try await save(store, alice, [.note("m6"), .note("m7", extra: ["owner": .reference(CloudReference(recordName: "m6", action: .deleteSelf))])])
            }
            if kind == .postgres { #expect(adding == 2) }
            // Saved again without it, the reference is gone: deleting the target leaves the record.
            let dropping = try await cost { _ = try await save(store, alice, [.note("m7", title: "unlinked")], type: .forceReplace) }
            if kind == .postgres { #expect(dropping == 2) }
            _ = try await save(store, alice, [.note("m6")], type: .forceDelete)
            #expect(try await lookup(store, alice, ["m7"])[0].item?.fields["title"] == .string("unlinked"))

            // A stale tag is a conflict, answered from the read alone; nothing is written.
            let conflict = await cloudError { try await save(store, alice, [update], type: .update) }
            #expect(conflict?.serverErrorCode == .conflict)
            #expect(conflict?.serverRecord?.fields["title"] == .string("edited"))

            // The feed holds every change once, in order of distinct sequence numbers.
            let changes = try await store.recordChanges(alice, scope: .private, request: CloudRecordChangesRequest(resultsLimit: 1000))
            #expect(Set(changes.records.map(\.recordName)) == Set(["n0", "n1", "n2", "n3", "n6", "n7", "n8", "n9", "m7"]))
            #expect(Set(changes.records.compactMap(\.recordChangeTag)).count == changes.records.count)
        }
    }

    @Test("batches of one user racing each other: every answered write is kept, merged updates lose nothing, one event each", arguments: StoreKind.allCases)
    func racingBatches(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            try await save(store, alice, [CloudRecord(recordName: "tally", recordType: "Note", fields: [:])])
            let events = store.events.subscribe()
            let before = store.database.statements.value
            let racers = 24
            // Each batch adds records of its own and merges a field of its own into one shared record: a batch
            // written from a stale read would put back the tally without the fields of the batches before it.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for racer in 0..<racers {
                    group.addTask {
                        let tally = CloudRecord(recordName: "tally", recordType: "Note", fields: ["by\(racer)": .int64(Int64(racer))])
                        let response = try await store.modifyRecords(alice, scope: .private, request: CloudRecordsModifyRequest(operations:
                            (0..<5).map { op(.create, .note("r\(racer)-\($0)")) } + [op(.forceUpdate, tally)]))
                        for result in response.records { if let error = result.error { throw error } }
                    }
                }
                try await group.waitForAll()
            }
            let tally = try #require(try await lookup(store, alice, ["tally"])[0].item)
            #expect(tally.fields.count == racers, "fields lost by a batch written from a stale read: \(racers - tally.fields.count)")
            let changes = try await store.recordChanges(alice, scope: .private, request: CloudRecordChangesRequest(resultsLimit: 1000))
            #expect(changes.records.count == racers * 5 + 1)

            // One change event per batch, each naming its own records.
            var iterator = events.makeAsyncIterator()
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
}
