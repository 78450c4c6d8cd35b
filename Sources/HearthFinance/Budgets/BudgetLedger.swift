public import Foundation
import HearthCore

/// The arithmetic of budgets, as pure functions: what a month carries in, what it allows, and which
/// reminder thresholds it reached.
public enum BudgetLedger {
    /// The reminder thresholds, in percent of what a month allows.
    public static let thresholds = [80, 100]

    /// `budget`'s status in `month`, given what was spent in its category in each month (positive values;
    /// a month missing from `spending` spent nothing). Nil before the budget's start month.
    ///
    /// With rollover, the carry into a month is what the month before left: its budget plus its own carry,
    /// less what it spent, from the start month on.
    public static func status(
        of budget: Budget, in month: FinanceMonth, spending: [FinanceMonth: Decimal]
    ) -> BudgetStatus? {
        guard month >= budget.startMonth else { return nil }
        var carried = Decimal(0)
        if budget.rollover {
            var current = budget.startMonth
            while current < month {
                carried += budget.amount - (spending[current] ?? 0)
                current = current.adding(months: 1)
            }
        }
        return BudgetStatus(
            category: budget.category, month: month, budget: budget.amount, rollover: budget.rollover,
            carried: carried, spent: spending[month] ?? 0)
    }

    /// `part` as a percentage of `whole`, rounded to two decimals.
    static func percent(_ part: Decimal, of whole: Decimal) -> Decimal {
        Calculation.rounded(part * 100 / whole, scale: 2)
    }
}
