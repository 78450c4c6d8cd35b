public import Foundation

/// Where one category's budget stands in one month: what it allows, what was spent, what is left.
public struct BudgetStatus: Sendable, Equatable, Codable {
    public let category: TransactionCategory
    public let month: FinanceMonth
    /// The monthly amount the budget sets.
    public let budget: Decimal
    public let rollover: Bool
    /// What earlier months left unspent (positive) or overspent (negative); zero without rollover.
    public let carried: Decimal
    /// What this month allows: the budget plus what was carried.
    public let available: Decimal
    /// What was spent in the category this month, as a positive value.
    public let spent: Decimal
    /// What remains: available minus spent (negative when overspent).
    public let left: Decimal
    /// Spent as a percentage of available, to two decimals; nil when nothing is available.
    public let percentUsed: Decimal?

    public init(
        category: TransactionCategory, month: FinanceMonth, budget: Decimal, rollover: Bool, carried: Decimal,
        spent: Decimal
    ) {
        self.category = category
        self.month = month
        self.budget = budget
        self.rollover = rollover
        self.carried = carried
        self.available = budget + carried
        self.spent = spent
        self.left = budget + carried - spent
        self.percentUsed = available > 0 ? BudgetLedger.percent(spent, of: available) : nil
    }

    /// The reminder thresholds (80 and 100, in percent) this month's spending has reached: 80 once spent is
    /// at least 80 % of what is available, 100 once it is all spent. With nothing available (an overspend
    /// carried in), any spending reaches both. Without spending, none.
    public var thresholdsReached: [Int] {
        guard spent > 0 else { return [] }
        guard available > 0 else { return BudgetLedger.thresholds }
        return BudgetLedger.thresholds.filter { spent * 100 >= available * Decimal($0) }
    }
}
