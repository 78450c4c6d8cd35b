public import Foundation
public import HearthCore

/// When a medication's doses are due, as pure functions of its ``Medication`` and a time zone (the local
/// times of a schedule become instants in the zone the person is in).
public enum MedicationSchedule {
    /// The slots due from `first` through `last` (both included), in order.
    public static func slots(of medication: Medication, from first: CalendarDay, through last: CalendarDay)
        -> [DoseSlot]
    {
        var start = max(first, medication.startDate)
        let end = medication.endDate.map { min(last, $0) } ?? last
        guard start <= end, medication.everyDays >= 1 else { return [] }
        // Move to the first day the schedule falls on.
        let offset = medication.startDate.days(until: start) % medication.everyDays
        if offset != 0 { start = start.adding(days: medication.everyDays - offset) }
        var slots: [DoseSlot] = []
        let times = medication.times.sorted()
        var day = start
        while day <= end {
            for time in times { slots.append(DoseSlot(day: day, time: time)) }
            day = day.adding(days: medication.everyDays)
        }
        return slots
    }

    /// Whether `slot` is one of the medication's scheduled doses.
    public static func isScheduled(_ slot: DoseSlot, of medication: Medication) -> Bool {
        medication.isDue(on: slot.day) && medication.times.contains(slot.time)
    }

    /// The instant `slot` is due in `timeZone`.
    public static func instant(of slot: DoseSlot, in timeZone: TimeZone) -> Date {
        slot.day.date(hour: slot.time.hour, minute: slot.time.minute, in: timeZone)
    }

    /// The scheduled dose nearest to `date` (the earlier one on a tie), looking as far as one interval of the
    /// schedule either way; nil when none is that close (before the start, after the end).
    public static func nearest(of medication: Medication, to date: Date, in timeZone: TimeZone) -> DoseSlot? {
        let day = CalendarDay(date, in: timeZone)
        let reach = medication.everyDays + 1
        let candidates = slots(of: medication, from: day.adding(days: -reach), through: day.adding(days: reach))
        return candidates.min { a, b in
            let da = abs(instant(of: a, in: timeZone).timeIntervalSince(date))
            let db = abs(instant(of: b, in: timeZone).timeIntervalSince(date))
            return da == db ? a < b : da < db
        }
    }

    /// Reads "yyyy-MM-dd HH:mm" (a local date and time, as `--at` takes it) into a day and time.
    public static func parseLocal(_ text: String) -> (day: CalendarDay, time: DoseTime)? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].count == 10, let day = CalendarDay(iso: parts[0]),
            let time = DoseTime(parts[1])
        else { return nil }
        return (day, time)
    }
}
