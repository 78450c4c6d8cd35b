public import HearthCore

/// One dose of a schedule: the day and the local time it is due.
public struct DoseSlot: Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
    public var day: CalendarDay
    public var time: DoseTime

    public init(day: CalendarDay, time: DoseTime) {
        self.day = day
        self.time = time
    }

    /// "2026-11-28 08:00".
    public var description: String { "\(day.iso) \(time)" }

    public static func < (lhs: DoseSlot, rhs: DoseSlot) -> Bool { (lhs.day, lhs.time) < (rhs.day, rhs.time) }
}
