/// What an item's date means, as Grocy distinguishes them.
///
/// Past a best-before date food is *overdue*: worth checking, often still fine. Past an expiration (use-by)
/// date it is *expired* and should go. The Pantry app had only an expiration date, so that is the default.
public enum DueDateKind: String, Codable, Sendable, Hashable, CaseIterable {
    /// A best-before date: the item becomes overdue after it.
    case bestBefore = "best_before"
    /// An expiration (use-by) date: the item expires after it.
    case expiration
}
