import Foundation
import GRDB

/// The reads budgets need, as plain functions of a `Database`.
enum BudgetQueries {
    /// What each category spent in each month from `first` through `last` (positive amounts), one SQL
    /// aggregate per month.
    static func spending(
        from first: FinanceMonth, through last: FinanceMonth, calendar: Calendar, _ db: Database
    ) throws -> [FinanceMonth: [TransactionCategory: Decimal]] {
        var result: [FinanceMonth: [TransactionCategory: Decimal]] = [:]
        var month = first
        while month <= last {
            let totals = try FinanceQueries.spendingByCategory(in: try month.range(in: calendar), db)
            result[month] = Dictionary(uniqueKeysWithValues: totals.map { ($0.category, $0.amount) })
            month = month.adding(months: 1)
        }
        return result
    }

    /// The status of each of `budgets` in `month`, by category name; budgets that start later are left out.
    static func statuses(of budgets: [Budget], in month: FinanceMonth, calendar: Calendar, _ db: Database) throws
        -> [BudgetStatus]
    {
        let active = budgets.filter { $0.startMonth <= month }
        guard !active.isEmpty else { return [] }
        // Rollover needs every month since the earliest start; without it, only this month.
        let first = active.filter(\.rollover).map(\.startMonth).min().map { min($0, month) } ?? month
        let spending = try self.spending(from: first, through: month, calendar: calendar, db)
        return active.compactMap { budget in
            let byMonth = spending.compactMapValues { $0[budget.category] }
            return BudgetLedger.status(of: budget, in: month, spending: byMonth)
        }
        .sorted { $0.category.rawValue < $1.category.rawValue }
    }

    /// The reminders of `month` (every month when nil), oldest first.
    static func reminders(month: FinanceMonth?, pendingOnly: Bool, _ db: Database) throws -> [BudgetReminder] {
        var conditions: [String] = []
        var arguments = StatementArguments()
        if let month {
            conditions.append("month = ?")
            arguments += [month.description]
        }
        if pendingOnly { conditions.append("deliveredAt IS NULL") }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        var deliveries: [String: [String: Date]] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT reminderID, channel, deliveredAt FROM financeBudgetReminderDelivery")
        {
            deliveries[row[0], default: [:]][row[1]] = Milliseconds.date(row[2])
        }
        return try Row.fetchAll(
            db,
            sql: """
                SELECT category, month, threshold, spent, available, createdAt, deliveredAt, id
                FROM financeBudgetReminder \(filter) ORDER BY createdAt, month, category, threshold
                """, arguments: arguments
        ).map { row in
            let monthText: String = row[1]
            guard let month = FinanceMonth(monthText) else {
                throw PersistenceError(.fetchFailed, "A stored budget reminder has the month \"\(monthText)\"")
            }
            return BudgetReminder(
                category: try ColumnCoding.enumValue(TransactionCategory.self, row[0], column: "category"),
                month: month, threshold: row[2], spent: MinorUnits.decimal(row[3]),
                available: MinorUnits.decimal(row[4]), createdAt: Milliseconds.date(row[5]),
                deliveredAt: (row[6] as Int64?).map(Milliseconds.date), deliveries: deliveries[row[7]])
        }
    }
}
