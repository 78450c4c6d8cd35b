/// `POST /cloud/v1/{database}/changes/database`: which zones changed since a token.
public struct CloudDatabaseChangesRequest: Codable, Sendable, Hashable {
    /// Where the client stopped last time; nil lists every zone.
    public var syncToken: CloudSyncToken?
    /// The most zones to return (the server caps it); `moreComing` says when more remain.
    public var resultsLimit: Int?
    public init(syncToken: CloudSyncToken? = nil, resultsLimit: Int? = nil) {
        self.syncToken = syncToken
        self.resultsLimit = resultsLimit
    }
}
