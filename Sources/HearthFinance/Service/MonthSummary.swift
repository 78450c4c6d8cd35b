public import Foundation

/// Income and spending over one calendar month, computed by SQL aggregates.
public struct MonthSummary: Sendable, Equatable, Codable {
    /// The month: from its first instant to the first instant of the next, in the store's calendar.
    public let month: DateInterval
    /// Money in (positive amounts).
    public let income: Decimal
    /// Money out, as a positive value.
    public let expenses: Decimal
    /// Income minus expenses.
    public var net: Decimal { income - expenses }
    public let transactionCount: Int

    public init(month: DateInterval, income: Decimal, expenses: Decimal, transactionCount: Int) {
        self.month = month
        self.income = income
        self.expenses = expenses
        self.transactionCount = transactionCount
    }
}
