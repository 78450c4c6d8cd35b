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

    public init(
        notificationID: String, subscriptionID: String, databaseScope: CloudDatabaseScope, zoneIDs: [CloudZoneID],
        recordTypes: [String]? = nil
    ) {
        self.notificationID = notificationID
        self.subscriptionID = subscriptionID
        self.databaseScope = databaseScope
        self.zoneIDs = zoneIDs
        self.recordTypes = recordTypes
    }
}
