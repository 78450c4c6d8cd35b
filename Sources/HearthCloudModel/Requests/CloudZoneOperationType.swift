/// What to do to a zone in `zones/modify`.
public enum CloudZoneOperationType: String, Codable, Sendable, Hashable, CaseIterable {
    /// Create the zone (succeeds when it already exists).
    case create
    /// Delete the zone and every record and share in it.
    case delete
}
