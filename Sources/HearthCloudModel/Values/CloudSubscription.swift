/// A standing request to be told, over the push channel, when something changes.
public struct CloudSubscription: Codable, Sendable, Hashable {
    /// The caller's name for the subscription, unique among their subscriptions.
    public var subscriptionID: String
    /// What the subscription watches.
    public var subscriptionType: CloudSubscriptionType
    /// The database the subscription watches; filled in by the server from the request path.
    public var databaseScope: CloudDatabaseScope?
    /// The zone, for zone subscriptions (and optionally query subscriptions).
    public var zoneID: CloudZoneID?
    /// The record type, for query subscriptions.
    public var recordType: String?
    /// For query subscriptions: fire only when a changed record of the type matches every filter (the same
    /// filters `records/query` takes). A deletion always fires: the record may have matched.
    public var filterBy: [CloudQueryFilter]?

    public init(
        subscriptionID: String, subscriptionType: CloudSubscriptionType, databaseScope: CloudDatabaseScope? = nil,
        zoneID: CloudZoneID? = nil, recordType: String? = nil, filterBy: [CloudQueryFilter]? = nil
    ) {
        self.subscriptionID = subscriptionID
        self.subscriptionType = subscriptionType
        self.databaseScope = databaseScope
        self.zoneID = zoneID
        self.recordType = recordType
        self.filterBy = filterBy
    }
}
