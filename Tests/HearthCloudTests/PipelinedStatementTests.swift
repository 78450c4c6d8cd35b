import Foundation
import HearthCloudModel
import HearthCore
import Testing

@testable import HearthCloud

/// Statements a transaction sends without waiting (`send`) and statements sent together (`queries`), on
/// both databases: they run in order, a failure among them fails the transaction whole, and the failure
/// reported is the statement's own.
@Suite("Statements sent together", .timeLimit(.minutes(10)))
struct PipelinedStatementTests {
    static func makeTable(_ database: any SQLDatabase) async throws {
        _ = try await database.transaction(readOnly: false) { tx in
            try await tx.execute("CREATE TABLE pipe (n INTEGER PRIMARY KEY, label TEXT NOT NULL)", [])
        }
    }

    static func numbers(_ database: any SQLDatabase) async throws -> [Int64] {
        try await database.transaction(readOnly: true) { tx in
            try await tx.query("SELECT n FROM pipe ORDER BY n", []).map { $0.int("n") }
        }
    }

    @Test(
        "statements sent without waiting are seen by the queries after them and commit together",
        arguments: StoreKind.allCases)
    func sentStatementsCommit(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            try await Self.makeTable(store.database)
            let answers = try await store.database.transaction(readOnly: false) { tx in
                for n in 1...5 {
                    try await tx.send("INSERT INTO pipe (n, label) VALUES (?, ?)", [.int(Int64(n)), .text("row \(n)")])
                }
                try await tx.send("UPDATE pipe SET label = ? WHERE n = ?", [.text("third"), .int(3)])
                return try await tx.queries([
                    ("SELECT COUNT(*) AS c FROM pipe", []),
                    ("SELECT label FROM pipe WHERE n = ?", [.int(3)]),
                    ("SELECT label FROM pipe WHERE n = ?", [.int(99)]),
                ])
            }
            #expect(answers.count == 3)
            #expect(answers[0].first?.int("c") == 5)
            #expect(answers[1].first?.text("label") == "third")
            #expect(answers[2].isEmpty)
            #expect(try await Self.numbers(store.database) == [1, 2, 3, 4, 5])
        }
    }

    @Test(
        "a statement sent without waiting that fails fails the commit, and nothing of the transaction is kept",
        arguments: StoreKind.allCases)
    func failedSendRollsBack(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            try await Self.makeTable(store.database)
            _ = try await store.database.transaction(readOnly: false) { tx in
                try await tx.send("INSERT INTO pipe (n, label) VALUES (?, ?)", [.int(1), .text("kept")])
            }
            await #expect(throws: SQLUniqueViolation.self) {
                try await store.database.transaction(readOnly: false) { tx in
                    try await tx.send("INSERT INTO pipe (n, label) VALUES (?, ?)", [.int(10), .text("lost")])
                    try await tx.send("INSERT INTO pipe (n, label) VALUES (?, ?)", [.int(1), .text("duplicate")])
                    try await tx.send("INSERT INTO pipe (n, label) VALUES (?, ?)", [.int(11), .text("lost")])
                }
            }
            #expect(try await Self.numbers(store.database) == [1])
            // The connection is usable afterwards.
            _ = try await store.database.transaction(readOnly: false) { tx in
                try await tx.send("INSERT INTO pipe (n, label) VALUES (?, ?)", [.int(2), .text("after")])
            }
            #expect(try await Self.numbers(store.database) == [1, 2])
        }
    }

    @Test(
        "the next query reports the failure of a statement sent before it, not a later one",
        arguments: StoreKind.allCases)
    func failureReportedByNextQuery(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            try await Self.makeTable(store.database)
            let reached = Locked(false)
            await #expect(throws: SQLUniqueViolation.self) {
                try await store.database.transaction(readOnly: false) { tx in
                    try await tx.send("INSERT INTO pipe (n, label) VALUES (?, ?)", [.int(5), .text("first")])
                    try await tx.send("INSERT INTO pipe (n, label) VALUES (?, ?)", [.int(5), .text("again")])
                    _ = try await tx.queries([("SELECT COUNT(*) AS c FROM pipe", []), ("SELECT label FROM pipe", [])])
                    reached.withLock { $0 = true }
                }
            }
            #expect(reached.withLock { $0 } == false)
            #expect(try await Self.numbers(store.database).isEmpty)
        }
    }

    @Test(
        "a bad statement among those sent together is reported with the database's error, and nothing is kept",
        arguments: StoreKind.allCases)
    func badStatementAmongQueries(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            try await Self.makeTable(store.database)
            await #expect(throws: (any Error).self) {
                try await store.database.transaction(readOnly: false) { tx in
                    try await tx.send("INSERT INTO pipe (n, label) VALUES (?, ?)", [.int(7), .text("seven")])
                    _ = try await tx.queries([("SELECT n FROM pipe", []), ("SELECT no_such_column FROM pipe", [])])
                }
            }
            #expect(try await Self.numbers(store.database).isEmpty)
        }
    }
}
