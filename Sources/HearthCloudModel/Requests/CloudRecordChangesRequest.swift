/// `POST /cloud/v1/{database}/records/changes`: what changed in one zone since a sync token.
public struct CloudRecordChangesRequest: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    /// Where the client stopped; nil fetches every live record (and no deletions).
    public var syncToken: CloudSyncToken?
    public var resultsLimit: Int?
    public var desiredKeys: [String]?

    public init(
        zoneID: CloudZoneID? = nil, syncToken: CloudSyncToken? = nil, resultsLimit: Int? = nil,
        desiredKeys: [String]? = nil
    ) {
        self.zoneID = zoneID
        self.syncToken = syncToken
        self.resultsLimit = resultsLimit
        self.desiredKeys = desiredKeys
    }
}
