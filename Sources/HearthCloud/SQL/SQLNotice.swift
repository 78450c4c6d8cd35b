import Foundation

/// A small message a write transaction sends, on commit, to every process on the database: on SQLite to this
/// process's listeners, on PostgreSQL through `NOTIFY` to the listeners of every server on it. Stores beside
/// the record store (the pantry's subscriptions) use these; the record store's own changes travel as
/// ``CloudChangeEvent``s.
package struct SQLNotice: Codable, Sendable, Hashable {
    /// What the notice is about, so listeners can pick theirs (`pantry.household`).
    package var topic: String
    /// The notice itself, typically JSON; with its topic it must stay under PostgreSQL's 8000-byte limit.
    package var payload: String

    package init(topic: String, payload: String) {
        self.topic = topic
        self.payload = payload
    }
}
