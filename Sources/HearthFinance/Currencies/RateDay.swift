public import Foundation

/// A calendar day, `YYYY-MM-DD`, as exchange rates are published: no time and no time zone.
///
/// Days order and subtract as whole days (``number`` counts days since 1970-01-01), so the rate of the
/// most recent earlier day is a comparison, not a calendar computation.
public struct RateDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let number: Int

    /// The day `text` names, written `YYYY-MM-DD` (years 1900 to 9999); nil when it is not a real day.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10), year >= 1900,
            (1...12).contains(month), day >= 1, day <= Self.length(ofMonth: month, year: year)
        else { return nil }
        number = Self.daysFromCivil(year: year, month: month, day: day)
    }

    /// The day `number` days after 1970-01-01.
    public init(number: Int) { self.number = number }

    /// The day `date` falls on in `timeZone`.
    public init(_ date: Date, timeZone: TimeZone) {
        let seconds = Int((date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down))
        number = Int((Double(seconds) / 86_400).rounded(.down))
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = Self.civil(fromDays: number)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> RateDay { RateDay(number: number + days) }

    public static func < (lhs: RateDay, rhs: RateDay) -> Bool { lhs.number < rhs.number }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = RateDay(text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not a day written YYYY-MM-DD"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days_from_civil and civil_from_days, for the proleptic Gregorian calendar.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
