/// A database that can run statements outside any transaction, each committing on its own, and whose
/// statements can send a change notice themselves (``channel``): what the record store's batch without a lock
/// needs (``SQLRecordStore/modifyRecords(_:scope:request:)``). PostgreSQL is one; SQLite, where one writer at a
/// time makes the locked transaction as cheap, is not.
package protocol SQLAutocommitting: Sendable {
    /// The notification channel a statement notifies (`pg_notify(channel, payload)`) to tell every process of a
    /// change it committed.
    var channel: String { get }
    /// Runs `body` on one connection outside any transaction: each statement commits on its own. For work whose
    /// last statement writes only if what the ones before it read is still so.
    func autocommit<T: Sendable>(_ body: @escaping @Sendable (any SQLTransaction) async throws -> T) async throws -> T
}
