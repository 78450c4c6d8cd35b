public import Foundation
import HearthCore
import HearthExchange

/// Writes medications as an RFC 5545 iCalendar feed (`.ics`) through ``ICalendarWriter``, the writer the
/// garage's reminder feed uses.
///
/// One event per medication and time of day, repeating with `RRULE:FREQ=DAILY` (`INTERVAL=N` for every N days,
/// `UNTIL` the end date's last second), 15 minutes long, with a display alarm at its start. The UID is the
/// drug entry's id and the time, so a refreshed feed updates events instead of duplicating them.
///
/// Times are floating local times (RFC 5545 §3.3.5, form 1: no `Z`, no `TZID`): a dose at 08:00 is due at
/// 08:00 on the clock of wherever the person is, before and after a daylight-saving change and when they
/// travel. The garage's reminders are instants and are written in UTC; a daily 08:00 dose written in UTC
/// would move by an hour at every daylight-saving change. `UNTIL` is floating too, as §3.3.10 requires when
/// `DTSTART` is.
public enum MedicationCalendar {
    /// The calendar's name as apps show it.
    public static let calendarName = "Hearth Medications"

    /// The feed for `medications`, stamped with `now` (UTC).
    public static func render(_ medications: [ScheduledMedication], now: Date) -> String {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Hearth//Health Medications//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:\(ICalendarWriter.escape(calendarName))",
        ]
        let stamp = ICalendarWriter.utcTimestamp(now)
        for item in medications {
            guard let medication = item.entry.medication else { continue }
            for time in medication.times.sorted() {
                let start = medication.startDate
                var rule = "RRULE:FREQ=DAILY"
                if medication.everyDays > 1 { rule += ";INTERVAL=\(medication.everyDays)" }
                if let end = medication.endDate {
                    rule +=
                        ";UNTIL="
                        + ICalendarWriter.floatingTimestamp(
                            year: end.year, month: end.month, day: end.day, hour: 23, minute: 59, second: 59)
                }
                var description = "\(medication.nameAndDosage) for \(item.recordName) at \(time)"
                if !medication.route.isEmpty { description += ", \(medication.route)" }
                description += "."
                if !item.entry.comment.isEmpty { description += "\n" + item.entry.comment }
                let summary = "\(medication.nameAndDosage) (\(item.recordName))"
                lines += [
                    "BEGIN:VEVENT",
                    "UID:\(item.entry.id.uuidString.lowercased())-\(time.hour * 100 + time.minute)@hearth-health",
                    "DTSTAMP:\(stamp)",
                    "DTSTART:"
                        + ICalendarWriter.floatingTimestamp(
                            year: start.year, month: start.month, day: start.day, hour: time.hour, minute: time.minute),
                    "DURATION:PT15M",
                    rule,
                    "SUMMARY:\(ICalendarWriter.escape(summary))",
                    "DESCRIPTION:\(ICalendarWriter.escape(description))",
                    "CATEGORIES:MEDICATION",
                    "TRANSP:TRANSPARENT",
                    "BEGIN:VALARM",
                    "ACTION:DISPLAY",
                    "DESCRIPTION:\(ICalendarWriter.escape("Take " + summary))",
                    "TRIGGER:PT0S",
                    "END:VALARM",
                    "END:VEVENT",
                ]
            }
        }
        lines.append("END:VCALENDAR")
        return ICalendarWriter.document(lines)
    }
}
