import Foundation
import HearthCore
import HearthStore
import Testing

@testable import HearthFinance

@Suite struct UndoRedoTests {
    @Test func undoAndRedoWalkBackAndForthThroughSteps() async throws {
        let (store, _) = try makeStore()
        #expect(try await store.undo() == nil)
        let ada = try await store.save(Person(name: "Ada", balance: 5))
        try await store.save(ada.with(name: "Ada Lovelace"))
        try await store.save(Transaction(title: "Tea", amount: -2))

        #expect(try await store.undo()?.label == "Save transaction Tea")
        #expect(try await store.countTransactions(matching: TransactionQuery()) == 0)
        #expect(try await store.undo()?.label == "Save person Ada Lovelace")
        #expect(try await store.fetchPerson(byID: ada.id)?.name == "Ada")
        #expect(try await store.undo()?.label == "Save person Ada")
        #expect(try await store.fetchAllPeople().isEmpty)
        #expect(try await store.undo() == nil)

        #expect(try await store.redo()?.label == "Save person Ada")
        #expect(try await store.fetchPerson(byID: ada.id)?.name == "Ada")
        #expect(try await store.redo()?.label == "Save person Ada Lovelace")
        #expect(try await store.fetchPerson(byID: ada.id)?.name == "Ada Lovelace")
        #expect(try await store.nextRedo() == "Save transaction Tea")
        // A new change forgets what could be redone.
        try await store.save(Person(name: "Bo"))
        #expect(try await store.redo() == nil)
    }

    @Test func undoingADeleteRestoresAGroupWithItsExpenses() async throws {
        let (store, _) = try makeStore()
        let ada = try await store.save(Person(name: "Ada"))
        let group = try await store.save(
            Group(
                name: "Trip", members: [ada.id],
                expenses: [
                    GroupExpense(title: "Hut", amount: 90, paidBy: ada.id, splitBetween: [ada.id]),
                    GroupExpense(title: "Fuel", amount: 20, paidBy: ada.id, splitBetween: [ada.id]),
                ]))
        try await store.deleteGroup(id: group.id)
        #expect(try await store.fetchAllGroups().isEmpty)
        try await store.undo()
        let restored = try #require(try await store.fetchGroup(byID: group.id))
        #expect(restored.expenses.map(\.title).sorted() == ["Fuel", "Hut"])
        try await store.redo()
        #expect(try await store.fetchGroup(byID: group.id) == nil)
    }

    @Test func aBatchIsOneStep() async throws {
        let (store, _) = try makeStore()
        let rows = (0..<500).map { Transaction(title: "T\($0)", amount: 1) }
        try await store.insertTransactions(rows)
        try await store.deleteTransactions(ids: rows.prefix(100).map(\.id))
        #expect(try await store.undo() == HistoryStep(label: "Delete 100 transactions", rowCount: 100))
        #expect(try await store.countTransactions(matching: TransactionQuery()) == 500)
        #expect(try await store.undo() == HistoryStep(label: "Insert 500 transactions", rowCount: 500))
        #expect(try await store.countTransactions(matching: TransactionQuery()) == 0)
        try await store.redo()
        #expect(try await store.countTransactions(matching: TransactionQuery()) == 500)
    }

    @Test func undoRefusesToBreakRelationshipsMadeOutsideTheHistory() async throws {
        let (store, _) = try makeStore()
        let ada = try await store.save(Person(name: "Ada"))
        // Another writer on the same database that keeps no history (as a sync engine applying remote changes).
        let other = FinancePersistenceService(database: store.database, calendar: calendar(), undoLimit: 0)
        try await other.save(Group(name: "Trip", members: [ada.id]))
        let before = try await rowCounts(store)
        await expectError(.relationshipError) { try await store.undo() }
        #expect(try await rowCounts(store) == before)
        #expect(try await store.nextUndo() == "Save person Ada")
    }

    @Test func historyKeepsOnlyTheLastSteps() async throws {
        let store = try FinancePersistenceService.inMemory(calendar: calendar(), undoLimit: 3)
        for index in 0..<6 { try await store.save(Transaction(title: "T\(index)", amount: 1)) }
        var undone = 0
        while try await store.undo() != nil { undone += 1 }
        #expect(undone == 3)
        #expect(try await store.countTransactions(matching: TransactionQuery()) == 3)
    }
}
