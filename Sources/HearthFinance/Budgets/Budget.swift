import Crypto
public import Foundation

/// A monthly spending limit for one category of transactions.
///
/// The same amount applies to every month from ``startMonth`` on. With ``rollover`` on, what a month leaves
/// unspent is added to the next month's budget, and what it overspends is taken from it; the carry runs
/// month after month from the start month. A category has one budget: its id follows from the category,
/// so the same budget set on two devices is one record once they sync.
public struct Budget: Identifiable, Sendable, Codable, Equatable, Hashable {
    public let id: UUID
    /// The category whose expenses count against the budget.
    public let category: TransactionCategory
    /// What may be spent each month; above zero.
    public let amount: Decimal
    /// Whether a month's unspent (or overspent) amount carries into the next month.
    public let rollover: Bool
    /// The first month the budget applies to.
    public let startMonth: FinanceMonth
    public let createdDate: Date
    /// When the store last changed this budget; set by the store on every change.
    public let updatedAt: Date

    /// A budget for `category`, starting in `startMonth`.
    public init(
        category: TransactionCategory, amount: Decimal, rollover: Bool = false, startMonth: FinanceMonth,
        createdDate: Date = Date(), updatedAt: Date? = nil
    ) {
        self.id = Budget.id(for: category)
        self.category = category
        self.amount = amount
        self.rollover = rollover
        self.startMonth = startMonth
        self.createdDate = createdDate.roundedToMilliseconds
        self.updatedAt = (updatedAt ?? createdDate).roundedToMilliseconds
    }

    /// A budget read back from the store or a sync record, keeping the id it was stored under.
    init(
        storedID id: UUID, category: TransactionCategory, amount: Decimal, rollover: Bool, startMonth: FinanceMonth,
        createdDate: Date, updatedAt: Date
    ) {
        self.id = id
        self.category = category
        self.amount = amount
        self.rollover = rollover
        self.startMonth = startMonth
        self.createdDate = createdDate
        self.updatedAt = updatedAt
    }

    /// This budget with the given changes; fields left nil keep their value.
    public func with(
        amount: Decimal? = nil, rollover: Bool? = nil, startMonth: FinanceMonth? = nil, updatedAt: Date? = nil
    ) -> Budget {
        Budget(
            storedID: id, category: category, amount: amount ?? self.amount, rollover: rollover ?? self.rollover,
            startMonth: startMonth ?? self.startMonth, createdDate: createdDate,
            updatedAt: (updatedAt ?? self.updatedAt).roundedToMilliseconds)
    }

    /// The id of `category`'s budget: a name-based UUID from SHA-256 (RFC 9562 version 8), the same on
    /// every device.
    public static func id(for category: TransactionCategory) -> UUID {
        var bytes = Array(SHA256.hash(data: Data("hearth.finance-budget.\(category.rawValue)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
