public import Foundation
public import HearthCore

/// Adherence by ISO week, as pure functions: for each week, the doses due up to `now`, and how many of them
/// were taken or skipped.
public enum MedicationAdherence {
    /// The Monday of the ISO week `day` is in.
    public static func monday(of day: CalendarDay) -> CalendarDay {
        // Day 0 (1970-01-01) was a Thursday; Monday-based weekday index 3.
        let weekday = ((day.dayNumber + 3) % 7 + 7) % 7
        return day.adding(days: -weekday)
    }

    /// "2026-W48": the ISO 8601 week of `day` (the year is the year of the week's Thursday).
    public static func isoWeek(of day: CalendarDay) -> String {
        let thursday = monday(of: day).adding(days: 3)
        let firstOfYear = CalendarDay(year: thursday.year, month: 1, day: 1)!
        let week = firstOfYear.days(until: thursday) / 7 + 1
        return "\(thursday.year)-W" + (week < 10 ? "0\(week)" : "\(week)")
    }

    /// The last `weeks` ISO weeks up to the one holding `now` (oldest first), with the doses of `medication`
    /// due by `now` and what `records` say of them. Records of other medications or of unscheduled slots
    /// do not count.
    public static func weeks(
        of medication: Medication, id: UUID, records: [DoseRecord], weeks: Int, now: Date, timeZone: TimeZone
    ) -> [WeekAdherence] {
        let today = CalendarDay(now, in: timeZone)
        let thisMonday = monday(of: today)
        var bySlot: [DoseSlot: DoseRecord.Status] = [:]
        for record in records where record.medicationID == id { bySlot[record.slot] = record.status }
        return (0..<max(0, weeks)).reversed().map { back in
            let start = thisMonday.adding(days: -7 * back)
            let due = MedicationSchedule.slots(of: medication, from: start, through: start.adding(days: 6))
                .filter { MedicationSchedule.instant(of: $0, in: timeZone) <= now }
            let statuses = due.compactMap { bySlot[$0] }
            return WeekAdherence(
                week: isoWeek(of: start), start: start, due: due.count,
                taken: statuses.filter { $0 == .taken }.count, skipped: statuses.filter { $0 == .skipped }.count)
        }
    }
}
