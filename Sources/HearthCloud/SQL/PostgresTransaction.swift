import Foundation
import HearthCloudModel
import HearthCore
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import _ConnectionPoolModule

/// A transaction on one leased PostgreSQL connection.
///
/// Statements go to the connection in order; those sent with ``send(_:_:)`` are not waited for one by one.
/// The connection runs them in order, so once a later statement has answered they have all answered, and
/// ``settle()`` only collects their outcomes.
struct PostgresTransaction: SQLTransaction {
    let dialect = SQLDialect.postgres
    let connection: PostgresConnection
    let channel: String
    let counter: SQLStatementCounter
    let statementCache: PostgresStatementCache?
    let logger: Logger
    /// Statements sent and not yet waited for, in the order they were sent.
    private let pending = Locked<[EventLoopFuture<[PostgresRow]>]>([])

    init(
        connection: PostgresConnection, channel: String, counter: SQLStatementCounter,
        statementCache: PostgresStatementCache?, logger: Logger
    ) {
        self.connection = connection
        self.channel = channel
        self.counter = counter
        self.statementCache = statementCache
        self.logger = logger
    }

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        counter.increment()
        let answer = await start(sql, binds)
        try await settle()
        return try Self.sqlRows(try await Self.rows(of: answer))
    }

    func queries(_ statements: [(sql: String, binds: [SQLValue])]) async throws -> [[SQLRow]] {
        var answers: [EventLoopFuture<[PostgresRow]>] = []
        answers.reserveCapacity(statements.count)
        for statement in statements {
            counter.increment()
            answers.append(await start(statement.sql, statement.binds))
        }
        try await settle()
        var results: [[SQLRow]] = []
        results.reserveCapacity(answers.count)
        var failure: (any Error)?
        for answer in answers {
            do {
                results.append(try Self.sqlRows(try await Self.rows(of: answer)))
            } catch {
                if failure == nil { failure = error }
            }
        }
        if let failure { throw failure }
        return results
    }

    private static func sqlRows(_ rows: [PostgresRow]) throws -> [SQLRow] {
        var result: [SQLRow] = []
        result.reserveCapacity(rows.count)
        var columns: SQLColumns?
        for row in rows {
            let shared = columns ?? SQLColumns(row.map(\.columnName))
            columns = shared
            var values: [SQLValue] = []
            for var cell in row {
                // PostgresNIO binds every statement asking for binary results, but labels the columns of a prepared
                // statement with the text format its description had.
                cell.format = .binary
                values.append(try SQLValue(cell))
            }
            result.append(SQLRow(columns: shared, values: values))
        }
        return result
    }

    func execute(_ sql: String, _ binds: [SQLValue]) async throws {
        counter.increment()
        let answer = await start(sql, binds)
        try await settle()
        _ = try await Self.rows(of: answer)
    }

    func send(_ sql: String, _ binds: [SQLValue]) async throws {
        counter.increment()
        let answer = await start(sql, binds)
        pending.withLock { $0.append(answer) }
    }

    /// `BEGIN`, `COMMIT` or `ROLLBACK`, which the statement counter leaves out.
    func control(_ sql: String) async throws {
        let answer = write(sql)
        try await settle()
        _ = try await Self.rows(of: answer)
    }

    /// `BEGIN` sent without waiting: its failure fails the next statement waited for.
    func sendControl(_ sql: String) {
        let answer = write(sql)
        pending.withLock { $0.append(answer) }
    }

    /// Sends `COMMIT` after the statements sent without waiting, then waits for all of them: the first
    /// failure among those statements is thrown (the transaction was then rolled back), else `COMMIT`'s own.
    func commit() async throws {
        let commit = write("COMMIT")
        do {
            try await settle()
        } catch {
            _ = try? await commit.get()
            throw error
        }
        _ = try await Self.rows(of: commit)
    }

    /// Waits for the statements sent without waiting; throws the first one's failure (the later ones then
    /// failed only because the transaction had been aborted).
    func settle() async throws {
        let sent = pending.withLock { sent in
            defer { sent.removeAll() }
            return sent
        }
        var failure: (any Error)?
        for answer in sent {
            do {
                _ = try await Self.rows(of: answer)
            } catch {
                if failure == nil { failure = error }
            }
        }
        if let failure { throw failure }
    }

    /// Forgets the statements sent without waiting, once they have answered, before a rollback.
    func abandonPending() async {
        _ = try? await settle()
    }

    func publishOnCommit(_ event: CloudChangeEvent) async throws {
        let payload = try event.notifyPayload()
        try await send("SELECT pg_notify(?, ?)", [.text(channel), .text(payload)])
    }

    func sendTogether(_ statements: [(sql: String, binds: [SQLValue])], publishing event: CloudChangeEvent) async throws
    {
        guard !statements.isEmpty else { return try await publishOnCommit(event) }
        let clauses = statements.indices.map { "s\($0) AS (\(statements[$0].sql))" }.joined(separator: ", ")
        try await send(
            "WITH \(clauses) SELECT pg_notify(?, ?)",
            statements.flatMap(\.binds) + [.text(channel), .text(try event.notifyPayload())])
    }

    func noticeOnCommit(_ notice: SQLNotice) async throws {
        let payload = String(decoding: try JSONEncoder().encode(SQLNoticeEnvelope(notice: notice)), as: UTF8.self)
        try await send("SELECT pg_notify(?, ?)", [.text(channel), .text(payload)])
    }

    /// Sends the statement to the connection; its rows are gathered on the connection's event loop, all at
    /// once: a page of a thousand records then costs no back-pressure round trips between the event loop and
    /// this task, and a connection that drops in the middle fails the statement at once.
    private func start(_ sql: String, _ binds: [SQLValue]) async -> EventLoopFuture<[PostgresRow]> {
        switch statementCache?.plan(sql, binds, on: connection) ?? .unprepared {
        case .unprepared:
            break
        case .execute(let prepared):
            return prepared.execute(PostgresStatementCache.data(binds))
        case .prepare(let cast):
            // Waits for the preparation alone: the statements sent before it answer first, and a failure leaves
            // the statement to run unprepared (it then fails as it would have).
            do {
                let prepared = try await connection.prepare(query: cast).get()
                if let replaced = statementCache?.prepared(sql, binds, prepared, on: connection) {
                    replaced.deallocate().whenFailure { [logger] error in
                        logger.debug(
                            "Could not deallocate a replaced prepared statement",
                            metadata: ["error": "\(String(reflecting: error))"])
                    }
                }
                return prepared.execute(PostgresStatementCache.data(binds))
            } catch  where PostgresDatabase.sqlState(of: error) == "25P02" {
                // The transaction had already failed; the statement is not to blame, and is prepared another time.
                statementCache?.retry(sql, on: connection)
            } catch {
                statementCache?.failed(sql, on: connection)
            }
        }
        return write(PostgresNumbering.numbered(sql), binds)
    }

    /// Sends `sql` (placeholders numbered) as it is.
    private func write(_ sql: String, _ binds: [SQLValue] = []) -> EventLoopFuture<[PostgresRow]> {
        connection.query(PostgresQuery(unsafeSQL: sql, binds: Self.bindings(binds)), logger: logger).map(\.rows)
    }

    /// The rows of a statement sent with ``start(_:_:)``, a duplicate key as ``SQLUniqueViolation``.
    private static func rows(of answer: EventLoopFuture<[PostgresRow]>) async throws -> [PostgresRow] {
        do {
            return try await answer.get()
        } catch  where PostgresDatabase.sqlState(of: error) == "23505" {
            throw SQLUniqueViolation()
        }
    }

    static func bindings(_ binds: [SQLValue]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: binds.count)
        for value in binds {
            switch value {
            case .null: bindings.appendNull()
            case .int(let v): bindings.append(v)
            case .double(let v): bindings.append(v)
            case .text(let v): bindings.append(v)
            case .blob(let v): bindings.append(ByteBuffer(bytes: v))
            }
        }
        return bindings
    }

}
