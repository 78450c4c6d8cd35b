import Foundation
import HearthCloud
import HearthServer
import Logging
import Testing

/// The databases the collector's tests run on.
enum CollectorDatabase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}

/// The project key the collector tests configure.
let collectorKey = "phc_hearth_test"

/// A server configuration with the collector on (`keys`) over `database`, and a way to read what it stored;
/// PostgreSQL runs in a schema of its own, dropped afterwards, and is skipped when HEARTH_TEST_POSTGRES_URL is unset.
func withCollector<T: Sendable>(
    _ database: CollectorDatabase,
    keys: [String] = [collectorKey],
    _ body:
        @Sendable (
            ServerConfiguration, _ read: @escaping @Sendable (CollectedEventQuery) async throws -> [CollectedEvent]
        ) async throws -> T
) async throws -> T {
    var configuration = testConfiguration()
    configuration.analyticsKeys = keys
    var logger = Logger(label: "hearth.collector.test")
    logger.logLevel = .error
    defer { try? FileManager.default.removeItem(at: configuration.dataDirectory) }
    switch database {
    case .sqlite:
        let file = configuration.dataDirectory.appendingPathComponent("cloud.sqlite")
        let quiet = logger
        return try await body(configuration) { query in
            let table = try SQLRecordStore.sqlite(url: file, logger: quiet).analyticsEvents()
            try await table.migrate()
            return try await table.events(query)
        }
    case .postgres:
        guard let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"], !url.isEmpty else {
            try Test.cancel(
                "HEARTH_TEST_POSTGRES_URL is not set, so the PostgreSQL run is skipped; start one with eval \"$(scripts/test-postgres.sh start)\"."
            )
        }
        let schema = "a_" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))
        configuration.databaseURL = url + (url.contains("?") ? "&" : "?") + "schema=\(schema)"
        configuration.databaseConnections = 4
        let reader = try SQLRecordStore.postgres(
            url: url, schema: schema, maximumConnections: 2, leaseTimeout: .seconds(30), logger: logger)
        let configured = configuration
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await reader.run() }
            defer { group.cancelAll() }
            do {
                let value = try await body(configured) { query in
                    let table = reader.analyticsEvents()
                    try await table.migrate()
                    return try await table.events(query)
                }
                try await reader.dropSchema()
                return value
            } catch {
                try? await reader.dropSchema()
                throw error
            }
        }
    }
}
