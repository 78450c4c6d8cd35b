import Foundation
import GRDB
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthFinance

/// A change recorder that writes an outbox row per change, in the store's own transaction: what a sync
/// engine does.
struct OutboxRecorder: FinanceChangeRecorder {
    /// Fails when asked to record a change to this id, to prove a failing recorder rolls the change back.
    let failOn: UUID?

    init(failOn: UUID? = nil) { self.failOn = failOn }

    static func prepare(_ store: FinancePersistenceService) async throws {
        try await store.database.write { db in
            try db.execute(sql: "CREATE TABLE outbox (seq INTEGER PRIMARY KEY, entity TEXT, id BLOB, kind TEXT)")
        }
    }

    func record(_ changes: [FinanceChange], in db: Database) throws {
        for change in changes {
            if change.id == failOn { throw PersistenceError(.saveFailed, "The outbox refused \(change.id)") }
            try db.execute(
                sql: "INSERT INTO outbox (entity, id, kind) VALUES (?, ?, ?)",
                arguments: [change.entity.rawValue, change.id, change.kind.rawValue])
        }
    }

    static func rows(_ store: FinancePersistenceService) async throws -> [String] {
        try await store.database.read { db in
            try Row.fetchAll(db, sql: "SELECT entity, id, kind FROM outbox ORDER BY seq").map { row in
                "\(row["entity"] as String) \((row["id"] as UUID).uuidString.suffix(4)) \(row["kind"] as String)"
            }
        }
    }
}

@Suite struct WritePathTests {
    @Test func everyChangeReachesTheRecorderInItsTransaction() async throws {
        let (store, _) = try makeStore(recorder: OutboxRecorder())
        try await OutboxRecorder.prepare(store)
        let ada = try await store.save(Person(id: id(1), name: "Ada"))
        try await store.save(ada)  // unchanged: nothing to send
        try await store.save(ada.with(name: "Ada L."))
        let group = try await store.save(
            Group(
                id: id(2), name: "Flat", members: [ada.id],
                expenses: [GroupExpense(id: id(3), title: "Rent", amount: 10, paidBy: ada.id, splitBetween: [ada.id])]))
        try await store.deleteGroup(id: group.id)
        try await store.insertTransactions([
            Transaction(id: id(4), title: "A", amount: 1), Transaction(id: id(5), title: "B", amount: 2),
        ])
        #expect(
            try await OutboxRecorder.rows(store) == [
                "person 0001 inserted",
                "person 0001 updated",
                "group 0002 inserted", "groupExpense 0003 inserted",
                "groupExpense 0003 deleted", "group 0002 deleted",
                "transaction 0004 inserted", "transaction 0005 inserted",
            ])
    }

    @Test func aFailedOperationLeavesNoRowNoOutboxEntryAndNoHistory() async throws {
        let (store, _) = try makeStore(recorder: OutboxRecorder())
        try await OutboxRecorder.prepare(store)
        let ada = try await store.save(Person(name: "Ada"))
        let before = try await rowCounts(store)
        let outbox = try await OutboxRecorder.rows(store)
        // The group is written first, then its second expense breaks a rule: all of it rolls back.
        let group = Group(
            name: "Trip", members: [ada.id],
            expenses: [
                GroupExpense(title: "Fine", amount: 5, paidBy: ada.id, splitBetween: [ada.id]),
                GroupExpense(title: "Broken", amount: 5, paidBy: UUID(), splitBetween: [ada.id]),
            ])
        await expectError(.relationshipError) { try await store.save(group) }
        #expect(try await rowCounts(store) == before)
        #expect(try await OutboxRecorder.rows(store) == outbox)
        #expect(try await store.nextUndo() == "Save person Ada")
    }

    @Test func aRecorderThatThrowsRollsTheChangeBack() async throws {
        let refused = UUID()
        let (store, _) = try makeStore(recorder: OutboxRecorder(failOn: refused))
        try await OutboxRecorder.prepare(store)
        await expectError(.saveFailed, "The outbox refused \(refused)") {
            try await store.save(Person(id: refused, name: "Refused"))
        }
        #expect(try await store.fetchPerson(byID: refused) == nil)
    }

    @Test func transactionsRollBackEverythingWhenTheClosureThrows() async throws {
        let (store, _) = try makeStore()
        struct Abort: Error {}
        let before = try await rowCounts(store)
        await #expect(throws: Abort.self) {
            try await store.transaction("Setup") { context in
                let ada = try context.save(Person(name: "Ada"))
                try context.save(Group(name: "Flat", members: [ada.id]))
                try context.save(Transaction(title: "Rent", amount: -900))
                throw Abort()
            }
        }
        #expect(try await rowCounts(store) == before)
        let created = try await store.transaction("Setup") { context -> UUID in
            let ada = try context.save(Person(name: "Ada"))
            try context.save(Group(name: "Flat", members: [ada.id]))
            return ada.id
        }
        #expect(try await store.fetchPerson(byID: created)?.name == "Ada")
        #expect(try await store.fetchAllGroups().count == 1)
        // One step for undo, however many rows it wrote.
        #expect(try await store.undo() == HistoryStep(label: "Setup", rowCount: 2))
        #expect(try await store.fetchAllPeople().isEmpty)
    }

    @Test func batchInsertsAreSeenByDatabaseObservation() async throws {
        let (store, _) = try makeStore()
        let counts = store.database.watch { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM financeTransaction") ?? 0 }
        let seen = Locked<[Int]>([])
        let watcher = Task {
            for try await count in counts {
                seen.withLock { $0.append(count) }
                if count == 100 { return }
            }
        }
        defer { watcher.cancel() }
        try await waitUntil("the watcher has the first count") { !seen.current.isEmpty }
        try await store.insertTransactions((0..<100).map { Transaction(title: "T\($0)", amount: 1) })
        try await waitUntil("the watcher sees the hundred rows") { seen.current.last == 100 }
        try await watcher.value
        #expect(seen.current == [0, 100])
    }

    @Test func backgroundTasksUseTheSameWritePath() async throws {
        let (store, _) = try makeStore()
        let count = try await store.performBackgroundTask { context in
            try context.insertTransactions((0..<100).map { Transaction(title: "T\($0)", amount: 1) })
        }
        #expect(count == 100)
        await expectError(.validationFailed, "Person name cannot be empty") {
            _ = try await store.performBackgroundTask { try $0.save(Person(name: "")) }
        }
    }

    @Test func savesStampUpdatedAtFromTheInjectedClock() async throws {
        let (store, clock) = try makeStore(now: date(2025, 5, 1, 8))
        let saved = try await store.save(Transaction(title: "Tea", amount: -2, date: date(2020, 1, 1)))
        #expect(saved.updatedAt == date(2025, 5, 1, 8))
        clock.set(date(2025, 5, 2, 8))
        #expect(try await store.save(saved).updatedAt == date(2025, 5, 1, 8))  // unchanged value, unchanged stamp
        #expect(try await store.save(saved.with(amount: -3)).updatedAt == date(2025, 5, 2, 8))
    }

    @Test func aFileDatabaseKeepsEverythingAcrossReopening() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let url = folder.file("nested/finance.sqlite")
        let first = try FinancePersistenceService.open(at: url)
        let ada = try await first.save(Person(name: "Ada"))
        try await first.save(Transaction(title: "Tea", amount: Decimal(string: "-2.35")!))
        try await first.saveContext()
        let second = try FinancePersistenceService.open(at: url)
        #expect(try await second.fetchAllPeople() == [ada])
        #expect(try await second.fetchRecurringTransactions().isEmpty)
        #expect(
            try await second.countTransactions(
                matching: TransactionQuery().amount(in: Decimal(string: "-2.35")!...Decimal(string: "-2.35")!)) == 1)
        // A file that is not a database is reported, not crashed on.
        let junk = folder.file("junk.sqlite")
        try Data("not sqlite".utf8).write(to: junk)
        #expect(throws: PersistenceError.self) { _ = try FinancePersistenceService.open(at: junk) }
    }
}
