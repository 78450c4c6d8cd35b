import Foundation
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import HearthCloudModel
import HearthCore

/// The PostgreSQL database of the record store, through PostgresNIO.
///
/// Several server processes may share one database: each listens on a `NOTIFY` channel, and every write
/// transaction notifies it on commit, so every process learns of every change.
final class PostgresDatabase: SQLDatabase {
    let dialect = SQLDialect.postgres
    let events = ChangeEventBroadcast(bufferingNewest: 10_000)
    let location: String
    let schema: String
    private let client: PostgresClient
    private let channel: String
    private let logger: Logger

    /// Connects to the database at `url` (`postgres://user:password@host:port/database`), optionally inside
    /// `schema` (created when missing).
    /// - Throws: ``CloudError`` `BAD_REQUEST` when the URL cannot be used.
    init(url: String, schema: String? = nil, maximumConnections: Int = 20, logger: Logger) throws {
        guard let components = URLComponents(string: url), let scheme = components.scheme,
              ["postgres", "postgresql"].contains(scheme.lowercased()), let host = components.host, !host.isEmpty
        else {
            throw CloudError(.badRequest, "The database URL must look like postgres://user:password@host:5432/database.")
        }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
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
        self.schema = schemaName
        self.channel = schemaName == "public" ? "hearth_changes" : "hearth_changes_\(schemaName)"
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        self.location = "postgres://\(host):\(components.port ?? 5432)/\(database)" + (schemaName == "public" ? "" : "?schema=\(schemaName)")
    }

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.client.run() }
            group.addTask { await self.listen() }
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
                                guard let event = try? JSONDecoder().decode(CloudChangeEvent.self, from: Data(notification.payload.utf8)) else { continue }
                                self.events.publish(event)
                            }
                        }
                    } onCancel: {
                        connection.close().whenComplete { _ in }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("Lost the PostgreSQL change channel; reconnecting", metadata: ["cloud.error": "\(String(reflecting: error))"])
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    func migrate() async throws {
        try await transaction(readOnly: false) { transaction in
            // One migrating process at a time, when several start together.
            try await transaction.execute("SELECT pg_advisory_xact_lock(?)", .int(0x4845_4152_5448))
            for statement in CloudSchema.postgres { try await transaction.execute(statement, []) }
        }
    }

    /// Creates the schema (for tests, each in their own) when missing.
    func createSchema() async throws {
        _ = try await client.withConnection { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \"\(self.schema)\""), logger: self.logger)
        }
    }

    /// Drops the schema and everything in it (tests clean up with this).
    func dropSchema() async throws {
        _ = try await client.withConnection { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \"\(self.schema)\" CASCADE"), logger: self.logger)
        }
    }

    func single(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try await client.withConnection { connection in
            try await PostgresTransaction(connection: connection, channel: self.channel, logger: self.logger).query(sql, binds)
        }
    }

    func transaction<T: Sendable>(readOnly: Bool, _ body: @escaping @Sendable (any SQLTransaction) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            let transaction = PostgresTransaction(connection: connection, channel: self.channel, logger: self.logger)
            try await transaction.execute(readOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN", [])
            do {
                let value = try await body(transaction)
                try await transaction.execute("COMMIT", [])
                return value
            } catch {
                _ = try? await connection.query(PostgresQuery(unsafeSQL: "ROLLBACK"), logger: self.logger)
                throw error
            }
        }
    }
}

/// A transaction on one leased PostgreSQL connection.
private struct PostgresTransaction: SQLTransaction {
    let dialect = SQLDialect.postgres
    let connection: PostgresConnection
    let channel: String
    let logger: Logger

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        let rows = try await collect(sql, binds)
        var result: [SQLRow] = []
        result.reserveCapacity(rows.count)
        var columns: [String: Int]?
        for row in rows {
            if columns == nil {
                var names: [String: Int] = [:]
                for cell in row where names[cell.columnName] == nil { names[cell.columnName] = cell.columnIndex }
                columns = names
            }
            var values: [SQLValue] = []
            for cell in row { values.append(try SQLValue(cell)) }
            result.append(SQLRow(columns: columns ?? [:], values: values))
        }
        return result
    }

    func execute(_ sql: String, _ binds: [SQLValue]) async throws {
        let rows = try await run(sql, binds)
        for try await _ in rows {}
    }

    func publishOnCommit(_ event: CloudChangeEvent) async throws {
        let payload = try event.notifyPayload()
        try await execute("SELECT pg_notify(?, ?)", [.text(channel), .text(payload)])
    }

    /// Every row at once, gathered on the connection's event loop: a page of a thousand records then costs
    /// no back-pressure round trips between the event loop and this task.
    private func collect(_ sql: String, _ binds: [SQLValue]) async throws -> [PostgresRow] {
        do {
            let future: EventLoopFuture<PostgresQueryResult> = connection.query(PostgresQuery(unsafeSQL: Self.numbered(sql), binds: Self.bindings(binds)), logger: logger)
            return try await future.get().rows
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
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

    private func run(_ sql: String, _ binds: [SQLValue]) async throws -> PostgresRowSequence {
        do {
            return try await connection.query(PostgresQuery(unsafeSQL: Self.numbered(sql), binds: Self.bindings(binds)), logger: logger)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw SQLUniqueViolation()
        }
    }

    /// The statement with its `?` placeholders numbered `$1, $2, …` as PostgreSQL wants.
    static func numbered(_ sql: String) -> String {
        guard sql.utf8.contains(UInt8(ascii: "?")) else { return sql }
        var result: [UInt8] = []
        result.reserveCapacity(sql.utf8.count + 64)
        var index = 0
        for byte in sql.utf8 {
            if byte == UInt8(ascii: "?") {
                index += 1
                result.append(UInt8(ascii: "$"))
                result.append(contentsOf: String(index).utf8)
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension SQLValue {
    /// The cell's value, read straight from its binary form for the common types (the generic decoder costs
    /// more than the data for wide result sets such as a changes page).
    init(_ cell: PostgresCell) throws {
        guard var bytes = cell.bytes else {
            self = .null
            return
        }
        if cell.format == .binary {
            switch cell.dataType {
            case .int8:
                if let value = bytes.readInteger(as: Int64.self) { self = .int(value); return }
            case .int4:
                if let value = bytes.readInteger(as: Int32.self) { self = .int(Int64(value)); return }
            case .int2:
                if let value = bytes.readInteger(as: Int16.self) { self = .int(Int64(value)); return }
            case .text, .varchar, .name:
                self = .text(bytes.readString(length: bytes.readableBytes) ?? "")
                return
            case .bytea:
                self = .blob(Data(bytes.readableBytesView))
                return
            case .bool:
                if let value = bytes.readInteger(as: UInt8.self) { self = .int(value == 0 ? 0 : 1); return }
            default:
                break
            }
        }
        switch cell.dataType {
        case .int2, .int4, .int8: self = .int(try cell.decode(Int64.self))
        case .float4, .float8: self = .double(try cell.decode(Double.self))
        case .bool: self = .int(try cell.decode(Bool.self) ? 1 : 0)
        case .bytea:
            let buffer = try cell.decode(ByteBuffer.self)
            self = .blob(Data(buffer.readableBytesView))
        case .numeric: self = .int(Int64(try cell.decode(String.self)) ?? 0)
        default: self = .text(try cell.decode(String.self))
        }
    }
}
