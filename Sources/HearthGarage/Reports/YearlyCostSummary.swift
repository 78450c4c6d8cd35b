public import Foundation
public import HearthCore

/// What a vehicle cost in one calendar year, by cost category — the January roundup: its service logs by
/// their category, and its other expenses (insurance, parking, tolls…) by theirs.
public struct YearlyCostSummary: Sendable, Equatable, Codable {
    /// The total of one cost category.
    public struct CategoryTotal: Sendable, Equatable, Codable {
        /// The service category; `nil` for expenses and for logs without one.
        public var category: ServiceLog.CostCategory?
        /// The expense category ("Parking"), for expenses.
        public var expenseCategory: String?
        /// What its entries cost together.
        public var total: Decimal
        /// How many entries with a cost it has.
        public var count: Int

        /// "Maintenance", "Repair", "Upgrade" or "Uncategorized".
        public var label: String { category.map { $0.rawValue.capitalized } ?? expenseCategory ?? "Uncategorized" }
    }

    /// One entry with a cost.
    public struct Entry: Sendable, Equatable, Codable {
        public var date: CalendarDay
        /// The service's name, or the log's title.
        public var service: String
        public var category: ServiceLog.CostCategory?
        /// The expense category, for an expense.
        public var expenseCategory: String?
        /// The odometer then, when known.
        public var mileage: Int?
        public var cost: Decimal
        public var notes: String?

        /// The category as a table shows it.
        public var categoryLabel: String { category.map { $0.rawValue.capitalized } ?? expenseCategory ?? "—" }
    }

    public var vehicleID: UUID
    public var year: Int
    /// Every category with entries, in the order maintenance, repair, upgrade, uncategorized.
    public var categories: [CategoryTotal]
    /// The entries with a cost, oldest first.
    public var entries: [Entry]

    /// What the year cost in all.
    public var total: Decimal { categories.reduce(0) { $0 + $1.total } }

    /// The total of each month, January first.
    public var monthlyTotals: [Decimal] {
        var totals = [Decimal](repeating: 0, count: 12)
        for entry in entries { totals[entry.date.month - 1] += entry.cost }
        return totals
    }

    /// What each month of the year cost in one of the summary's categories, January first.
    public func monthlyTotals(of category: CategoryTotal) -> [Decimal] {
        var totals = [Decimal](repeating: 0, count: 12)
        for entry in entries
        where entry.category == category.category && entry.expenseCategory == category.expenseCategory {
            totals[entry.date.month - 1] += entry.cost
        }
        return totals
    }
}
