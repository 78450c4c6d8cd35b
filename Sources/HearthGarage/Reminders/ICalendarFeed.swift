public import Foundation

/// Writes reminders as an RFC 5545 iCalendar feed (`.ics`) any calendar app can subscribe to.
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
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\r": escaped += "\\n"
            case "\n": if !previousWasCR { escaped += "\\n" }
            default:
                // Other control characters are not allowed in TEXT.
                if scalar.value < 0x20 && scalar != "\t" { break }
                escaped.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return escaped
    }

    /// Splits a content line into lines of at most 75 octets, continuation lines starting with a space,
    /// never inside a UTF-8 sequence (RFC 5545 §3.1).
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var result = ""
        var current = ""
        var currentOctets = 0
        var limit = 75
        for character in line {
            let octets = character.utf8.count
            if currentOctets + octets > limit {
                result += current + "\r\n "
                current = ""
                currentOctets = 0
                limit = 74  // the leading space counts
            }
            current.append(character)
            currentOctets += octets
        }
        return result + current
    }

    /// `20260302T130000Z`.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }
}
