/// One zone to fetch changes of, in `zones/changes`.
public struct CloudZoneChangesQuery: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID
    /// Where the client stopped last time; nil fetches every live record (and no deletions).
    public var syncToken: CloudSyncToken?
    /// At most this many records (capped by the server's limit).
    public var resultsLimit: Int?
    /// Only these fields of each record; every field when nil.
    public var desiredKeys: [String]?

    public init(
        zoneID: CloudZoneID, syncToken: CloudSyncToken? = nil, resultsLimit: Int? = nil, desiredKeys: [String]? = nil
    ) {
        self.zoneID = zoneID
        self.syncToken = syncToken
        self.resultsLimit = resultsLimit
        self.desiredKeys = desiredKeys
    }
}
