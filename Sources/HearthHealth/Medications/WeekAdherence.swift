public import HearthCore

/// How well a medication was taken in one ISO week (Monday to Sunday): doses due by then, taken, skipped, and
/// missed (due, neither taken nor skipped).
public struct WeekAdherence: Sendable, Codable, Hashable {
    /// "2026-W48".
    public var week: String
    /// The Monday the week starts on.
    public var start: CalendarDay
    public var due: Int
    public var taken: Int
    public var skipped: Int
    public var missed: Int
    /// Taken out of due, in percent rounded to one decimal (85.7); nil when nothing was due.
    public var percent: Double?

    public init(week: String, start: CalendarDay, due: Int, taken: Int, skipped: Int) {
        self.week = week
        self.start = start
        self.due = due
        self.taken = taken
        self.skipped = skipped
        self.missed = due - taken - skipped
        self.percent = due == 0 ? nil : Double((taken * 1000 * 2 + due) / (due * 2)) / 10
    }
}
