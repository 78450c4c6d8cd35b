public import Foundation

/// A calendar month, such as 2026-11: what budgets are kept and reports are made for.
///
/// Written `YYYY-MM` in JSON, in the database and on the command line; where it starts and ends depends
/// on the calendar (its time zone) it is placed in.
public struct FinanceMonth: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The year, 1...9999.
    public let year: Int
    /// The month, 1...12.
    public let month: Int

    /// The month `month` of `year`, or nil when either is out of range.
    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// The month `text` names (`YYYY-MM`), or nil.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
            bytes.enumerated().allSatisfy({
                $0.offset == 4 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0.element)
            }),
            let year = Int(text.prefix(4)), let month = Int(text.suffix(2))
        else { return nil }
        self.init(year: year, month: month)
    }

    /// The month containing `date` in `calendar`.
    public init(containing date: Date, calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month], from: date)
        year = min(max(parts.year ?? 1970, 1), 9999)
        month = parts.month ?? 1
    }

    /// `YYYY-MM`.
    public var description: String {
        String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year) + (month < 10 ? "-0" : "-")
            + String(month)
    }

    /// The month's short name and year, such as "Nov 2026".
    public var shortName: String { "\(Self.shortNames[month - 1]) \(year)" }

    /// The month's name and year, such as "November 2026".
    public var longName: String { "\(Self.longNames[month - 1]) \(year)" }

    static let shortNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let longNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// Months since the start of year 0: a number that grows by one each month.
    var ordinal: Int { year * 12 + (month - 1) }

    /// The month `count` months after this one (before it when negative), kept within years 1...9999.
    public func adding(months count: Int) -> FinanceMonth {
        let ordinal = min(max(self.ordinal + count, 12), 9999 * 12 + 11)
        return FinanceMonth(year: ordinal / 12, month: ordinal % 12 + 1)!
    }

    /// How many months lie from `other` to this one (negative when `other` is later).
    public func months(since other: FinanceMonth) -> Int { ordinal - other.ordinal }

    /// From the first instant of the month to the first instant of the next, in `calendar`.
    /// - Throws: ``PersistenceError`` (context error) when the calendar cannot place the month.
    public func range(in calendar: Calendar) throws -> Range<Date> {
        guard let start = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
            let end = calendar.date(byAdding: .month, value: 1, to: start)
        else {
            throw PersistenceError.contextError("The calendar cannot place the month \(description)")
        }
        return start..<end
    }

    public static func < (lhs: FinanceMonth, rhs: FinanceMonth) -> Bool { lhs.ordinal < rhs.ordinal }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let month = FinanceMonth(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a month; write YYYY-MM, such as 2026-11")
        }
        self = month
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
