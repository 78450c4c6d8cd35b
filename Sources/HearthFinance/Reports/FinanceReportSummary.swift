public import Foundation
import HearthCore

/// The figures of a finance report, before they are laid out: what ``FinanceReportService`` draws, and what
/// `hearth finance report --json` prints.
public struct FinanceReportSummary: Sendable, Equatable, Encodable {
    /// One category's spending in the period and the period before.
    public struct CategoryChange: Sendable, Equatable, Codable {
        public let category: TransactionCategory
        public let spent: Decimal
        public let previous: Decimal
        /// `spent - previous`.
        public var change: Decimal { spent - previous }
        /// The change as a percentage of `previous`, to one decimal; nil when nothing was spent before.
        public var changePercent: Decimal? {
            previous > 0 ? Calculation.roundedPercent(change, of: previous) : nil
        }

        public init(category: TransactionCategory, spent: Decimal, previous: Decimal) {
            self.category = category
            self.spent = spent
            self.previous = previous
        }
    }

    /// One month's totals, for the trend.
    public struct MonthTotals: Sendable, Equatable, Codable {
        public let month: FinanceMonth
        public let income: Decimal
        public let expenses: Decimal
        public var net: Decimal { income - expenses }

        public init(month: FinanceMonth, income: Decimal, expenses: Decimal) {
            self.month = month
            self.income = income
            self.expenses = expenses
        }
    }

    /// One budget over the period: what it allowed and what was spent.
    public struct BudgetLine: Sendable, Equatable, Codable {
        public let category: TransactionCategory
        /// For a month: the budget plus what was carried in; for a year: the monthly amount times the months
        /// it applied to (up to the current month).
        public let budgeted: Decimal
        public let spent: Decimal
        public var left: Decimal { budgeted - spent }
        /// Spent as a percentage of budgeted, to one decimal; nil when nothing was budgeted.
        public var percentUsed: Decimal? { budgeted > 0 ? Calculation.roundedPercent(spent, of: budgeted) : nil }

        public init(category: TransactionCategory, budgeted: Decimal, spent: Decimal) {
            self.category = category
            self.budgeted = budgeted
            self.spent = spent
        }
    }

    /// `2026-11` or `2026`.
    public let period: String
    /// "November 2026" or "2026".
    public let title: String
    public let income: Decimal
    public let expenses: Decimal
    public var net: Decimal { income - expenses }
    public let transactionCount: Int
    /// Every category spent in during the period or the one before, largest spending first.
    public let categories: [CategoryChange]
    /// The months of the trend, oldest first: the six months up to a month, or a year's twelve.
    public let trend: [MonthTotals]
    /// The budgets that applied in the period, by category name; empty without budgets.
    public let budgets: [BudgetLine]
    /// The currency income, expenses, categories and trend were converted to; nil when they are in the
    /// book currency unconverted. Budgets are always in the book currency.
    public var currency: CurrencyCode?

    public init(
        period: String, title: String, income: Decimal, expenses: Decimal, transactionCount: Int,
        categories: [CategoryChange], trend: [MonthTotals], budgets: [BudgetLine]
    ) {
        self.period = period
        self.title = title
        self.income = income
        self.expenses = expenses
        self.transactionCount = transactionCount
        self.categories = categories
        self.trend = trend
        self.budgets = budgets
    }

    enum CodingKeys: String, CodingKey {
        case period, title, income, expenses, net, transactionCount, categories, trend, budgets, currency
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(period, forKey: .period)
        try container.encode(title, forKey: .title)
        try container.encode(income, forKey: .income)
        try container.encode(expenses, forKey: .expenses)
        try container.encode(net, forKey: .net)
        try container.encode(transactionCount, forKey: .transactionCount)
        try container.encode(categories, forKey: .categories)
        try container.encode(trend, forKey: .trend)
        try container.encode(budgets, forKey: .budgets)
        try container.encodeIfPresent(currency, forKey: .currency)
    }
}

extension Calculation {
    /// `part` as a percentage of `whole`, rounded to one decimal.
    fileprivate static func roundedPercent(_ part: Decimal, of whole: Decimal) -> Decimal {
        rounded(part * 100 / whole, scale: 1)
    }
}
