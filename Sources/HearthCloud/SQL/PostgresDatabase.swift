import Foundation
import HearthCloudModel
import HearthCore
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import _ConnectionPoolModule

/// The PostgreSQL database of the record store, through PostgresNIO.
///
/// Several server processes may share one database: each listens on a `NOTIFY` channel, and every write
/// transaction notifies it on commit, so every process learns of every change.
final class PostgresDatabase: SQLDatabase, SQLAutocommitting {
    let dialect = SQLDialect.postgres
    let isSharedByProcesses = true
    var autocommitting: (any SQLAutocommitting)? { self }
    let events = ChangeEventBroadcast(bufferingNewest: 10_000)
    let statements = SQLStatementCounter()
    let notices = Broadcast<SQLNotice, Void>(bufferingNewest: 10_000)
    let location: String
    let schema: String
    private let client: PostgresClient
    /// The `NOTIFY` channel of change events and notices.
    package let channel: String
    private let logger: Logger
    /// How long a request waits for a connection before it is answered "try again later" instead.
    private let leaseTimeout: Duration
    /// The statements prepared on each connection; nil with `?prepared_statements=off` in the URL (behind a
    /// pooler that hands one session's statements to several connections, such as PgBouncer's transaction mode).
    private let statementCache: PostgresStatementCache?
    /// How long a request's transaction may hold its connection before it is answered `TRY_AGAIN_LATER` and
    /// the connection closed under it (migrations have no deadline).
    private let transactionTimeout: Duration
    /// The deadlines of waits for a connection and of transactions.
    private let deadlines: Deadlines
    /// What the deadlines and the change channel's reconnections are measured on.
    private let timers: any Clock<Duration>

    /// Connects to the database at `url` (`postgres://user:password@host:port/database`), optionally inside
    /// `schema` (created by ``migrate()`` when missing), with its deadlines and reconnections measured on `timers`.
    /// - Throws: ``CloudError`` `BAD_REQUEST` when the URL cannot be used.
    init(
        url: String, schema: String? = nil, maximumConnections: Int = 20, leaseTimeout: Duration = .seconds(5),
        transactionTimeout: Duration = .seconds(20),
        timers: any Clock<Duration> = ContinuousClock(), logger: Logger
    ) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme,
            ["postgres", "postgresql"].contains(scheme.lowercased()), let host = components.host, !host.isEmpty
        else {
            throw CloudError(
                .badRequest, "The database URL must look like postgres://user:password@host:5432/database.")
        }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let database = components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let tls: PostgresClient.Configuration.TLS
        switch query["sslmode"] ?? "disable" {
        case "disable": tls = .disable
        case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
        default: tls = .require(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(
            host: host,
            port: components.port ?? 5432,
            username: components.user ?? "postgres",
            password: components.password,
            database: database.isEmpty ? nil : database,
            tls: tls
        )
        let schemaName = schema ?? query["schema"] ?? "public"
        guard schemaName.range(of: "^[a-z_][a-z0-9_]{0,62}$", options: .regularExpression) != nil else {
            throw CloudError(.badRequest, "The schema name \"\(schemaName)\" must be lowercase letters, digits and _.")
        }
        configuration.options.additionalStartupParameters = [("search_path", schemaName)]
        // One connection stays with the change channel (LISTEN), so at least one more is needed for queries.
        configuration.options.maximumConnections = max(maximumConnections, 2)
        self.statementCache =
            query["prepared_statements"].map { ["off", "false", "0", "no"].contains($0.lowercased()) } == true
            ? nil : PostgresStatementCache()
        self.schema = schemaName
        self.channel = schemaName == "public" ? "hearth_changes" : "hearth_changes_\(schemaName)"
        configuration.options.connectTimeout = leaseTimeout
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        self.leaseTimeout = leaseTimeout
        self.transactionTimeout = transactionTimeout
        self.timers = timers
        self.deadlines = Deadlines(clock: timers)
        self.location =
            "postgres://\(host):\(components.port ?? 5432)/\(database)"
            + (schemaName == "public" ? "" : "?schema=\(schemaName)")
    }

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.client.run() }
            group.addTask { await self.listen() }
            group.addTask { await self.deadlines.run() }
            await group.next()
            group.cancelAll()
        }
    }

    /// Listens for change events from every process until cancelled, reconnecting after failures.
    private func listen() async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    // Closing the connection is what ends a LISTEN that is still starting when the store
                    // stops; otherwise the connection would never go back to the pool and shutdown would wait.
                    try await withTaskCancellationHandler {
                        try await connection.listen(on: self.channel) { notifications in
                            for try await notification in notifications {
                                if let json = JSONValue.parse(notification.payload.utf8),
                                    let event = CloudChangeEvent(json: json)
                                {
                                    self.events.publish(event)
                                } else if let envelope = try? JSONDecoder().decode(
                                    SQLNoticeEnvelope.self, from: Data(notification.payload.utf8))
                                {
                                    self.notices.publish(envelope.notice)
                                }
                            }
                        }
                    } onCancel: {
                        connection.close().whenComplete { _ in }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning(
                    "Lost the PostgreSQL change channel; reconnecting",
                    metadata: ["cloud.error": "\(String(reflecting: error))"])
                try? await timers.sleep(for: .seconds(1))
            }
        }
    }

    /// Creates the schema when it is not `public` and missing, then the tables in it.
    func migrate() async throws {
        if schema != "public" {
            do {
                try await createSchema()
            } catch {
                throw CloudError(.internalError, "Could not reach PostgreSQL at \(location): \(error)")
            }
        }
        // No deadline: a process waits here while another one migrates.
        try await transaction(readOnly: false, deadline: nil) { transaction in
            // One migrating process at a time per schema, when several start together; processes on other
            // schemas of the database (other tenants, parallel tests) do not wait for each other.
            try await transaction.execute(
                "SELECT pg_advisory_xact_lock(CAST(? AS integer), hashtext(current_schema()))", .int(0x4845_4152))
            for statement in CloudSchema.postgres { try await transaction.execute(statement, []) }
        }
    }

    /// Creates the schema (for tests, each in their own) when missing.
    func createSchema() async throws {
        _ = try await client.withConnection { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \"\(self.schema)\""), logger: self.logger)
        }
    }

    /// Drops the schema and everything in it (tests clean up with this).
    func dropSchema() async throws {
        _ = try await client.withConnection { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \"\(self.schema)\" CASCADE"), logger: self.logger)
        }
    }

    func single(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try await autocommit { statements in try await statements.query(sql, binds) }
    }

    /// Runs `body` on one pooled connection outside any transaction: each statement commits on its own. For work
    /// whose last statement writes only if what the ones before it read is still so.
    package func autocommit<T: Sendable>(_ body: @escaping @Sendable (any SQLTransaction) async throws -> T)
        async throws -> T
    {
        try await withConnection(deadline: transactionTimeout) { connection in
            try await body(
                PostgresTransaction(
                    connection: connection, channel: self.channel, counter: self.statements,
                    statementCache: self.statementCache, logger: self.logger))
        }
    }

    func transaction<T: Sendable>(readOnly: Bool, _ body: @escaping @Sendable (any SQLTransaction) async throws -> T)
        async throws -> T
    {
        try await transaction(readOnly: readOnly, deadline: transactionTimeout, body)
    }

    private func transaction<T: Sendable>(
        readOnly: Bool, deadline: Duration?, _ body: @escaping @Sendable (any SQLTransaction) async throws -> T
    ) async throws -> T {
        try await withConnection(deadline: deadline) { connection in
            let transaction = PostgresTransaction(
                connection: connection, channel: self.channel, counter: self.statements,
                statementCache: self.statementCache, logger: self.logger)
            // BEGIN travels with the first statement: its failure fails that statement.
            transaction.sendControl(readOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN")
            let value: T
            do {
                value = try await body(transaction)
            } catch {
                await transaction.abandonPending()
                if !connection.isClosed { _ = try? await transaction.control("ROLLBACK") }
                throw error
            }
            // COMMIT travels with the statements sent without waiting. When one of them failed, PostgreSQL has
            // aborted the transaction and answers COMMIT by rolling back, so their outcomes decide the answer.
            try await transaction.commit()
            return value
        }
    }

    /// Runs `body` on a pooled connection, waiting at most ``leaseTimeout`` for one: while PostgreSQL is down
    /// or restarting, requests are answered `TRY_AGAIN_LATER` rather than held until the pool gives up.
    /// Only the wait is limited; a transaction that has its connection runs to its end.
    ///
    /// The lease runs in a task of its own that the caller stops waiting for at the deadline: a pool that is
    /// reconnecting does not always answer the cancellation of a waiting lease, and the request must not
    /// wait for it.
    private func withConnection<T: Sendable>(
        deadline: Duration?, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let lease = Locked(LeaseState.waiting)
        let answer = Locked<CheckedContinuation<T, any Error>?>(nil)
        @Sendable func finish(_ result: Result<T, any Error>) {
            answer.withLock { continuation in
                defer { continuation = nil }
                return continuation
            }?.resume(with: result)
        }
        return try await withCheckedThrowingContinuation { continuation in
            answer.withLock { $0 = continuation }
            let leaseTimer = Locked<UInt64?>(nil)
            let work = Task {
                do {
                    let value = try await self.client.withConnection { connection in
                        let mine = lease.withLock { state in
                            guard state == .waiting else { return false }
                            state = .leased
                            return true
                        }
                        guard mine else { throw CancellationError() }
                        // From here the deadline is the transaction's: a connection that stops answering
                        // (seen after PostgreSQL restarts under load) is closed, which fails what waits on it.
                        // A statement on a connection that PostgreSQL dropped can be left waiting for good; the
                        // request is then answered anyway, and the connection closed.
                        let watchdog = deadline.map { deadline in
                            self.deadlines.add(after: deadline) {
                                self.logger.error(
                                    "A PostgreSQL transaction ran past its deadline; closing its connection",
                                    metadata: ["cloud.database": "\(self.location)"])
                                finish(
                                    .failure(
                                        CloudError(
                                            .tryAgainLater,
                                            "The database stopped answering; try again in a few seconds.", retryAfter: 5
                                        )))
                                connection.close().whenFailure { _ in }
                            }
                        }
                        if let timer = leaseTimer.withLock({ $0 }) { self.deadlines.cancel(timer) }
                        defer { if let watchdog { self.deadlines.cancel(watchdog) } }
                        return try await body(connection)
                    }
                    finish(.success(value))
                } catch  where Self.isUnavailable(error) {
                    self.logger.warning(
                        "PostgreSQL connection failed; answering TRY_AGAIN_LATER",
                        metadata: ["cloud.database": "\(self.location)", "error": "\(String(reflecting: error))"])
                    finish(
                        .failure(
                            CloudError(
                                .tryAgainLater, "The connection to the database was lost; try again in a few seconds.",
                                retryAfter: 2)))
                } catch {
                    finish(.failure(error))
                }
            }
            let timer = deadlines.add(after: leaseTimeout) {
                let expired = lease.withLock { state in
                    guard state == .waiting else { return false }
                    state = .expired
                    return true
                }
                guard expired else { return }
                work.cancel()
                self.logger.warning(
                    "No PostgreSQL connection within the lease timeout; answering TRY_AGAIN_LATER",
                    metadata: ["cloud.database": "\(self.location)"])
                finish(
                    .failure(
                        CloudError(
                            .tryAgainLater, "The database is not answering; try again in a few seconds.", retryAfter: 5)
                    ))
            }
            leaseTimer.withLock { $0 = timer }
            if lease.withLock({ $0 == .leased }) { deadlines.cancel(timer) }
        }
    }

    /// PostgreSQL's `disk_full` (53100).
    func isStorageFull(_ error: any Error) -> Bool {
        Self.sqlState(of: error) == "53100"
    }

    /// The SQLSTATE of a statement's failure, from a statement run unprepared (`PSQLError`) or prepared
    /// (PostgresNIO reports those as `PostgresError`); nil when the server did not answer with one.
    static func sqlState(of error: any Error) -> String? {
        if let error = error as? PSQLError { return error.serverInfo?[.sqlState] }
        if case .server(let message)? = error as? PostgresError { return message.fields[.sqlState] }
        return nil
    }

    /// Whether `error` means PostgreSQL could not be reached or dropped the connection (a restart, a crash, a
    /// network failure, a pool that gave up connecting) rather than refusing the statement.
    static func isUnavailable(_ error: any Error) -> Bool {
        if error is ConnectionPoolError { return true }
        if let error = error as? PostgresError {
            // How a prepared statement's failures arrive: a closed connection, or the server's own code.
            switch error {
            case .connectionClosed, .protocol: return true
            case .server:
                let state = sqlState(of: error) ?? ""
                return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
            }
        }
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown, .poolClosed:
            return true
        case .server:
            // Class 08: connection exception; 57P01–57P03: admin shutdown, crash shutdown, cannot connect now.
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
        default:
            return false
        }
    }

    private enum LeaseState: Sendable { case waiting, leased, expired }
}
