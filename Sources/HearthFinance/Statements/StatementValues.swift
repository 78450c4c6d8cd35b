import Foundation
import HearthCore

/// The amounts and dates of bank statements in the shapes banks write them.
enum StatementValues {
    /// An amount such as `-12.50`, `1,234.56`, `(12.50)` or `12.50-`; with `decimalComma`, `-12,50` and
    /// `1.234,56`. Thousands separators must group by three, so `12,50` is no amount without
    /// `decimalComma`. Nil for anything else.
    static func amount(_ text: String, decimalComma: Bool) -> Decimal? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var negative = false
        if rest.hasPrefix("("), rest.hasSuffix(")") {
            negative = true
            rest = rest.dropFirst().dropLast()
        }
        if let first = rest.first, first == "-" || first == "+" || first == "\u{2212}" {
            negative = negative != (first != "+")
            rest = rest.dropFirst()
        } else if let last = rest.last, last == "-" {
            negative = true
            rest = rest.dropLast()
        }
        rest = Substring(rest.trimmingCharacters(in: .whitespaces))
        let point: Character = decimalComma ? "," : "."
        let groupings: Set<Character> = decimalComma ? [".", " ", "'", "\u{A0}", "\u{202F}"] : [",", " ", "'"]
        let parts = rest.split(separator: point, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty else { return nil }
        let groups = whole.split(omittingEmptySubsequences: false) { groupings.contains($0) }
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
            groups.count == 1 || (groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 })
        else { return nil }
        var digits = groups.joined()
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].allSatisfy(\.isASCIIDigit) else { return nil }
            digits += "." + parts[1]
        }
        guard digits.count <= 30, let value = Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        return negative && value != 0 ? -value : value
    }

    /// An OFX amount: a sign, digits and a `.` or `,` before the fraction (OFX allows either).
    static func ofxAmount(_ text: String) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 32,
            trimmed.allSatisfy({ $0.isASCIIDigit || $0 == "." || $0 == "," || $0 == "-" || $0 == "+" })
        else { return nil }
        return amount(trimmed, decimalComma: trimmed.contains(",") && !trimmed.contains("."))
    }

    /// An OFX date-time, `YYYYMMDD[HHMMSS[.XXX]][[±H[H][.MM]][:TZ]]`. A bare day is the start of that day in
    /// `calendar`'s time zone; a time without an offset is UTC, as the OFX specification says.
    static func ofxDate(_ text: String, days: StatementDays) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var main = Substring(trimmed)
        var offsetSeconds: Int?
        if let open = trimmed.firstIndex(of: "[") {
            guard trimmed.hasSuffix("]") else { return nil }
            main = trimmed[..<open]
            let zone = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            let offsetText = zone.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            guard let hours = Double(offsetText), abs(hours) <= 14 else { return nil }
            offsetSeconds = Int((hours * 3600).rounded())
        }
        let digits = main.split(separator: ".", maxSplits: 1)
        guard let datePart = digits.first, [8, 12, 14].contains(datePart.count), datePart.allSatisfy(\.isASCIIDigit)
        else { return nil }
        func number(_ from: Int, _ length: Int) -> Int {
            Int(datePart.dropFirst(from).prefix(length))!
        }
        let year = number(0, 4)
        let month = number(4, 2)
        let dayOfMonth = number(6, 2)
        guard datePart.count > 8 else { return days.day(year, month, dayOfMonth) }
        var milliseconds = 0
        if digits.count == 2 {
            let fraction = digits[1]
            guard (1...6).contains(fraction.count), fraction.allSatisfy(\.isASCIIDigit) else { return nil }
            milliseconds = Int((fraction + "000").prefix(3))!
        }
        let hour = number(8, 2)
        let minute = number(10, 2)
        let second = datePart.count == 14 ? number(12, 2) : 0
        guard (1...12).contains(month), (1...daysIn(month, of: year)).contains(dayOfMonth), hour < 24, minute < 60,
            second < 61
        else { return nil }
        // Seconds since 1970 by arithmetic: a calendar per row would cost more than the rest of the row.
        let seconds =
            daysSince1970(year, month, dayOfMonth) * 86_400 + hour * 3_600 + minute * 60 + second
            - (offsetSeconds ?? 0)
        return Date(timeIntervalSince1970: Double(seconds) + Double(milliseconds) / 1000)
    }

    /// The days of `month` in `year` of the Gregorian calendar.
    static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a Gregorian date (Howard Hinnant's days_from_civil).
    static func daysSince1970(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Why a date could not be read, for the error message.
    enum DateProblem: Error {
        case unreadable
        /// A month-first date whose month is over 12, which reads as a day-first one.
        case dayFirst
        /// A day-first date whose month is over 12, which reads as a month-first one.
        case monthFirst
    }

    /// A QIF or CSV date: `2025-12-31`, `12/31/2025`, `12/31/25`, `12/31'25`, `1/ 5'05`, `31.12.2025`
    /// (dots always put the day first), `20251231`, or an ISO 8601 timestamp.
    static func date(_ text: String, dayFirst: Bool, days: StatementDays) -> Result<Date, DateProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count == 8, trimmed.allSatisfy(\.isASCIIDigit) {
            let value = Int(trimmed)!
            return days.day(value / 10_000, value / 100 % 100, value % 100).map { .success($0) }
                ?? .failure(.unreadable)
        }
        if trimmed.count > 10, trimmed.contains("T"), let instant = Timestamp.parse(trimmed) {
            return .success(Milliseconds.date(instant))
        }
        let compact = trimmed.filter { $0 != " " }
        let separators: Set<Character> = ["/", "-", ".", "'"]
        let parts = compact.split(omittingEmptySubsequences: false) { separators.contains($0) }
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIIDigit) })
        else { return .failure(.unreadable) }
        let numbers = parts.map { Int($0)! }
        if parts[0].count == 4 {
            return days.day(numbers[0], numbers[1], numbers[2]).map { .success($0) }
                ?? .failure(.unreadable)
        }
        var year = numbers[2]
        if parts[2].count <= 2 {
            // Quicken writes 2000s years after an apostrophe; otherwise 70–99 are the 1900s.
            year += compact.contains("'") || year < 70 ? 2000 : 1900
        } else if parts[2].count != 4 {
            return .failure(.unreadable)
        }
        let first = compact.contains(".") || dayFirst
        let (dayNumber, month) = first ? (numbers[0], numbers[1]) : (numbers[1], numbers[0])
        if month > 12, dayNumber <= 12, (1...31).contains(month) {
            return .failure(first ? .monthFirst : .dayFirst)
        }
        return days.day(year, month, dayNumber).map { .success($0) } ?? .failure(.unreadable)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
