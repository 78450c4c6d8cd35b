public import Foundation
import HearthCore
public import HearthFinance

/// "Add a transaction", as a page's form sends it: every value as typed, checked by
/// ``FinanceRecords/addTransaction(_:userID:now:)`` before anything is saved.
public struct FinanceTransactionForm: Sendable, Equatable {
    /// What it was (at most ``FinanceTransactionForm/maxTextLength`` characters).
    public var title: String
    /// The amount, such as `-12.50` for money out or `3200` for income.
    public var amount: String
    /// The day (`yyyy-MM-dd`) or an ISO 8601 time; empty or nil for now.
    public var date: String?
    /// More detail.
    public var subtitle: String?
    /// A category by name (`Food & Dining`, `Income`, …); empty or nil for Other.
    public var category: String?
    /// Whether it repeats.
    public var isRecurring: Bool
    /// Tags.
    public var tags: [String]
    /// Its currency's ISO 4217 code; empty or nil for the book currency.
    public var currency: String?

    /// The longest title or subtitle accepted.
    public static let maxTextLength = 500

    public init(
        title: String, amount: String, date: String? = nil, subtitle: String? = nil, category: String? = nil,
        isRecurring: Bool = false, tags: [String] = [], currency: String? = nil
    ) {
        self.title = title
        self.amount = amount
        self.date = date
        self.subtitle = subtitle
        self.category = category
        self.isRecurring = isRecurring
        self.tags = tags
        self.currency = currency
    }

    /// The transaction the form stands for, checked by the same rules the store applies.
    /// - Throws: ``ServiceError`` (validation failed) naming every field at fault and how to write it.
    func transaction(calendar: Calendar, now: Date) throws -> Transaction {
        var problems: [String] = []
        let title = FinanceForms.text(self.title, field: "title", limit: Self.maxTextLength, problems: &problems)
        if title?.isEmpty ?? false {
            problems.append("title is empty; say what the transaction was, such as Groceries")
        }
        let subtitle = FinanceForms.text(
            self.subtitle ?? "", field: "subtitle", limit: Self.maxTextLength, problems: &problems)
        let amount = FinanceForms.amount(self.amount, field: "amount", problems: &problems)
        if amount == 0 {
            problems.append("amount is 0; give what moved, such as -12.50 for money out or 3200 for income")
        }
        let date = FinanceForms.date(self.date, field: "date", calendar: calendar, problems: &problems) ?? now
        let category = FinanceForms.category(self.category, field: "category", problems: &problems) ?? .other
        let currency = FinanceForms.currency(self.currency, field: "currency", problems: &problems)
        if tags.count > 50 { problems.append("tags: \(tags.count) given; keep it to 50 or fewer") }
        guard problems.isEmpty, let title, let amount else { throw ServiceError.validationFailed(problems) }
        return try FinanceForms.validated("transaction") {
            try FinanceValidation.validate(
                Transaction(
                    title: title, subtitle: subtitle ?? "", amount: amount, category: category, date: date,
                    isRecurring: isRecurring, tags: tags, currency: currency))
        }
    }
}
