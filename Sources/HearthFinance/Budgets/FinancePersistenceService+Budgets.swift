public import Foundation
import GRDB
import HearthStore

extension FinancePersistenceService {
    /// Sets `category`'s monthly budget, keeping its rollover when `rollover` is nil (see
    /// ``FinanceWriteContext/setBudget(category:amount:rollover:)``);
    /// undoable, and synced like every finance value.
    @discardableResult
    public func setBudget(category: TransactionCategory, amount: Decimal, rollover: Bool? = nil) async throws
        -> Budget
    {
        try await write("Set budget \(category.displayName)") {
            try $0.setBudget(category: category, amount: amount, rollover: rollover)
        }
    }

    /// Saves `budget` as it is (start month included).
    @discardableResult
    public func save(_ budget: Budget) async throws -> Budget {
        try await write("Save budget \(budget.category.displayName)") { try $0.save(budget) }
    }

    /// Deletes `category`'s budget.
    /// - Throws: ``PersistenceError`` (entity not found) when it has none.
    public func removeBudget(category: TransactionCategory) async throws {
        try await write("Remove budget \(category.displayName)", .delete) { try $0.removeBudget(category: category) }
    }

    /// Every budget, by category name.
    nonisolated public func fetchBudgets() async throws -> [Budget] {
        try await read(FinanceQueries.all(Budget.self, "ORDER BY category"))
    }

    /// Each budget's status in `month` (default: the current month): budget, carried, available, spent,
    /// left. Budgets that start after `month` are left out.
    nonisolated public func budgetStatuses(in month: FinanceMonth? = nil) async throws -> [BudgetStatus] {
        let calendar = self.calendar
        let month = month ?? currentMonth()
        return try await read { db in
            let budgets = try Row.fetchAll(db, sql: "\(Budget.selectSQL) ORDER BY category").map(Budget.init(row:))
            return try BudgetQueries.statuses(of: budgets, in: month, calendar: calendar, db)
        }
    }

    /// The budget reminders made in `month` (every month when nil), oldest first.
    nonisolated public func budgetReminders(in month: FinanceMonth? = nil) async throws -> [BudgetReminder] {
        try await read { try BudgetQueries.reminders(month: month, pendingOnly: false, $0) }
    }

    /// Checks this month's spending against the budgets now (every write does as it commits), recording a
    /// reminder for each threshold newly reached.
    public func checkBudgets() async throws {
        // The write path checks the budgets as it finishes; this write changes nothing else.
        try await write("Check budgets") { _ in }
    }

    /// Hands every reminder not yet delivered to `deliver`, oldest first, marking each delivered once
    /// `deliver` returns. A reminder whose delivery throws stays pending (with those after it), to be tried
    /// again.
    /// - Returns: The reminders delivered.
    @discardableResult
    public func deliverBudgetReminders(_ deliver: @Sendable (BudgetReminder) async throws -> Void) async throws
        -> [BudgetReminder]
    {
        let pending = try await read { try BudgetQueries.reminders(month: nil, pendingOnly: true, $0) }
        var delivered: [BudgetReminder] = []
        for reminder in pending {
            try await deliver(reminder)
            let now = Milliseconds.from(currentDate())
            try await database.writer.write { db in
                try db.execute(
                    sql: "UPDATE financeBudgetReminder SET deliveredAt = ? WHERE id = ?", arguments: [now, reminder.id])
            }
            delivered.append(reminder)
        }
        return delivered
    }

    /// Income and expenses (positive) and the count of transactions dated in `range`.
    nonisolated func totals(in range: Range<Date>) async throws -> (income: Decimal, expenses: Decimal, count: Int) {
        let totals = try await read { try FinanceQueries.totals(in: range, $0) }
        return (MinorUnits.decimal(totals.income), MinorUnits.decimal(totals.expenses), totals.count)
    }

    /// Spending per category of transactions dated in `range`, largest first.
    nonisolated func spendingByCategory(in range: Range<Date>) async throws -> [CategorySpending] {
        try await read { try FinanceQueries.spendingByCategory(in: range, $0) }
    }

    /// The month the store's clock is in, in its calendar.
    nonisolated public func currentMonth() -> FinanceMonth {
        FinanceMonth(containing: currentDate(), calendar: calendar)
    }
}
