/// Which of a user's two views of the cloud a request addresses.
public enum CloudDatabaseScope: String, Codable, Sendable, Hashable, CaseIterable {
    /// The caller's own zones.
    case `private`
    /// Zones of other users that the caller has accepted a share in.
    case shared
}
