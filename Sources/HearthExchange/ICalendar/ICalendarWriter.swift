public import Foundation

/// Writes RFC 5545 iCalendar text: the one iCalendar writer of Hearth (the garage's reminder feed and the health
/// records' medication feed both write through it).
///
/// A document is a list of content lines; ``document(_:)`` folds each at 75 octets and ends every line with
/// CRLF. Values go through ``escape(_:)`` (TEXT) or the timestamp helpers.
///
/// ```swift
/// let text = ICalendarWriter.document([
///     "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Hearth//Example//EN",
///     "SUMMARY:" + ICalendarWriter.escape("Oil change; bring the coupon"), "END:VCALENDAR",
/// ])
/// ```
public enum ICalendarWriter {
    /// The content lines folded and joined with CRLF, ending in CRLF.
    public static func document(_ lines: [String]) -> String {
        lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines; other control characters
    /// (not allowed in TEXT) are dropped.
    public static func escape(_ text: String) -> String {
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
                if scalar.value < 0x20 && scalar != "\t" { break }
                escaped.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return escaped
    }

    /// Splits a content line into lines of at most 75 octets, continuation lines starting with a space,
    /// never inside a UTF-8 sequence (RFC 5545 §3.1).
    public static func fold(_ line: String) -> String {
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

    /// A DATE-TIME in UTC: `20260302T130000Z`.
    public static func utcTimestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// A DATE-TIME in floating local time (no zone: the same wall-clock time wherever the reader is,
    /// RFC 5545 §3.3.5 form 1): `20261128T080000`.
    public static func floatingTimestamp(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0)
        -> String
    {
        String(format: "%04d%02d%02dT%02d%02d%02d", year, month, day, hour, minute, second)
    }
}
