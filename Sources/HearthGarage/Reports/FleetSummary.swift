public import Foundation
public import HearthCore

/// Every vehicle side by side (`hearth garage report --all`): what each cost, over how many miles, what that
/// is per mile, and what is due next.
///
/// Costs are the service logs' costs and the expenses (insurance, registration, …), as in the yearly cost
/// report; fuel is left out of them and shown as its own cost per mile, from full fill-ups. The distance is
/// what the odometer readings of the period span: the logs' and expenses' mileages, and the current reading
/// when the period runs to today.
public struct FleetSummary: Sendable, Codable, Hashable {
    /// One vehicle's figures.
    public struct Row: Sendable, Codable, Hashable {
        public var vehicleID: UUID
        public var vehicle: String
        public var serviceCost: Decimal
        public var expenseCost: Decimal
        /// Services and expenses together.
        public var cost: Decimal
        /// Miles the period's odometer readings span; nil with fewer than two readings.
        public var distance: Int?
        /// ``cost`` over ``distance``, to a tenth of a cent; nil without a distance.
        public var costPerMile: Decimal?
        /// Fuel's cost per mile from full fill-ups, when two make a chain.
        public var fuelCostPerMile: Decimal?
        /// The most pressing tracked service: overdue first, then the earliest expected.
        public var nextDue: NextDue?
    }

    /// A service due, as the fleet report names it.
    public struct NextDue: Sendable, Codable, Hashable {
        public var service: String
        public var status: DueStatus
        /// The due date, or the day the driving pace reaches the due mileage, whichever is earlier.
        public var expected: CalendarDay?
        public var dueMileage: Int?
    }

    /// The calendar year covered; nil for everything recorded.
    public var year: Int?
    public var rows: [Row]

    public var total: Decimal { rows.reduce(0) { $0 + $1.cost } }
    public var distance: Int { rows.reduce(0) { $0 + ($1.distance ?? 0) } }
    /// The total over the miles of the vehicles that have a distance, to a tenth of a cent.
    public var costPerMile: Decimal? {
        let measured = rows.filter { ($0.distance ?? 0) > 0 }
        let miles = measured.reduce(0) { $0 + ($1.distance ?? 0) }
        guard miles > 0 else { return nil }
        return Self.perMile(measured.reduce(0) { $0 + $1.cost }, miles: miles)
    }

    public init(year: Int?, rows: [Row]) {
        self.year = year
        self.rows = rows
    }

    /// `amount` per mile, rounded half up to a tenth of a cent (as fuel's cost per mile).
    static func perMile(_ amount: Decimal, miles: Int) -> Decimal {
        Calculation.rounded(amount / Decimal(miles), scale: 3)
    }

    /// The most pressing of `items`: by status (overdue first), then by expected day (undated last).
    static func nextDue(_ items: [DueItem]) -> NextDue? {
        let tracked = items.filter { $0.status != .neutral }
        let first = tracked.min { lhs, rhs in
            if lhs.status != rhs.status { return lhs.status < rhs.status }
            switch (lhs.effectiveDueDate, rhs.effectiveDueDate) {
            case (let left?, let right?): return left < right
            case (.some, nil): return true
            default: return false
            }
        }
        return first.map {
            NextDue(
                service: $0.service.name, status: $0.status, expected: $0.effectiveDueDate,
                dueMileage: $0.service.dueMileage)
        }
    }
}
