import Foundation

/// Which page of results to return: up to `size` items after the position `after` names.
public struct PageRequest: Sendable, Equatable {
    /// The most items a page holds, 1 through 1,000.
    public let size: Int
    /// The ``TransactionPage/nextCursor`` of the previous page, or nil for the first page.
    public let after: String?

    public init(size: Int = 50, after: String? = nil) {
        self.size = min(max(size, 1), 1_000)
        self.after = after
    }
}
