/// The answer to `changes/database`.
public struct CloudDatabaseChangesResponse: Codable, Sendable, Hashable {
    public var zones: [CloudZoneChange]
    /// Pass this to the next request.
    public var syncToken: CloudSyncToken
    /// Whether more changes are waiting (ask again with the new token).
    public var moreComing: Bool

    public init(zones: [CloudZoneChange], syncToken: CloudSyncToken, moreComing: Bool) {
        self.zones = zones
        self.syncToken = syncToken
        self.moreComing = moreComing
    }
}
