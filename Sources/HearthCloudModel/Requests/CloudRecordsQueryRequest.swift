/// `POST /cloud/v1/{database}/records/query`.
public struct CloudRecordsQueryRequest: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID?
    public var query: CloudQuery
    /// At most this many records per page (capped by the server's limit).
    public var resultsLimit: Int?
    /// The marker from the previous page, to continue after it.
    public var continuationMarker: String?
    public var desiredKeys: [String]?

    public init(
        zoneID: CloudZoneID? = nil, query: CloudQuery, resultsLimit: Int? = nil, continuationMarker: String? = nil,
        desiredKeys: [String]? = nil
    ) {
        self.zoneID = zoneID
        self.query = query
        self.resultsLimit = resultsLimit
        self.continuationMarker = continuationMarker
        self.desiredKeys = desiredKeys
    }
}
