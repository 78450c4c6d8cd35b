import Foundation
public import GRDB

/// Receives every change the finance store makes, inside the same database transaction, just before it
/// commits: the place a sync outbox enqueues pending changes, so that no local edit is lost between the
/// write and the send.
///
/// Throwing rolls the whole operation back, the change included.
///
/// ```swift
/// struct Outbox: FinanceChangeRecorder {
///     func record(_ changes: [FinanceChange], in db: Database) throws {
///         for change in changes {
///             try db.execute(sql: "INSERT INTO outbox (entity, id, kind) VALUES (?, ?, ?)",
///                            arguments: [change.entity.rawValue, change.id, change.kind.rawValue])
///         }
///     }
/// }
/// ```
public protocol FinanceChangeRecorder: Sendable {
    /// Records `changes`, in the order they were made, using `db` (inside the store's write transaction).
    func record(_ changes: [FinanceChange], in db: Database) throws
}
