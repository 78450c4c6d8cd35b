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

    public init(uuid: String, projectKey: String, event: String, distinctID: String, properties: [String: AnalyticsJSON], timestamp: Date, receivedAt: Date) {
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

/// Which stored events to read: all filters are optional.
public struct CollectedEventQuery: Sendable, Equatable {
    /// Only events with this name.
    public var event: String?
    /// Only events that happened at or after this time.
    public var since: Date?
    /// At most this many, newest first.
    public var limit: Int

    public init(event: String? = nil, since: Date? = nil, limit: Int = 100) {
        self.event = event
        self.since = since
        self.limit = limit
    }
}

/// Where the collector keeps analytics events: a table in the server's database (SQLite or PostgreSQL).
///
/// ```swift
/// let events = recordStore.analyticsEvents()
/// try await events.migrate()
/// let stored = try await events.insert(batch)
/// let recent = try await events.events(CollectedEventQuery(event: "vehicle_added", limit: 20))
/// ```
public protocol CollectedEventStore: Sendable {
    /// Creates the table when missing.
    func migrate() async throws
    /// Stores `events`, a few hundred to a transaction; an event whose project key and uuid are stored already
    /// is skipped (a client retrying a batch whose answer it missed). Returns how many were new.
    @discardableResult
    func insert(_ events: [CollectedEvent]) async throws -> Int
    /// Removes the events that arrived before `cutoff` (and any beyond a key's budget). Returns how many went.
    @discardableResult
    func removeExpired(receivedBefore cutoff: Date) async throws -> Int
    /// The stored events `query` selects, newest first.
    func events(_ query: CollectedEventQuery) async throws -> [CollectedEvent]
}
