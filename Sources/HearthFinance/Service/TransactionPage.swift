import Foundation

/// One page of transactions and where the next one starts.
public struct TransactionPage: Sendable, Equatable {
    public let items: [Transaction]
    /// Pass this as ``PageRequest/after`` for the next page; nil on the last page.
    public let nextCursor: String?

    public init(items: [Transaction], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
