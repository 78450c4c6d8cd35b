public import HearthCore

/// Changes to a service log entry: each field given replaces the stored one (nil leaves it).
public struct ServiceLogEdit: Sendable, Hashable {
    public var performedDate: CalendarDay?
    /// The odometer then, in miles.
    public var mileage: Int?
    /// The cost as typed, checked by ``CostValidation``; "" clears it.
    public var cost: String?
    public var category: ServiceLog.CostCategory?
    /// What was done, for an entry of no service; "" clears it.
    public var title: String?
    /// "" clears the notes.
    public var notes: String?

    public init(
        performedDate: CalendarDay? = nil, mileage: Int? = nil, cost: String? = nil,
        category: ServiceLog.CostCategory? = nil, title: String? = nil, notes: String? = nil
    ) {
        self.performedDate = performedDate
        self.mileage = mileage
        self.cost = cost
        self.category = category
        self.title = title
        self.notes = notes
    }
}
