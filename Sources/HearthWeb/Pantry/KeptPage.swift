import HearthCore

/// What a kept pantry page was made from: where the viewer's pantry answers stood, the day (statuses move with
/// it), the session's form token, and whether the address was verified (the banner).
struct KeptPage: Hashable, Sendable {
    var version: String
    var day: CalendarDay
    var csrf: String
    var verified: Bool
}
