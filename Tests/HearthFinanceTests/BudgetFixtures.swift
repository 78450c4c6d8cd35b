import Foundation
import HearthTestSupport

@testable import HearthFinance

/// A household's first four months of 2025, in UTC, with the store's clock on 15 April 2025:
///
/// | month | income  | Food & Dining          | Shopping | Transportation |
/// |-------|---------|------------------------|----------|----------------|
/// | Jan   | 3200.00 | 120.50 + 79.50 = 200.00 |          |                |
/// | Feb   | 3200.00 | (nothing spent)        |          |                |
/// | Mar   | 3200.00 | 500.00 + 245.00 = 745.00 |        | 60.00          |
/// | Apr   | 3200.00 | 150.00 + 54.00 = 204.00 | 99.99   | 45.50          |
///
/// Budgets from January: Food & Dining 300.00 a month with rollover, Shopping 100.00 without.
enum BudgetFixtures {
    static let now = date(2025, 4, 15, 12)
    static let january = FinanceMonth(year: 2025, month: 1)!
    static let february = FinanceMonth(year: 2025, month: 2)!
    static let march = FinanceMonth(year: 2025, month: 3)!
    static let april = FinanceMonth(year: 2025, month: 4)!

    static func expense(_ title: String, _ amount: Decimal, _ category: TransactionCategory, _ day: Date)
        -> Transaction
    {
        Transaction(title: title, amount: -amount, category: category, date: day)
    }

    static let budgets = [
        Budget(category: .food, amount: 300, rollover: true, startMonth: january, createdDate: date(2025, 1, 1)),
        Budget(category: .shopping, amount: 100, rollover: false, startMonth: january, createdDate: date(2025, 1, 1)),
    ]

    /// Everything up to and including March, and April's income.
    static let before = [
        Transaction(title: "Salary", amount: 3200, category: .income, date: date(2025, 1, 1, 9)),
        expense("Groceries", Decimal(string: "120.50")!, .food, date(2025, 1, 5, 18)),
        expense("Dinner", Decimal(string: "79.50")!, .food, date(2025, 1, 20, 20)),
        Transaction(title: "Salary", amount: 3200, category: .income, date: date(2025, 2, 1, 9)),
        Transaction(title: "Salary", amount: 3200, category: .income, date: date(2025, 3, 1, 9)),
        expense("Party", 500, .food, date(2025, 3, 3, 19)),
        expense("Groceries", 245, .food, date(2025, 3, 18, 17)),
        expense("Train", 60, .transportation, date(2025, 3, 10, 8)),
        Transaction(title: "Salary", amount: 3200, category: .income, date: date(2025, 4, 1, 9)),
    ]

    /// April's spending.
    static let april150 = expense("Groceries", 150, .food, date(2025, 4, 2, 18))
    static let april54 = expense("Lunch", 54, .food, date(2025, 4, 9, 13))
    static let aprilShopping = expense("Shoes", Decimal(string: "99.99")!, .shopping, date(2025, 4, 11, 15))
    static let aprilTrain = expense("Train", Decimal(string: "45.50")!, .transportation, date(2025, 4, 12, 8))

    /// A store holding the budgets, everything before April's spending, then April's spending.
    static func store(withApril: Bool = true) async throws -> (FinancePersistenceService, WallClock) {
        let (store, clock) = try makeStore(now: now)
        for budget in budgets { try await store.save(budget) }
        try await store.insertTransactions(before)
        if withApril {
            try await store.insertTransactions([april150, april54, aprilShopping, aprilTrain])
        }
        return (store, clock)
    }
}
