import Foundation
import HearthCloudModel
import Synchronization

/// A transaction's statements on one SQLite connection, and the change events it publishes if it commits.
final class SQLiteTransaction: SQLTransaction {
    let dialect = SQLDialect.sqlite
    let connection: SQLiteConnection
    private let counter: SQLStatementCounter
    private let pending = Mutex<[CloudChangeEvent]>([])

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

    /// The events queued by ``publishOnCommit(_:)``, in order.
    var events: [CloudChangeEvent] { pending.withLock { $0 } }
}
