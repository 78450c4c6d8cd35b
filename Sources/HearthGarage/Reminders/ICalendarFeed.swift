public import Foundation
import HearthExchange

/// Writes reminders as an RFC 5545 iCalendar feed (`.ics`) any calendar app can subscribe to, through
/// ``ICalendarWriter``.
///
/// Each reminder is a 15-minute event at its slot (in UTC), with a display alarm at its start; the UID is the
/// reminder id, so a refreshed feed updates events instead of duplicating them.
public enum ICalendarFeed {
    /// The calendar's name as apps show it.
    public static let calendarName = "Hearth Garage"

    /// The feed for `reminders`, stamped with `now`; CRLF line endings, lines folded at 75 octets.
    public static func render(_ reminders: [ScheduledReminder], now: Date) -> String {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Hearth//Garage Reminders//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:\(escape(calendarName))",
        ]
        let stamp = timestamp(now)
        for reminder in reminders.sorted(by: { ($0.slotAt, $0.id) < ($1.slotAt, $1.id) }) {
            lines += [
                "BEGIN:VEVENT",
                "UID:\(escape(reminder.id))@hearth-garage",
                "DTSTAMP:\(stamp)",
                "DTSTART:\(timestamp(reminder.slotAt))",
                "DTEND:\(timestamp(reminder.slotAt.addingTimeInterval(15 * 60)))",
                "SUMMARY:\(escape(reminder.title))",
                "DESCRIPTION:\(escape(reminder.body))",
                "CATEGORIES:\(escape(reminder.category.rawValue))",
                "TRANSP:TRANSPARENT",
                "BEGIN:VALARM",
                "ACTION:DISPLAY",
                "DESCRIPTION:\(escape(reminder.title))",
                "TRIGGER:PT0S",
                "END:VALARM",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return ICalendarWriter.document(lines)
    }

    /// TEXT escaping (RFC 5545 §3.3.11), as ``ICalendarWriter/escape(_:)`` does it.
    static func escape(_ text: String) -> String { ICalendarWriter.escape(text) }

    /// Folding at 75 octets, as ``ICalendarWriter/fold(_:)`` does it.
    static func fold(_ line: String) -> String { ICalendarWriter.fold(line) }

    /// `20260302T130000Z`.
    static func timestamp(_ date: Date) -> String { ICalendarWriter.utcTimestamp(date) }
}
