public import Foundation

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
