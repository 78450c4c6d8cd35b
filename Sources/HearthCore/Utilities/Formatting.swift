public import Foundation

/// Pure presentation helpers: money, dates and phone numbers.
public enum Formatting {
    /// `amount` as currency in `locale`, for example `$1,234.50` or `1.234,50 €`; with `fractionDigits`, that
    /// many digits after the separator (3 for a cost per mile: `$0.027`).
    public static func currency(
        _ amount: Decimal, code: String = "USD", locale: Locale = Locale(identifier: "en_US"),
        fractionDigits: Int? = nil
    ) -> String {
        guard let fractionDigits else { return amount.formatted(.currency(code: code).locale(locale)) }
        return amount.formatted(.currency(code: code).precision(.fractionLength(fractionDigits)).locale(locale))
    }

    /// `date` in the given styles, time zone and locale.
    public static func date(
        _ date: Date,
        dateStyle: Date.FormatStyle.DateStyle = .abbreviated,
        timeStyle: Date.FormatStyle.TimeStyle = .omitted,
        timeZone: TimeZone = .current,
        locale: Locale = Locale(identifier: "en_US")
    ) -> String {
        var style = Date.FormatStyle(date: dateStyle, time: timeStyle, locale: locale, timeZone: timeZone)
        style.calendar = Calendar(identifier: .gregorian)
        return date.formatted(style)
    }

    /// `date` as a full date, `yyyy-MM-dd`, in `timeZone`.
    public static func isoDay(_ date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The start of the day `yyyy-MM-dd` in `timeZone`, or nil when `text` is not such a date.
    public static func parseISODay(_ text: String, timeZone: TimeZone = .current) -> Date? {
        let parts = Validation.trimmed(text).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components),
            calendar.dateComponents([.year, .month, .day], from: date)
                == DateComponents(year: year, month: month, day: day)
        else { return nil }
        return date
    }

    /// `date` as an ISO 8601 timestamp in UTC, for example `2026-11-22T09:00:00Z`.
    public static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// A US phone number: exactly ten digits become `(555) 123-4567`; anything else comes back unchanged.
    public static func phone(_ number: String) -> String {
        let digits = number.filter(\.isASCII).filter(\.isNumber)
        let allowed = CharacterSet(charactersIn: "0123456789 ()-.+")
        guard digits.count == 10,
            number.unicodeScalars.allSatisfy({ allowed.contains($0) }),
            !number.contains("+")
        else { return number }
        let chars = Array(digits)
        return "(\(String(chars[0..<3]))) \(String(chars[3..<6]))-\(String(chars[6..<10]))"
    }
}
