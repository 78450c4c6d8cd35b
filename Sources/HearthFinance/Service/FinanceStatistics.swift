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

/// What was spent in one category over a period, as a positive value.
public struct CategorySpending: Sendable, Equatable, Hashable, Codable {
    public let category: TransactionCategory
    public let amount: Decimal
    public let transactionCount: Int

    public init(category: TransactionCategory, amount: Decimal, transactionCount: Int) {
        self.category = category
        self.amount = amount
        self.transactionCount = transactionCount
    }
}

/// What the import of a file did, per kind of value.
public struct ImportSummary: Sendable, Equatable, Codable {
    /// Values that were new.
    public var inserted: [FinanceEntity: Int] = [:]
    /// Values that replaced a different stored version.
    public var updated: [FinanceEntity: Int] = [:]
    /// Values identical to what was stored, left alone.
    public var unchanged: [FinanceEntity: Int] = [:]

    public init() {}

    /// Every value the file held.
    public var total: Int { [inserted, updated, unchanged].flatMap(\.values).reduce(0, +) }
    /// How many values the import added or changed.
    public var changed: Int { [inserted, updated].flatMap(\.values).reduce(0, +) }
}

/// One step of undo or redo: what it was called and how many rows it touched.
public struct HistoryStep: Sendable, Equatable, Codable {
    public let label: String
    public let rowCount: Int

    public init(label: String, rowCount: Int) {
        self.label = label
        self.rowCount = rowCount
    }
}
