/// Changed and deleted records of one zone, oldest change first.
public struct CloudRecordChangesResponse: Codable, Sendable, Hashable {
    public var zoneID: CloudZoneID
    /// Changed records, and deletions (`deleted: true`).
    public var records: [CloudRecord]
    /// Pass this to the next request.
    public var syncToken: CloudSyncToken
    /// Whether more changes are waiting: ask again at once with the new token.
    public var moreComing: Bool

    public init(zoneID: CloudZoneID, records: [CloudRecord], syncToken: CloudSyncToken, moreComing: Bool) {
        self.zoneID = zoneID
        self.records = records
        self.syncToken = syncToken
        self.moreComing = moreComing
    }
}
