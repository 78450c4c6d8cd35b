public import HearthCore

/// Changes to a fill-up: each field given replaces the stored one (nil leaves it).
public struct FillUpEdit: Sendable, Hashable {
    public var date: CalendarDay?
    /// The odometer, in miles.
    public var odometer: Int?
    /// US gallons as typed ("11.452").
    public var gallons: String?
    /// The cost as typed, checked by ``CostValidation``.
    public var cost: String?
    public var isPartial: Bool?
    public var missedPrevious: Bool?
    /// "" clears the station.
    public var station: String?
    /// "" clears the notes.
    public var notes: String?

    public init(
        date: CalendarDay? = nil, odometer: Int? = nil, gallons: String? = nil, cost: String? = nil,
        isPartial: Bool? = nil, missedPrevious: Bool? = nil, station: String? = nil, notes: String? = nil
    ) {
        self.date = date
        self.odometer = odometer
        self.gallons = gallons
        self.cost = cost
        self.isPartial = isPartial
        self.missedPrevious = missedPrevious
        self.station = station
        self.notes = notes
    }
}
