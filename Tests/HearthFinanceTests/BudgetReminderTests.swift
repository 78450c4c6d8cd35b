import Foundation
import GRDB
import HearthCore
import HearthTestSupport
import Synchronization
import Testing

@testable import HearthFinance

@Suite struct BudgetReminderTests {
    typealias F = BudgetFixtures

    func ids(_ store: FinancePersistenceService) async throws -> [String] {
        try await store.budgetReminders().map(\.id)
    }

    @Test func eachThresholdRemindsOncePerCategoryAndMonth() async throws {
        let (store, clock) = try await F.store(withApril: false)
        // Before April's spending: March overspent, but reminders are about the month the clock is in.
        #expect(try await ids(store).isEmpty)

        try await store.save(F.april150)  // 150.00 of 255.00: 58.8 %
        #expect(try await ids(store).isEmpty)
        try await store.save(F.april54)  // 204.00 of 255.00: exactly 80 %
        #expect(try await ids(store) == ["budget-2025-04-food-80"])
        let reminder = try #require(try await store.budgetReminders().first)
        #expect(reminder.spent == 204 && reminder.available == 255 && reminder.threshold == 80)
        #expect(reminder.createdAt == F.now)
        #expect(reminder.title == "Food & Dining: 80 % of the April 2025 budget spent")
        #expect(reminder.body == "Spent 204.00 of 255.00; 51.00 left.")

        // More spending past 80 % does not remind of 80 % again.
        try await store.save(F.expense("Coffee", 1, .food, date(2025, 4, 14)))
        #expect(try await ids(store) == ["budget-2025-04-food-80"])

        // Past 100 %: 265.00 of 255.00.
        let dinner = try await store.save(F.expense("Dinner", 60, .food, date(2025, 4, 15)))
        #expect(try await ids(store) == ["budget-2025-04-food-80", "budget-2025-04-food-100"])
        let over = try #require(try await store.budgetReminders().last)
        #expect(over.title == "Food & Dining: the April 2025 budget is spent")
        #expect(over.body == "Spent 265.00 of 255.00; 10.00 over.")

        // Dropping below and crossing again, or undoing, never reminds twice.
        try await store.deleteTransaction(id: dinner.id)
        try await store.undo()
        try await store.undo()
        try await store.redo()
        try await store.save(F.expense("Dinner again", 60, .food, date(2025, 4, 15)))
        #expect(try await ids(store) == ["budget-2025-04-food-80", "budget-2025-04-food-100"])

        // A new month starts afresh: May carries April's overspend (255.00 - 325.00 = -70.00) and has 230.00.
        clock.set(date(2025, 5, 3))
        try await store.save(F.expense("Groceries", 100, .food, date(2025, 5, 2)))
        let may = try #require(try await store.budgetStatuses().first { $0.category == .food })
        #expect(may.available == 230 && may.spent == 100)
        #expect(try await store.budgetReminders(in: F.april.adding(months: 1)).isEmpty)
        try await store.save(F.expense("Groceries", 84, .food, date(2025, 5, 3)))  // 184.00 of 230.00: 80 %
        #expect(try await store.budgetReminders(in: F.april.adding(months: 1)).map(\.id) == ["budget-2025-05-food-80"])
        #expect(try await store.budgetReminders().count == 3)
    }

    @Test func settingABudgetBelowWhatWasSpentReminds() async throws {
        let (store, _) = try await F.store()
        // Shopping: 99.99 of 100.00 reached 80 % when April's spending was imported.
        #expect(try await ids(store).contains("budget-2025-04-shopping-80"))
        try await store.setBudget(category: .shopping, amount: 50)
        #expect(try await ids(store).contains("budget-2025-04-shopping-100"))
    }

    @Test func remindersAreDeliveredOnceAndAFailedDeliveryStaysPending() async throws {
        let (store, _) = try await F.store()
        struct Refused: Error {}
        let seen = Mutex<[String]>([])
        await #expect(throws: Refused.self) {
            try await store.deliverBudgetReminders { _ in throw Refused() }
        }
        let delivered = try await store.deliverBudgetReminders { reminder in
            seen.withLock { $0.append(reminder.id) }
        }
        #expect(delivered.map(\.id) == ["budget-2025-04-food-80", "budget-2025-04-shopping-80"])
        #expect(seen.withLock { $0 } == delivered.map(\.id))
        #expect(try await store.budgetReminders().allSatisfy { $0.deliveredAt == F.now })
        #expect(try await store.deliverBudgetReminders { _ in Issue.record("delivered twice") }.isEmpty)
    }

    @Test func aStoreWithoutBudgetsMakesNoReminders() async throws {
        let (store, _) = try makeStore(now: F.now)
        try await store.insertTransactions(F.before + [F.april150, F.april54])
        try await store.checkBudgets()
        #expect(try await store.budgetReminders().isEmpty)
        #expect(try await store.budgetStatuses().isEmpty)
    }
}
