public import Foundation
import HearthCloudModel
public import Logging

/// The record store on PostgreSQL: several server processes may share one database.
public final class PostgresRecordStore: SQLRecordStore, @unchecked Sendable {
    private let postgres: PostgresDatabase

    /// Connects to `url` (`postgres://user:password@host:5432/database`, optionally `?schema=name&sslmode=require`).
    /// Run ``run()`` (it holds the connections) and then ``migrate()`` before use.
    /// - Parameters:
    ///   - schema: a schema to keep the tables in (created by ``migrate()``); tests give each their own.
    ///   - leaseTimeout: how long a transaction waits for a pooled connection before it is answered
    ///     `TRY_AGAIN_LATER`.
    public init(
        url: String, schema: String? = nil, maximumConnections: Int = 20, leaseTimeout: Duration = .seconds(5),
        configuration: CloudConfiguration = CloudConfiguration(), clock: @escaping @Sendable () -> Date = Date.init, logger: Logger = Logger(label: "hearth.cloud")
    ) throws {
        postgres = try PostgresDatabase(url: url, schema: schema, maximumConnections: maximumConnections, leaseTimeout: leaseTimeout, logger: logger)
        super.init(database: postgres, configuration: configuration, clock: clock, logger: logger)
    }

    public override func migrate() async throws {
        do {
            if postgres.schema != "public" { try await postgres.createSchema() }
        } catch {
            throw CloudError(.internalError, "Could not reach PostgreSQL at \(postgres.location): \(error)")
        }
        try await super.migrate()
    }

    /// Drops the store's schema and everything in it (for tests that made their own schema).
    public func dropSchema() async throws {
        try await postgres.dropSchema()
    }
}

