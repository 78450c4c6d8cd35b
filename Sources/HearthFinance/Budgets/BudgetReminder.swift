public import Foundation

/// A reminder that a category's spending reached 80 % or 100 % of its budget in a month. Each threshold
/// makes one reminder per category and month, kept in the database so it is never made twice.
public struct BudgetReminder: Sendable, Equatable, Codable, Identifiable {
    /// `budget-<YYYY-MM>-<category>-<threshold>`, such as `budget-2026-11-food-80`.
    public let id: String
    public let category: TransactionCategory
    public let month: FinanceMonth
    /// 80 or 100 (percent).
    public let threshold: Int
    /// What had been spent when the reminder was made.
    public let spent: Decimal
    /// What the month allowed then.
    public let available: Decimal
    /// When it was made.
    public let createdAt: Date
    /// When it was shown; nil while it waits to be.
    public let deliveredAt: Date?
    /// When each channel (`webhook`, `mail`) it was delivered on took it; nil when none has.
    public let deliveries: [String: Date]?

    public init(
        category: TransactionCategory, month: FinanceMonth, threshold: Int, spent: Decimal, available: Decimal,
        createdAt: Date, deliveredAt: Date? = nil, deliveries: [String: Date]? = nil
    ) {
        self.id = Self.id(category: category, month: month, threshold: threshold)
        self.category = category
        self.month = month
        self.threshold = threshold
        self.spent = spent
        self.available = available
        self.createdAt = createdAt
        self.deliveredAt = deliveredAt
        self.deliveries = deliveries?.isEmpty == true ? nil : deliveries
    }

    /// The id of the reminder for `threshold` of `category`'s budget in `month`.
    public static func id(category: TransactionCategory, month: FinanceMonth, threshold: Int) -> String {
        "budget-\(month)-\(String(describing: category))-\(threshold)"
    }

    /// A line for a notification: "Food & Dining: 80 % of the November 2026 budget spent".
    public var title: String {
        threshold >= 100
            ? "\(category.displayName): the \(month.longName) budget is spent"
            : "\(category.displayName): \(threshold) % of the \(month.longName) budget spent"
    }

    /// The figures: "Spent 410.00 of 500.00; 90.00 left."
    public var body: String {
        let left = available - spent
        let figures = "Spent \(BudgetReminder.money(spent)) of \(BudgetReminder.money(available))"
        return left >= 0
            ? "\(figures); \(BudgetReminder.money(left)) left." : "\(figures); \(BudgetReminder.money(-left)) over."
    }

    static func money(_ amount: Decimal) -> String {
        amount.formatted(
            .number.precision(.fractionLength(2)).grouping(.never).locale(Locale(identifier: "en_US_POSIX")))
    }
}
