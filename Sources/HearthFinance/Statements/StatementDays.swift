import Foundation

/// The start of each day a statement names, in the store's calendar, remembered: a statement names the same
/// few days over and over, and asking the calendar costs microseconds a row.
final class StatementDays {
    let calendar: Calendar
    private var known: [Int: Date?] = [:]
    /// The most days remembered; past it the memory starts again, so it stays bounded.
    private static let capacity = 4_096

    init(calendar: Calendar) {
        self.calendar = calendar
    }

    /// The start of `day`.`month`.`year` in the calendar's time zone, or nil for a day that does not exist.
    func day(_ year: Int, _ month: Int, _ day: Int) -> Date? {
        guard (1900...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        let key = year * 10_000 + month * 100 + day
        if let date = known[key] { return date }
        var date = calendar.date(from: DateComponents(year: year, month: month, day: day))
        if let found = date, calendar.component(.day, from: found) != day { date = nil }
        if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
        known[key] = date
        return date
    }
}
