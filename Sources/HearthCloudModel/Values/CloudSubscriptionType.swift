/// What a subscription watches.
public enum CloudSubscriptionType: String, Codable, Sendable, Hashable, CaseIterable {
    /// Every zone of the database (the private one, or every zone shared with the caller).
    case database
    /// One zone.
    case zone
    /// Changes to records of one type (created, changed or deleted), optionally in one zone and only those
    /// matching filters.
    case query
}
