import Foundation

/// A connection inside an open transaction.
package protocol SQLTransaction: Sendable {
    var dialect: SQLDialect { get }
    /// Runs a statement and returns its rows.
    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow]
    /// Runs a statement that returns no rows.
    func execute(_ sql: String, _ binds: [SQLValue]) async throws
    /// Queues a change event to be published when (and only if) the transaction commits.
    func publishOnCommit(_ event: CloudChangeEvent) async throws
    /// Queues a notice to be sent when (and only if) the transaction commits.
    func noticeOnCommit(_ notice: SQLNotice) async throws
}

extension SQLTransaction {
    package func query(_ sql: String, _ binds: SQLValue...) async throws -> [SQLRow] { try await query(sql, binds) }
    package func execute(_ sql: String, _ binds: SQLValue...) async throws { try await execute(sql, binds) }
    package func first(_ sql: String, _ binds: SQLValue...) async throws -> SQLRow? { try await query(sql, binds).first }
}
