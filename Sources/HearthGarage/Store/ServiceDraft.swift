/// What a new service is made from: a preset, a name with intervals, or both (the draft's values win).
public struct ServiceDraft: Sendable, Hashable {
    /// The service's name; when nil the preset's name is used.
    public var name: String?
    /// A preset to start from, by name ("Oil Change"), bundled or custom.
    public var preset: String?
    public var intervalMonths: Int?
    public var intervalMiles: Int?
    /// An explicit due date, instead of one derived from the interval.
    public var dueDate: CalendarDay?
    /// An explicit due mileage, instead of one derived from the interval.
    public var dueMileage: Int?
    /// When the work was last done; due values are derived from it (else from today).
    public var lastPerformed: CalendarDay?
    /// The mileage the work was last done at; due values are derived from it (else from the vehicle's).
    public var lastMileage: Int?
    public var notes: String?
    public var isRecurring: Bool
    public var renewal: ServiceItem.Renewal

    public init(
        name: String? = nil, preset: String? = nil, intervalMonths: Int? = nil, intervalMiles: Int? = nil,
        dueDate: CalendarDay? = nil, dueMileage: Int? = nil, lastPerformed: CalendarDay? = nil,
        lastMileage: Int? = nil, notes: String? = nil, isRecurring: Bool = true,
        renewal: ServiceItem.Renewal = .fromCompletion
    ) {
        self.name = name
        self.preset = preset
        self.intervalMonths = intervalMonths
        self.intervalMiles = intervalMiles
        self.dueDate = dueDate
        self.dueMileage = dueMileage
        self.lastPerformed = lastPerformed
        self.lastMileage = lastMileage
        self.notes = notes
        self.isRecurring = isRecurring
        self.renewal = renewal
    }
}
