import Foundation
import GRDBSQLite
import HearthCloudModel
import Logging
import NIOCore
import PostgresNIO

/// The same rows inserted straight into SQLite through its C API: same table, same indexes, same batches,
/// WAL with synchronous=NORMAL like the server.
enum RawSQLite {
    static func insert(_ workload: Workload) throws -> Double {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-raw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var db: OpaquePointer?
        guard sqlite3_open(folder.appendingPathComponent("raw.sqlite").path, &db) == SQLITE_OK, let db else {
            throw CloudError(.internalError, "sqlite3_open failed")
        }
        defer { sqlite3_close(db) }
        func exec(_ sql: String) throws {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
                throw CloudError(.internalError, String(cString: sqlite3_errmsg(db)))
            }
        }
        try exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        try exec(RawSchema.table(blob: "BLOB"))
        for index in RawSchema.indexes { try exec(index) }
        let fields = (0..<workload.count).map(workload.storedFields)
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, RawSchema.insert, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw CloudError(.internalError, "prepare failed")
        }
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

        let start = ContinuousClock.now
        for range in workload.batches {
            try exec("BEGIN IMMEDIATE")
            for index in range {
                let seq = Int64(index + 2)
                sqlite3_bind_int64(statement, 1, 1)
                sqlite3_bind_text(statement, 2, "rec-\(index)", -1, transient)
                sqlite3_bind_text(statement, 3, "ServiceEntry", -1, transient)
                sqlite3_bind_text(statement, 4, fields[index], -1, transient)
                sqlite3_bind_int64(statement, 5, seq)
                sqlite3_bind_int64(statement, 6, 0)
                sqlite3_bind_null(statement, 7)
                sqlite3_bind_text(statement, 8, "rec-\(index)", -1, transient)
                sqlite3_bind_null(statement, 9)
                sqlite3_bind_int64(statement, 10, 1_700_000_000_000)
                sqlite3_bind_text(statement, 11, "_user", -1, transient)
                sqlite3_bind_null(statement, 12)
                sqlite3_bind_int64(statement, 13, 1_700_000_000_000)
                sqlite3_bind_text(statement, 14, "_user", -1, transient)
                sqlite3_bind_null(statement, 15)
                sqlite3_bind_int64(statement, 16, Int64(fields[index].utf8.count))
                guard sqlite3_step(statement) == SQLITE_DONE else {
                    throw CloudError(.internalError, String(cString: sqlite3_errmsg(db)))
                }
                sqlite3_reset(statement)
            }
            try exec("COMMIT")
        }
        return start.duration(to: .now).seconds
    }
}

/// The same rows inserted straight into PostgreSQL through PostgresNIO: one multi-row INSERT per batch,
/// each batch its own transaction, in a schema of its own that is dropped afterwards.
enum RawPostgres {
    static func insert(_ workload: Workload, url: String) async throws -> Double {
        let schema =
            "bench_raw_" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(10))
        let client = try makeClient(url: url, schema: schema)
        let fields = (0..<workload.count).map(workload.storedFields)
        let logger = Logger(label: "bench.raw")
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            _ = try await client.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"), logger: logger)
            _ = try await client.query(PostgresQuery(unsafeSQL: RawSchema.table(blob: "BYTEA")), logger: logger)
            for index in RawSchema.indexes {
                _ = try await client.query(PostgresQuery(unsafeSQL: index), logger: logger)
            }
            let start = ContinuousClock.now
            for range in workload.batches {
                var bindings = PostgresBindings(capacity: range.count * 16)
                var values: [String] = []
                var n = 0
                for index in range {
                    var placeholders: [String] = []
                    for _ in 0..<16 {
                        n += 1
                        placeholders.append("$\(n)")
                    }
                    values.append("(" + placeholders.joined(separator: ",") + ")")
                    bindings.append(Int64(1))
                    bindings.append("rec-\(index)")
                    bindings.append("ServiceEntry")
                    bindings.append(fields[index])
                    bindings.append(Int64(index + 2))
                    bindings.append(Int64(0))
                    bindings.appendNull()
                    bindings.append("rec-\(index)")
                    bindings.appendNull()
                    bindings.append(Int64(1_700_000_000_000))
                    bindings.append("_user")
                    bindings.appendNull()
                    bindings.append(Int64(1_700_000_000_000))
                    bindings.append("_user")
                    bindings.appendNull()
                    bindings.append(Int64(fields[index].utf8.count))
                }
                let sql = RawSchema.insertPrefix + values.joined(separator: ",")
                try await client.withConnection { connection in
                    _ = try await connection.query("BEGIN", logger: logger)
                    _ = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
                    _ = try await connection.query("COMMIT", logger: logger)
                }
            }
            let seconds = start.duration(to: .now).seconds
            _ = try await client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA \(schema) CASCADE"), logger: logger)
            return seconds
        }
    }

    static func dropSchema(url: String, schema: String) async throws {
        let client = try makeClient(url: url, schema: "public")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            _ = try await client.query(
                PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema) CASCADE"), logger: Logger(label: "bench.raw"))
        }
    }

    static func makeClient(url: String, schema: String) throws -> PostgresClient {
        guard let components = URLComponents(string: url), let host = components.host else {
            throw CloudError(.badRequest, "Not a postgres:// URL: \(url)")
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
            password: components.password,
            database: components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/")), tls: .disable
        )
        configuration.options.additionalStartupParameters = [("search_path", schema)]
        return PostgresClient(configuration: configuration)
    }
}

/// The record table as the server creates it.
enum RawSchema {
    static func table(blob: String) -> String {
        """
        CREATE TABLE records (
            zone_pk BIGINT NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL, fields TEXT NOT NULL, seq BIGINT NOT NULL,
            deleted BIGINT NOT NULL DEFAULT 0, parent_name TEXT, root_name TEXT NOT NULL, left_root TEXT,
            created_at BIGINT NOT NULL, created_by TEXT NOT NULL, created_device TEXT,
            modified_at BIGINT NOT NULL, modified_by TEXT NOT NULL, modified_device TEXT, size BIGINT NOT NULL,
            PRIMARY KEY (zone_pk, name))
        """
    }

    static let indexes = [
        "CREATE INDEX records_feed ON records(zone_pk, seq)",
        "CREATE INDEX records_type_name ON records(zone_pk, type, name)",
        "CREATE INDEX records_children ON records(zone_pk, parent_name) WHERE parent_name IS NOT NULL",
    ]

    static let insertPrefix =
        "INSERT INTO records (zone_pk, name, type, fields, seq, deleted, parent_name, root_name, left_root, created_at, created_by, created_device, modified_at, modified_by, modified_device, size) VALUES "
    static let insert = insertPrefix + "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
}
