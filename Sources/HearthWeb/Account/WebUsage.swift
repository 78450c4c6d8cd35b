public import Foundation
public import HearthCloud

/// Where the garage pages record which screens are opened: the server's own analytics collector, as PostHog's
/// `$screen` events the garage app sends, only for accounts that turned sharing on (the account page). Each
/// event names the kind of page alone, under a pseudonym of the account.
public struct WebUsage: Sendable {
    /// The collector's events.
    let events: any CollectedEventStore
    /// The project key the events are stored under (one of the collector's).
    let projectKey: String

    /// Screen views kept in `events` under `projectKey`.
    public init(events: any CollectedEventStore, projectKey: String) {
        self.events = events
        self.projectKey = projectKey
    }

    /// The library name the events carry as `$lib`.
    static let library = "hearth-web"
}
