public import Foundation

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
