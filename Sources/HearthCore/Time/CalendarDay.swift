public import Foundation

/// A day on the Gregorian calendar, with no time and no time zone: a due date, a performed date, a marbete
/// expiry.
///
/// Due dates are days, not instants, so "due on 31 March" stays 31 March wherever the user travels. Arithmetic
/// is pure integer work (days since 1970-01-01), and month arithmetic clamps to the month's end, the way a
/// calendar does: 31 January plus one month is 28 (or 29) February.
///
/// ```swift
/// let due = CalendarDay(year: 2024, month: 1, day: 31)!.adding(months: 1)   // 2024-02-29
/// let nine = due.date(hour: 9, minute: 0, in: TimeZone(identifier: "America/Puerto_Rico")!)
/// ```
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, such as 2024.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// The day, or nil when the parts do not name a real day (30 February, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysInMonth(month, of: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day a number of days after 1970-01-01 (negative numbers go before it).
    public init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// The day `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let seconds = Int((date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down))
        self.init(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
    }

    /// Parses `yyyy-MM-dd`; nil when `text` is not a real day in that form.
    public init?(iso text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in utf8[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `yyyy-MM-dd`.
    public var iso: String {
        let y = String(year)
        let m = month < 10 ? "0\(month)" : String(month)
        let d = day < 10 ? "0\(day)" : String(day)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + m + "-" + d
    }

    public var description: String { iso }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> CalendarDay { CalendarDay(dayNumber: dayNumber + days) }

    /// The same day `months` later, clamped to the end of a shorter month.
    public func adding(months: Int) -> CalendarDay {
        let total = (year * 12 + (month - 1)) + months
        let newYear = total >= 0 ? total / 12 : (total - 11) / 12
        let newMonth = total - newYear * 12 + 1
        let clampedDay = min(day, Self.daysInMonth(newMonth, of: newYear))
        return CalendarDay(year: newYear, month: newMonth, day: clampedDay) ?? self
    }

    /// The same day `years` later; 29 February becomes 28 February in a common year.
    public func adding(years: Int) -> CalendarDay { adding(months: years * 12) }

    /// Whole days from this day to `other` (negative when `other` is earlier).
    public func days(until other: CalendarDay) -> Int { other.dayNumber - dayNumber }

    /// The last day of this day's month.
    public var lastDayOfMonth: CalendarDay {
        CalendarDay(year: year, month: month, day: Self.daysInMonth(month, of: year)) ?? self
    }

    /// The instant this day reads `hour:minute` on a clock in `timeZone`.
    ///
    /// When that time does not exist (a daylight-saving gap) the instant just after the gap is used.
    public func date(hour: Int, minute: Int = 0, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        if let date = calendar.date(from: components) { return date }
        // Fall back to the UTC reading shifted by the zone's offset: only reached for unusual zones.
        let utc = Double(dayNumber * 86_400 + hour * 3_600 + minute * 60)
        return Date(timeIntervalSince1970: utc - Double(timeZone.secondsFromGMT()))
    }

    /// Midnight at the start of this day in `timeZone`.
    public func startOfDay(in timeZone: TimeZone) -> Date { date(hour: 0, in: timeZone) }

    /// Whether `year` has a 29 February.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// How many days `month` of `year` has.
    public static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

extension CalendarDay: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = CalendarDay(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a day in the form yyyy-MM-dd.")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}
