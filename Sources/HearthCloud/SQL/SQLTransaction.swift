import Foundation

/// A connection inside an open transaction.
package protocol SQLTransaction: Sendable {
    var dialect: SQLDialect { get }
    /// Runs a statement and returns its rows.
    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow]
    /// Runs a statement that returns no rows.
    func execute(_ sql: String, _ binds: [SQLValue]) async throws
    /// Runs a statement that returns no rows and whose failure can wait: on PostgreSQL it is sent at once and
    /// the transaction goes on without waiting for its answer, so several such statements travel together; a
    /// failure then fails the next statement that waits for its rows, or the commit (the transaction is
    /// rolled back all the same). SQLite runs it as ``execute(_:_:)``. Not for a statement whose failure the
    /// caller catches to answer otherwise (a duplicate key, say): use ``execute(_:_:)`` for those.
    func send(_ sql: String, _ binds: [SQLValue]) async throws
    /// Runs statements one after the other and returns the rows of each; on PostgreSQL they are sent together
    /// and answered in one round trip. Each sees what the ones before it did (and, on PostgreSQL, what other
    /// transactions had committed when it started, as separate statements would).
    func queries(_ statements: [(sql: String, binds: [SQLValue])]) async throws -> [[SQLRow]]
    /// Runs statements that each change rows no other one of them reads or changes, then queues `event` to be
    /// published on commit; like ``send(_:_:)``, nothing waits for their answer. On PostgreSQL they travel as one
    /// statement (each a `WITH` clause, the notification its `SELECT`), so every one of them sees the database
    /// as it was before any of them ran: none may depend on what another one does. SQLite runs them in order.
    func sendTogether(_ statements: [(sql: String, binds: [SQLValue])], publishing event: CloudChangeEvent) async throws
    /// Queues a change event to be published when (and only if) the transaction commits.
    func publishOnCommit(_ event: CloudChangeEvent) async throws
    /// Queues a notice to be sent when (and only if) the transaction commits.
    func noticeOnCommit(_ notice: SQLNotice) async throws
}

extension SQLTransaction {
    package func query(_ sql: String, _ binds: SQLValue...) async throws -> [SQLRow] { try await query(sql, binds) }
    package func execute(_ sql: String, _ binds: SQLValue...) async throws { try await execute(sql, binds) }
    package func send(_ sql: String, _ binds: SQLValue...) async throws { try await send(sql, binds) }
    package func send(_ sql: String, _ binds: [SQLValue]) async throws { try await execute(sql, binds) }

    package func sendTogether(_ statements: [(sql: String, binds: [SQLValue])], publishing event: CloudChangeEvent)
        async throws
    {
        for statement in statements { try await send(statement.sql, statement.binds) }
        try await publishOnCommit(event)
    }

    package func queries(_ statements: [(sql: String, binds: [SQLValue])]) async throws -> [[SQLRow]] {
        var results: [[SQLRow]] = []
        results.reserveCapacity(statements.count)
        for statement in statements { results.append(try await query(statement.sql, statement.binds)) }
        return results
    }
    package func first(_ sql: String, _ binds: SQLValue...) async throws -> SQLRow? {
        try await query(sql, binds).first
    }
}
