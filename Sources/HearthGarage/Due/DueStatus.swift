/// Where a service stands against its due date and mileage.
public enum DueStatus: String, Codable, Sendable, Hashable, CaseIterable, Comparable {
    /// Past its due date or mileage.
    case overdue
    /// Within the due-soon window (750 miles, or 30 days when no due mileage is set).
    case dueSoon
    /// Has due values and is not close to them.
    case good
    /// Has no due date or mileage.
    case neutral

    /// Most pressing first: overdue, due soon, good, neutral.
    public static func < (lhs: DueStatus, rhs: DueStatus) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The label a table shows: "OVERDUE", "DUE SOON", "GOOD", "—".
    public var label: String {
        switch self {
        case .overdue: "OVERDUE"
        case .dueSoon: "DUE SOON"
        case .good: "GOOD"
        case .neutral: "—"
        }
    }
}

/// The windows that make a service "due soon".
public struct DueSettings: Sendable, Hashable, Codable {
    /// Miles left at or under which a service with a due mileage is due soon (default 750).
    public var dueSoonMiles: Int
    /// Days left at or under which a service without a due mileage is due soon (default 30).
    public var dueSoonDays: Int

    public init(dueSoonMiles: Int = 750, dueSoonDays: Int = 30) {
        self.dueSoonMiles = dueSoonMiles
        self.dueSoonDays = dueSoonDays
    }
}

/// The status rules, as pure functions.
public enum DueRules {
    /// The status of a service due on `dueDate` and/or at `dueMileage`, for a vehicle at `currentMileage` on
    /// `today`.
    ///
    /// Overdue when today is past the due date or the mileage past the due mileage. Otherwise due soon when
    /// 0 ≤ miles left ≤ ``DueSettings/dueSoonMiles`` (if a due mileage is set), else when
    /// 0 ≤ days left ≤ ``DueSettings/dueSoonDays``. Good when any due value is set; neutral when none is.
    public static func status(
        dueDate: CalendarDay?, dueMileage: Int?, currentMileage: Int, today: CalendarDay,
        settings: DueSettings = DueSettings()
    ) -> DueStatus {
        if let dueDate, today > dueDate { return .overdue }
        if let dueMileage, currentMileage > dueMileage { return .overdue }
        if let dueMileage {
            if (0...settings.dueSoonMiles).contains(dueMileage - currentMileage) { return .dueSoon }
        } else if let dueDate {
            if (0...settings.dueSoonDays).contains(today.days(until: dueDate)) { return .dueSoon }
        }
        return dueDate != nil || dueMileage != nil ? .good : .neutral
    }

    /// The status of `service` on a vehicle at `currentMileage`.
    public static func status(
        of service: ServiceItem, currentMileage: Int, today: CalendarDay, settings: DueSettings = DueSettings()
    ) -> DueStatus {
        status(dueDate: service.dueDate, dueMileage: service.dueMileage, currentMileage: currentMileage,
               today: today, settings: settings)
    }

    /// The day a mileage-based service is expected to fall due: the earlier of its due date and the day the
    /// driving `pace` reaches its due mileage. Without a due mileage or a pace, the due date alone.
    public static func effectiveDueDate(
        dueDate: CalendarDay?, dueMileage: Int?, currentMileage: Int, pace: Pace?, today: CalendarDay
    ) -> CalendarDay? {
        guard let dueMileage, let pace, let predicted = pace.day(reaching: dueMileage, from: currentMileage, today: today) else {
            return dueDate
        }
        guard let dueDate else { return predicted }
        return min(dueDate, predicted)
    }
}
