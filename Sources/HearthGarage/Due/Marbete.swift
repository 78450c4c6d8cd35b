public import HearthCore

/// Puerto Rico's yearly registration sticker: valid through the last day of its month.
public struct Marbete: Sendable, Hashable, Codable {
    /// The expiry month, 1–12.
    public var month: Int
    /// The expiry year.
    public var year: Int

    /// Marbete is due soon this many days before it expires.
    public static let dueSoonDays = 60

    public init(month: Int, year: Int) {
        self.month = month
        self.year = year
    }

    /// The last day the sticker is valid; nil when the month is not 1–12.
    public var expiresOn: CalendarDay? {
        CalendarDay(year: year, month: month, day: 1)?.lastDayOfMonth
    }

    /// Overdue once the expiry day has passed, due soon within 60 days of it, good before that.
    public func status(today: CalendarDay) -> DueStatus {
        guard let expiresOn else { return .neutral }
        if today > expiresOn { return .overdue }
        return today.days(until: expiresOn) <= Self.dueSoonDays ? .dueSoon : .good
    }

    /// The marbete after renewing on `day`: one year on, in the same month, however early it was paid; a
    /// renewal paid more than a year late catches up to the first expiry still ahead of `day`.
    public func renewed(on day: CalendarDay) -> Marbete {
        var next = Marbete(month: month, year: year + 1)
        while let expiry = next.expiresOn, expiry < day { next.year += 1 }
        return next
    }

    /// "03/2026".
    public var label: String { (month < 10 ? "0" : "") + "\(month)/\(year)" }
}
