import Foundation
import GRDB
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthFinance

@Suite struct BudgetTests {
    typealias F = BudgetFixtures

    @Test func rolloverCarriesWhatEachMonthLeftIncludingAMonthWithNoSpending() async throws {
        let (store, _) = try await F.store()
        // January: 300.00 budgeted, 200.00 spent, 100.00 left.
        let january = try #require(try await store.budgetStatuses(in: F.january).first { $0.category == .food })
        #expect(january.carried == 0)
        #expect(january.available == 300)
        #expect(january.spent == 200)
        #expect(january.left == 100)
        #expect(january.percentUsed == Decimal(string: "66.67"))
        // February: nothing spent; 300.00 + 100.00 carried = 400.00 left.
        let february = try #require(try await store.budgetStatuses(in: F.february).first { $0.category == .food })
        #expect(february.carried == 100)
        #expect(february.available == 400)
        #expect(february.spent == 0)
        #expect(february.left == 400)
        #expect(february.percentUsed == 0)
        #expect(february.thresholdsReached.isEmpty)
        // March: 300.00 + 400.00 = 700.00 available, 745.00 spent: 45.00 over.
        let march = try #require(try await store.budgetStatuses(in: F.march).first { $0.category == .food })
        #expect(march.carried == 400)
        #expect(march.available == 700)
        #expect(march.spent == 745)
        #expect(march.left == -45)
        #expect(march.thresholdsReached == [80, 100])
        // April: the overspend is taken from the budget: 300.00 - 45.00 = 255.00; 204.00 spent is 80 %.
        let april = try #require(try await store.budgetStatuses(in: F.april).first { $0.category == .food })
        #expect(april.carried == -45)
        #expect(april.available == 255)
        #expect(april.spent == 204)
        #expect(april.left == 51)
        #expect(april.percentUsed == 80)
        #expect(april.thresholdsReached == [80])
        // May has no spending yet: April's 51.00 carries, 351.00 left.
        let may = try #require(
            try await store.budgetStatuses(in: F.april.adding(months: 1)).first { $0.category == .food })
        #expect(may.carried == 51)
        #expect(may.available == 351)
        #expect(may.spent == 0)
        #expect(may.left == 351)
    }

    @Test func withoutRolloverEachMonthStartsAfreshAndOtherCategoriesDoNotCount() async throws {
        let (store, _) = try await F.store()
        let statuses = try await store.budgetStatuses(in: F.april)
        #expect(statuses.map(\.category) == [.food, .shopping])
        let shopping = try #require(statuses.last)
        #expect(shopping.carried == 0)
        #expect(shopping.available == 100)
        #expect(shopping.spent == Decimal(string: "99.99"))
        #expect(shopping.left == Decimal(string: "0.01"))
        #expect(shopping.percentUsed == Decimal(string: "99.99"))
        #expect(shopping.thresholdsReached == [80])
        // January spent nothing on shopping: nothing is carried into February without rollover.
        let february = try #require(try await store.budgetStatuses(in: F.february).last)
        #expect(february.available == 100 && february.spent == 0 && february.left == 100)
        // Before a budget's start month, it does not apply.
        #expect(try await store.budgetStatuses(in: FinanceMonth(year: 2024, month: 12)!).isEmpty)
    }

    @Test func theLedgerByHand() {
        let budget = Budget(category: .food, amount: Decimal(string: "250.00")!, rollover: true, startMonth: F.january)
        let spending: [FinanceMonth: Decimal] = [
            F.january: Decimal(string: "260.10")!, F.march: Decimal(string: "99.90")!,
        ]
        // Jan: 250.00 - 260.10 = -10.10; Feb: 250.00 - 0 = +250.00 → 239.90 carried into March.
        let march = try! #require(BudgetLedger.status(of: budget, in: F.march, spending: spending))
        #expect(march.carried == Decimal(string: "239.90"))
        #expect(march.available == Decimal(string: "489.90"))
        #expect(march.left == 390)
        #expect(march.percentUsed == Decimal(string: "20.39"))
        #expect(BudgetLedger.status(of: budget, in: FinanceMonth(year: 2024, month: 12)!, spending: spending) == nil)
        // Nothing available (an overspend larger than the budget carried in): any spending reaches both.
        let overdrawn = BudgetStatus(
            category: .food, month: F.march, budget: 100, rollover: true, carried: -150, spent: 1)
        #expect(overdrawn.available == -50)
        #expect(overdrawn.percentUsed == nil)
        #expect(overdrawn.thresholdsReached == [80, 100])
        let untouched = BudgetStatus(
            category: .food, month: F.march, budget: 100, rollover: true, carried: -150, spent: 0)
        #expect(untouched.thresholdsReached.isEmpty)
    }

    @Test func setKeepsTheStartMonthAndOneBudgetPerCategory() async throws {
        let (store, clock) = try makeStore(now: date(2025, 4, 15))
        let first = try await store.setBudget(category: .food, amount: 300)
        #expect(first.startMonth == F.april)
        #expect(first.id == Budget.id(for: .food))
        clock.set(date(2025, 6, 2))
        let changed = try await store.setBudget(category: .food, amount: Decimal(string: "320.50")!, rollover: true)
        #expect(changed.startMonth == F.april)
        #expect(changed.amount == Decimal(string: "320.50") && changed.rollover)
        #expect(try await store.fetchBudgets() == [changed])
        // Rollover stays as it was unless it is given.
        #expect(try await store.setBudget(category: .food, amount: 330).rollover)
        #expect(try await !store.setBudget(category: .food, amount: 330, rollover: false).rollover)
        #expect(try await !store.setBudget(category: .shopping, amount: 10).rollover)
        // The same category's budget has the same id everywhere, and every category a different one.
        #expect(Set(TransactionCategory.allCases.map(Budget.id(for:))).count == TransactionCategory.allCases.count)
        #expect(Budget.id(for: .food).uuidString.dropFirst(14).first == "8")
    }

    @Test func badBudgetsAreRefusedAndChangeNothing() async throws {
        let (store, _) = try makeStore(now: F.now)
        try await store.setBudget(category: .food, amount: 300)
        let before = try await store.fetchBudgets()
        await expectError(.validationFailed, "Budget amount must be greater than 0") {
            try await store.setBudget(category: .food, amount: 0)
        }
        await expectError(.validationFailed, "Budget amount must be greater than 0") {
            try await store.setBudget(category: .shopping, amount: -5)
        }
        await expectError(.validationFailed, "Budget amount 1.005 has more than 2 decimal places; round it to cents") {
            try await store.setBudget(category: .shopping, amount: Decimal(string: "1.005")!)
        }
        await expectError(
            .validationFailed,
            "Budget amount 1000000000000 is too large; amounts must stay below 1,000,000,000,000"
        ) {
            try await store.setBudget(category: .shopping, amount: Decimal(string: "1000000000000")!)
        }
        await expectError(
            .validationFailed, "Income is money in, and budgets limit spending; choose a category money is spent in"
        ) {
            try await store.setBudget(category: .income, amount: 10)
        }
        await expectError(.validationFailed) {
            try await store.save(Budget(category: .food, amount: 10, startMonth: FinanceMonth(year: 1969, month: 12)!))
        }
        await expectError(.entityNotFound, "Shopping has no budget; see `hearth finance budget` for the budgets set") {
            try await store.removeBudget(category: .shopping)
        }
        #expect(try await store.fetchBudgets() == before)
        #expect(try await store.nextUndo() == "Set budget Food & Dining")
    }

    @Test func budgetChangesUndoAndRedo() async throws {
        let (store, _) = try makeStore(now: F.now)
        try await store.setBudget(category: .food, amount: 300)
        try await store.setBudget(category: .food, amount: 350, rollover: true)
        try await store.removeBudget(category: .food)
        #expect(try await store.fetchBudgets().isEmpty)
        #expect(try await store.undo()?.label == "Remove budget Food & Dining")
        #expect(try await store.fetchBudgets().map(\.amount) == [350])
        #expect(try await store.undo()?.label == "Set budget Food & Dining")
        let restored = try #require(try await store.fetchBudgets().first)
        #expect(restored.amount == 300 && !restored.rollover)
        try await store.undo()
        #expect(try await store.fetchBudgets().isEmpty)
        try await store.redo()
        try await store.redo()
        #expect(try await store.fetchBudgets().map(\.amount) == [350])
    }

    @Test func monthsParseAndCount() throws {
        #expect(FinanceMonth("2026-11") == FinanceMonth(year: 2026, month: 11))
        for bad in ["2026-13", "2026-00", "2026-1", "26-11", "2026/11", "２０２６-11", "", "2026-11-01", "+026-11"] {
            #expect(FinanceMonth(bad) == nil, "\(bad)")
        }
        let december = try #require(FinanceMonth("2025-12"))
        #expect(december.adding(months: 1).description == "2026-01")
        #expect(december.adding(months: -12).description == "2024-12")
        #expect(FinanceMonth("2026-02")!.months(since: december) == 2)
        #expect(december.longName == "December 2025")
        // A month is placed in the store's time zone.
        let range = try FinanceMonth("2025-03")!.range(in: calendar("America/New_York"))
        #expect(range.lowerBound == date(2025, 3, 1, 5))
        #expect(range.upperBound == date(2025, 4, 1, 4))
    }
}
