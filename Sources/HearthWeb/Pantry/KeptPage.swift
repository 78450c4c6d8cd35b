import HearthCore

/// What a kept page was made from: its basis (where the viewer's pantry answers stood, or the garage figures
/// it shows), the day (statuses move with it), the session's form token, and whether the address was verified
/// (the banner).
struct KeptPage<Basis: Hashable & Sendable>: Hashable, Sendable {
    var basis: Basis
    var day: CalendarDay
    var csrf: String
    var verified: Bool
}
