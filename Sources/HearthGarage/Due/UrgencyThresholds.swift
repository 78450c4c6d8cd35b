public import HearthCore

/// The thresholds of the urgency levels (LubeLogger's defaults).
public struct UrgencyThresholds: Sendable, Hashable, Codable {
    /// Fewer days left than this is urgent (default 30).
    public var urgentDays: Int
    /// Fewer days left than this is very urgent (default 7).
    public var veryUrgentDays: Int
    /// Fewer miles left than this is urgent (default 100).
    public var urgentMiles: Int
    /// Fewer miles left than this is very urgent (default 50).
    public var veryUrgentMiles: Int

    public init(urgentDays: Int = 30, veryUrgentDays: Int = 7, urgentMiles: Int = 100, veryUrgentMiles: Int = 50) {
        self.urgentDays = urgentDays
        self.veryUrgentDays = veryUrgentDays
        self.urgentMiles = urgentMiles
        self.veryUrgentMiles = veryUrgentMiles
    }

    /// The urgency of something due on `dueDate` and/or at `dueMileage`: by date, by odometer, or by both
    /// (whichever is more pressing). Past due once either is passed; nil when neither is set.
    public func urgency(dueDate: CalendarDay?, dueMileage: Int?, currentMileage: Int, today: CalendarDay) -> Urgency? {
        var levels: [Urgency] = []
        if let dueDate {
            let days = today.days(until: dueDate)
            levels.append(
                days < 0 ? .pastDue : days < veryUrgentDays ? .veryUrgent : days < urgentDays ? .urgent : .notUrgent)
        }
        if let dueMileage {
            let miles = dueMileage - currentMileage
            levels.append(
                miles < 0
                    ? .pastDue : miles < veryUrgentMiles ? .veryUrgent : miles < urgentMiles ? .urgent : .notUrgent)
        }
        return levels.max()
    }
}
