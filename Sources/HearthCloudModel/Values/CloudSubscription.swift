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

/// A message on the push channel: something the subscription watches changed. Fetch the changes to see what.
///
/// The channel is Server-Sent Events at `GET /cloud/v1/push`: each message is an `event: notification` whose
/// `data` is this JSON. A client is never told about changes made by its own device (`X-Hearth-Device-ID`).
public struct CloudNotification: Codable, Sendable, Hashable {
    /// A unique id for this message.
    public var notificationID: String
    /// The subscription that fired.
    public var subscriptionID: String
    /// The database the changed zones are in, from the receiver's point of view.
    public var databaseScope: CloudDatabaseScope
    /// The zones that changed.
    public var zoneIDs: [CloudZoneID]
    /// The record types that changed, when known.
    public var recordTypes: [String]?

    public init(notificationID: String, subscriptionID: String, databaseScope: CloudDatabaseScope, zoneIDs: [CloudZoneID], recordTypes: [String]? = nil) {
        self.notificationID = notificationID
        self.subscriptionID = subscriptionID
        self.databaseScope = databaseScope
        self.zoneIDs = zoneIDs
        self.recordTypes = recordTypes
    }
}
