public import Foundation

/// A month's income, spending and subscription cost in one currency, each item converted with the rate
/// of its own day (``CurrencyConverter``) and rounded per item before summing.
public struct ConvertedMonth: Sendable, Equatable, Codable {
    /// The currency every amount is in.
    public let currency: CurrencyCode
    /// Income, expenses (positive) and count of the month's transactions.
    public let summary: MonthSummary
    /// Spending per category, largest first.
    public let spendingByCategory: [CategorySpending]
    /// What active subscriptions cost per month, at the rates of ``ratesDay``.
    public let monthlySubscriptionCost: Decimal
    /// The day subscription prices were converted on.
    public let ratesDay: RateDay

    public init(
        currency: CurrencyCode, summary: MonthSummary, spendingByCategory: [CategorySpending],
        monthlySubscriptionCost: Decimal, ratesDay: RateDay
    ) {
        self.currency = currency
        self.summary = summary
        self.spendingByCategory = spendingByCategory
        self.monthlySubscriptionCost = monthlySubscriptionCost
        self.ratesDay = ratesDay
    }
}
