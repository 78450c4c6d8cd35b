public import Foundation

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
