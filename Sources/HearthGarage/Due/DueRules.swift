public import HearthCore

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
        status(
            dueDate: service.dueDate, dueMileage: service.dueMileage, currentMileage: currentMileage,
            today: today, settings: settings)
    }

    /// The day a mileage-based service is expected to fall due: the earlier of its due date and the day the
    /// driving `pace` reaches its due mileage. Without a due mileage or a pace, the due date alone.
    public static func effectiveDueDate(
        dueDate: CalendarDay?, dueMileage: Int?, currentMileage: Int, pace: Pace?, today: CalendarDay
    ) -> CalendarDay? {
        guard let dueMileage, let pace,
            let predicted = pace.day(reaching: dueMileage, from: currentMileage, today: today)
        else {
            return dueDate
        }
        guard let dueDate else { return predicted }
        return min(dueDate, predicted)
    }
}
