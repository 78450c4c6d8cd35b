public import Foundation

/// Money in or out: negative amounts are expenses, positive amounts income.
public struct Transaction: Identifiable, Sendable, Codable, Equatable, Hashable {
    public let id: UUID
    /// Not blank.
    public let title: String
    public let subtitle: String
    /// Negative for an expense, positive for income; never zero.
    public let amount: Decimal
    public let category: TransactionCategory
    public let date: Date
    public let isRecurring: Bool
    /// Free-form labels; the store trims them, drops empty ones and duplicates.
    public let tags: [String]
    /// The currency of ``amount``; nil for the book currency of the finance settings.
    public let currency: CurrencyCode?
    /// When the store last changed this transaction; set by the store on every change.
    public let updatedAt: Date

    /// A transaction. Dates keep whole milliseconds, the precision the store keeps.
    public init(
        id: UUID = UUID(),
        title: String,
        subtitle: String = "",
        amount: Decimal,
        category: TransactionCategory = .other,
        date: Date = Date(),
        isRecurring: Bool = false,
        tags: [String] = [],
        currency: CurrencyCode? = nil,
        updatedAt: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.amount = amount
        self.category = category
        self.date = date.roundedToMilliseconds
        self.isRecurring = isRecurring
        self.tags = tags
        self.currency = currency
        self.updatedAt = (updatedAt ?? date).roundedToMilliseconds
    }

    /// A transaction read back from the store, whose dates already hold whole milliseconds.
    init(
        storedID id: UUID, title: String, subtitle: String, amount: Decimal, category: TransactionCategory, date: Date,
        isRecurring: Bool, tags: [String], currency: CurrencyCode? = nil, updatedAt: Date
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.amount = amount
        self.category = category
        self.date = date
        self.isRecurring = isRecurring
        self.tags = tags
        self.currency = currency
        self.updatedAt = updatedAt
    }

    /// Whether money went out.
    public var isExpense: Bool { amount < 0 }
    /// Whether money came in.
    public var isIncome: Bool { amount > 0 }

    /// This transaction with the given changes; fields left nil keep their value.
    public func with(
        title: String? = nil,
        subtitle: String? = nil,
        amount: Decimal? = nil,
        category: TransactionCategory? = nil,
        date: Date? = nil,
        isRecurring: Bool? = nil,
        tags: [String]? = nil,
        currency: CurrencyCode?? = nil,
        updatedAt: Date? = nil
    ) -> Transaction {
        Transaction(
            id: id, title: title ?? self.title, subtitle: subtitle ?? self.subtitle,
            amount: amount ?? self.amount, category: category ?? self.category, date: date ?? self.date,
            isRecurring: isRecurring ?? self.isRecurring, tags: tags ?? self.tags,
            currency: currency ?? self.currency, updatedAt: updatedAt ?? self.updatedAt)
    }
}
