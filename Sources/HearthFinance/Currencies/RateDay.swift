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
        Int(Timestamp.daysIn(month: Int64(month), year: Int64(year)))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (through ``Timestamp``'s conversions).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        Int(Timestamp.days(fromCivil: Int64(year), Int64(month), Int64(day)))
    }

    /// The proleptic Gregorian date `days` after 1970-01-01.
    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let (year, month, day) = Timestamp.civil(fromDays: Int64(days))
        return (Int(year), Int(month), Int(day))
    }
}
