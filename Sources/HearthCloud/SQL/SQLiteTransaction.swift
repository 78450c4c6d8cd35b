import Foundation
import HearthCloudModel
import Synchronization

/// A transaction's statements on one SQLite connection, and the change events it publishes if it commits.
final class SQLiteTransaction: SQLTransaction {
    let dialect = SQLDialect.sqlite
    let connection: SQLiteConnection
    private let counter: SQLStatementCounter
    private let pending = Mutex<[CloudChangeEvent]>([])
    private let pendingNotices = Mutex<[SQLNotice]>([])

    init(connection: SQLiteConnection, counter: SQLStatementCounter) {
        self.connection = connection
        self.counter = counter
    }

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        counter.increment()
        return try connection.query(sql, binds)
    }

    func execute(_ sql: String, _ binds: [SQLValue]) async throws {
        counter.increment()
        try connection.run(sql, binds)
    }

    func publishOnCommit(_ event: CloudChangeEvent) async throws {
        pending.withLock { $0.append(event) }
    }

    func noticeOnCommit(_ notice: SQLNotice) async throws {
        pendingNotices.withLock { $0.append(notice) }
    }

    /// What the transaction queued to publish on commit, in order.
    var committed: SQLiteCommitted {
        SQLiteCommitted(events: pending.withLock { $0 }, notices: pendingNotices.withLock { $0 })
    }
}
