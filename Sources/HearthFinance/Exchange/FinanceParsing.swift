public import Foundation
import HearthCore

/// Strict parsing of the text people type or files hold: amounts, dates and yes/no values.
public enum FinanceParsing {
    /// `text` as an amount: an optional sign, digits, and an optional fraction after a `.`
    /// (`-12.50`, `3200`, `+0.99`); nil for anything else, such as `12,50`, `1e3` or `$5`.
    public static func amount(_ text: String) -> Decimal? {
        let trimmed = Validation.trimmed(text)
        var scalars = Substring(trimmed)
        if let first = scalars.first, first == "-" || first == "+" { scalars = scalars.dropFirst() }
        let parts = scalars.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            parts.count == 1 || !parts[1].isEmpty
        else { return nil }
        return Decimal(
            string: trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed,
            locale: Locale(identifier: "en_US_POSIX"))
    }

    /// `text` as an instant: an ISO 8601 timestamp with `Z` or an offset (`2026-01-31T09:00:00Z`), or a day
    /// (`2026-01-31`, the start of that day in `calendar`'s time zone); nil for anything else.
    public static func date(_ text: String, calendar: Calendar) -> Date? {
        let trimmed = Validation.trimmed(text)
        if trimmed.count == 10 {
            return Formatting.parseISODay(trimmed, timeZone: calendar.timeZone).map { calendar.startOfDay(for: $0) }
        }
        return Timestamp.parse(trimmed).map(Milliseconds.date)
    }

    /// `text` as true (`true`, `yes`, `1`) or false (`false`, `no`, `0`, empty); nil otherwise.
    public static func bool(_ text: String) -> Bool? {
        switch Validation.trimmed(text).lowercased() {
        case "true", "yes", "y", "1": true
        case "false", "no", "n", "0", "": false
        default: nil
        }
    }

    /// `date` as an ISO 8601 timestamp in UTC with milliseconds, the form exports use.
    public static func timestamp(_ date: Date) -> String { Timestamp.format(date) }
}
