import Foundation
import Logging
import Testing

@testable import HearthCloud

/// Statements a connection runs again and again are prepared there once, with the types their values have.
@Suite("Prepared statements on PostgreSQL", .timeLimit(.minutes(10)))
struct PostgresStatementCacheTests {
    @Test("only SELECT, INSERT, UPDATE, DELETE and WITH statements are prepared")
    func preparableStatements() {
        for sql in [
            "SELECT 1", "  select x FROM t", "(SELECT 1) UNION (SELECT 2)", "INSERT INTO t VALUES ($1)",
            "update t SET a = 1", "DELETE FROM t", "WITH a AS (SELECT 1) SELECT * FROM a",
        ] {
            #expect(PostgresStatementCache.preparable(sql), "\(sql)")
        }
        for sql in [
            "BEGIN", "COMMIT", "CREATE TABLE t (a int)", "ALTER TABLE t ADD COLUMN b int", "selected", "WITHOUT",
            "PREPARE x AS SELECT 1", "DROP SCHEMA s",
        ] {
            #expect(!PostgresStatementCache.preparable(sql), "\(sql)")
        }
    }

    @Test(
        "the same statement, the same values, on one connection, in and out of transactions, with NULLs and then values",
        arguments: [true, false])
    func answersStayTheSame(_ prepared: Bool) async throws {
        try await withPostgres(prepared: prepared) { database in
            try await database.transaction(readOnly: false) { tx in
                try await tx.execute(
                    "CREATE TABLE notes (id BIGINT PRIMARY KEY, title TEXT, weight DOUBLE PRECISION, body BYTEA)", [])
            }
            let insert = "INSERT INTO notes (id, title, weight, body) VALUES (?, ?, ?, ?) RETURNING id, title, weight"
            for id in 1...8 {
                // The first runs have NULLs where later ones have values: the statement is prepared again with both.
                let title: SQLValue = id < 5 ? .null : .text("note \(id)")
                let weight: SQLValue = id % 2 == 0 ? .double(Double(id) / 2) : .null
                let row = try await database.transaction(readOnly: false) { tx in
                    try await tx.query(
                        insert, [.int(Int64(id)), title, weight, id == 8 ? .blob(Data([1, 2, 3])) : .null])
                }
                #expect(row.first?.int("id") == Int64(id))
                #expect(row.first?.value("title") == title)
                #expect(row.first?.value("weight") == weight)
            }
            // A rolled-back transaction leaves the prepared statement in place for the next one.
            await #expect(throws: SQLUniqueViolation.self) {
                try await database.transaction(readOnly: false) { tx in
                    _ = try await tx.query(insert, [.int(9), .text("nine"), .double(1), .null])
                    _ = try await tx.query(insert, [.int(9), .text("again"), .double(1), .null])
                }
            }
            let read = "SELECT id, title FROM notes WHERE id > ? AND title IS NOT NULL ORDER BY id"
            for _ in 1...4 {
                let rows = try await database.transaction(readOnly: true) { tx in try await tx.query(read, [.int(0)]) }
                #expect(rows.map { $0.int("id") } == [5, 6, 7, 8])
            }
            let body = try await database.transaction(readOnly: true) { tx in
                try await tx.query("SELECT body FROM notes WHERE id = ?", [.int(8)])
            }
            #expect(body.first?.value("body") == .blob(Data([1, 2, 3])))

            // Prepared for the first time inside a transaction that has already failed, a statement fails with it
            // and is prepared on its next run.
            let probe = "SELECT title FROM notes WHERE id = ? AND title IS NOT NULL"
            for _ in 1...2 {
                _ = try await database.transaction(readOnly: true) { tx in try await tx.query(probe, [.int(5)]) }
            }
            await #expect(throws: SQLUniqueViolation.self) {
                try await database.transaction(readOnly: false) { tx in
                    try await tx.send("INSERT INTO notes (id) VALUES (?)", [.int(5)])
                    _ = try await tx.query(probe, [.int(5)])
                }
            }
            let probed = try await database.transaction(readOnly: true) { tx in try await tx.query(probe, [.int(5)]) }
            #expect(probed.first?.text("title") == "note 5")

            // A statement longer than the cache keeps is never prepared, however often it runs.
            let long =
                "SELECT id FROM notes WHERE id = ? /* "
                + String(repeating: "x", count: PostgresStatementCache.maximumLength) + " */"
            for _ in 1...4 {
                let rows = try await database.transaction(readOnly: true) { tx in try await tx.query(long, [.int(5)]) }
                #expect(rows.map { $0.int("id") } == [5])
            }
            let names = try await database.transaction(readOnly: true) { tx in
                try await tx.query(
                    "SELECT name, parameter_types::text AS types FROM pg_prepared_statements ORDER BY prepare_time", [])
            }
            if prepared {
                let types = names.map { $0.text("types") }
                #expect(
                    types.contains("{bigint,text,\"double precision\",bytea}"),
                    "the insert is prepared with every type once values were seen: \(types)")
                #expect(types.contains("{bigint}"), "the read is prepared: \(types)")
                #expect(
                    types == ["{bigint,text,\"double precision\",bytea}", "{bigint}", "{bigint}"],
                    "the insert (the statements it replaced as more types were seen are deallocated), the read and the probe; not the long one: \(types)"
                )
            } else {
                #expect(names.isEmpty, "prepared_statements=off prepares nothing")
            }
        }
    }

    /// A PostgreSQL database in a schema of its own, dropped afterwards, with one connection for statements.
    private func withPostgres(prepared: Bool, _ body: @Sendable (PostgresDatabase) async throws -> Void) async throws {
        guard let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"], !url.isEmpty else {
            try Test.cancel(
                "HEARTH_TEST_POSTGRES_URL is not set, so the PostgreSQL run is skipped; start one with eval \"$(scripts/test-postgres.sh start)\"."
            )
        }
        var logger = Logger(label: "hearth.cloud.test")
        logger.logLevel = .error
        let schema = "t_" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))
        let address = url + (url.contains("?") ? "&" : "?") + (prepared ? "" : "prepared_statements=off")
        let database = try PostgresDatabase(url: address, schema: schema, maximumConnections: 2, logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await database.run() }
            defer { group.cancelAll() }
            try await database.createSchema()
            do {
                try await body(database)
                try await database.dropSchema()
            } catch {
                try? await database.dropSchema()
                throw error
            }
        }
    }
}
