public import Foundation
public import HearthFinance

/// A user's finances this month, as `hearth finance summary`, `subscriptions list` and `balances` give them.
public struct FinanceOverview: Sendable, Equatable {
    /// The book currency the figures are in.
    public var currency: CurrencyCode
    /// Why amounts in other currencies could not be converted (a currency and day without a rate), when they
    /// could not: the month's figures then count them as they are.
    public var conversionProblem: String?
    /// What every active subscription costs per month, together (the summary's first line).
    public var monthlySubscriptionCost: Decimal
    /// This month's income, expenses and net.
    public var month: MonthSummary
    /// This month's spending by category, largest first.
    public var spendingByCategory: [CategorySpending]
    /// Subscriptions renewing in the next ``FinanceRecords/renewalDays`` days.
    public var renewingSoon: [Subscription]
    /// Every subscription, with its monthly cost.
    public var subscriptions: [FinanceSubscriptionCost]
    /// Every group, with who owes what and the payments that settle it.
    public var groups: [FinanceGroupBalances]
    /// Spending by category over the last months.
    public var spendingChart: FinanceSpendingChart
}
