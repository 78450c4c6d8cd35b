public import Foundation
import GRDB

extension FinanceWriteContext {
    /// Inserts `budget`, or replaces the stored budget of its category.
    /// - Throws: ``PersistenceError`` (validation failed) when the amount is not above zero or not in
    ///   cents, the start month is before 1970, or the id is not the one its category gives.
    @discardableResult
    public func save(_ budget: Budget) throws -> Budget {
        try put(try BudgetRules.validate(budget))
    }

    /// Sets `category`'s monthly budget to `amount`, with or without rollover (nil: as the budget had it,
    /// off for a new one). A new budget starts in the current month; a changed one keeps its start month.
    @discardableResult
    public func setBudget(category: TransactionCategory, amount: Decimal, rollover: Bool? = nil) throws -> Budget {
        if let existing = try load(Budget.self, id: Budget.id(for: category)) {
            return try save(existing.with(amount: amount, rollover: rollover))
        }
        return try save(
            Budget(
                category: category, amount: amount, rollover: rollover ?? false,
                startMonth: FinanceMonth(containing: now, calendar: calendar), createdDate: now))
    }

    /// Deletes `category`'s budget.
    /// - Throws: ``PersistenceError`` (entity not found) when the category has none.
    public func removeBudget(category: TransactionCategory) throws {
        guard try exists(Budget.self, id: Budget.id(for: category)) else {
            throw PersistenceError(
                .entityNotFound,
                "\(category.displayName) has no budget; see `hearth finance budget` for the budgets set",
                entityID: Budget.id(for: category))
        }
        try remove(Budget.self, id: Budget.id(for: category))
    }

    /// Every budget, by category name.
    func budgets() throws -> [Budget] {
        try Row.fetchAll(db.cachedStatement(sql: "\(Budget.selectSQL) ORDER BY category")).map(Budget.init(row:))
    }

    /// Records a reminder for each threshold this month's spending reached in a budgeted category, unless
    /// that threshold already reminded this month. Runs at the end of every write that changed spending or
    /// budgets, inside its transaction.
    func recordBudgetReminders() throws {
        let budgets = try budgets()
        guard !budgets.isEmpty else { return }
        let month = FinanceMonth(containing: now, calendar: calendar)
        let statuses = try BudgetQueries.statuses(of: budgets, in: month, calendar: calendar, db)
        for status in statuses {
            for threshold in status.thresholdsReached {
                try db.cachedStatement(
                    sql: """
                        INSERT OR IGNORE INTO financeBudgetReminder
                            (id, category, month, threshold, spent, available, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                        """
                ).execute(arguments: [
                    BudgetReminder.id(category: status.category, month: month, threshold: threshold),
                    status.category.rawValue, month.description, threshold,
                    try MinorUnits.cents(status.spent, field: "Spent"),
                    try MinorUnits.cents(status.available, field: "Available"), Milliseconds.from(now),
                ])
            }
        }
    }
}
