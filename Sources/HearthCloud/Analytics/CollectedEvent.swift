public import Foundation

/// One analytics event as the server's collector stored it (PostHog's capture format).
public struct CollectedEvent: Sendable, Equatable, Codable {
    /// The event's id: the client's `uuid` (lowercased), or one the collector made. Unique per project key.
    public var uuid: String
    /// The project key the client sent (`api_key`), one of the server's configured keys.
    public var projectKey: String
    /// The event's name, such as `vehicle_added` or `$pageview`.
    public var event: String
    /// The client's id of whoever sent it (an install id for Hearth's apps).
    public var distinctID: String
    /// The event's properties as sent.
    public var properties: [String: AnalyticsJSON]
    /// When the event happened, by the client's clock (to the microsecond); the arrival time when it gave none.
    public var timestamp: Date
    /// When the collector stored it.
    public var receivedAt: Date

    public init(
        uuid: String, projectKey: String, event: String, distinctID: String, properties: [String: AnalyticsJSON],
        timestamp: Date, receivedAt: Date
    ) {
        self.uuid = uuid
        self.projectKey = projectKey
        self.event = event
        self.distinctID = distinctID
        self.properties = properties
        self.timestamp = timestamp
        self.receivedAt = receivedAt
    }

    enum CodingKeys: String, CodingKey {
        case uuid, event, properties, timestamp
        case projectKey = "project_key"
        case distinctID = "distinct_id"
        case receivedAt = "received_at"
    }
}
