public import Foundation

/// What a vehicle's service logs cost in one calendar year, by cost category — the January roundup.
public struct YearlyCostSummary: Sendable, Equatable, Codable {
    /// The total of one cost category.
    public struct CategoryTotal: Sendable, Equatable, Codable {
        /// The category; `nil` for entries without one.
        public var category: ServiceLog.CostCategory?
        /// What its entries cost together.
        public var total: Decimal
        /// How many entries with a cost it has.
        public var count: Int

        /// "Maintenance", "Repair", "Upgrade" or "Uncategorized".
        public var label: String { category.map { $0.rawValue.capitalized } ?? "Uncategorized" }
    }

    /// One entry with a cost.
    public struct Entry: Sendable, Equatable, Codable {
        public var date: CalendarDay
        /// The service's name, or the log's title.
        public var service: String
        public var category: ServiceLog.CostCategory?
        public var mileage: Int
        public var cost: Decimal
        public var notes: String?
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
}
