public import Foundation

/// A typed query over transactions: filters that combine with AND, and a sort order.
///
/// ```swift
/// let query = TransactionQuery()
///     .between(start, and: end)
///     .inCategories([.food, .shopping])
///     .matching("coffee")
///     .sorted(by: .amountAscending)
/// let page = try await store.fetchTransactions(matching: query, page: PageRequest(size: 50))
/// ```
public struct TransactionQuery: Sendable, Equatable {
    /// The orders transactions can come in; ties are broken by insertion order, so paging is stable.
    public enum Sort: String, Sendable, Equatable, CaseIterable, Codable {
        case dateDescending
        case dateAscending
        case amountAscending
        case amountDescending
        case titleAscending
    }

    /// Only transactions on or after the lower bound and before the upper bound.
    public var dateRange: Range<Date>?
    /// Only transactions in one of these categories (all when empty).
    public var categories: Set<TransactionCategory> = []
    /// Only transactions carrying at least one of these tags, matched exactly (all when empty).
    public var tags: Set<String> = []
    /// Only transactions whose title or subtitle contains this text, ignoring case, accents and width
    /// in every script ("cafe" finds "Café").
    public var text: String?
    /// Only transactions whose signed amount lies in this range.
    public var amountRange: ClosedRange<Decimal>?
    /// Only recurring (true) or only one-off (false) transactions.
    public var isRecurring: Bool?
    /// The order of the results.
    public var sort: Sort = .dateDescending

    public init() {}

    /// This query limited to `start ..< end`.
    public func between(_ start: Date, and end: Date) -> TransactionQuery {
        changing { $0.dateRange = start..<max(start, end) }
    }
    /// This query limited to `categories`.
    public func inCategories(_ categories: Set<TransactionCategory>) -> TransactionQuery {
        changing { $0.categories = categories }
    }
    /// This query limited to transactions with any of `tags`.
    public func tagged(_ tags: Set<String>) -> TransactionQuery { changing { $0.tags = tags } }
    /// This query limited to titles or subtitles containing `text`.
    public func matching(_ text: String) -> TransactionQuery { changing { $0.text = text } }
    /// This query limited to signed amounts in `range`.
    public func amount(in range: ClosedRange<Decimal>) -> TransactionQuery { changing { $0.amountRange = range } }
    /// This query limited to recurring or one-off transactions.
    public func recurring(_ isRecurring: Bool) -> TransactionQuery { changing { $0.isRecurring = isRecurring } }
    /// This query in `sort` order.
    public func sorted(by sort: Sort) -> TransactionQuery { changing { $0.sort = sort } }

    private func changing(_ change: (inout TransactionQuery) -> Void) -> TransactionQuery {
        var copy = self
        change(&copy)
        return copy
    }
}
