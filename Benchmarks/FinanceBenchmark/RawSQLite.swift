import Foundation
import GRDBSQLite

/// The baseline: SQLite through its C API, with no layer in between.
final class RawSQLite {
    private(set) var handle: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw BenchmarkError("cannot open \(path)")
        }
        // The same settings the store's connections use.
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = NORMAL")
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit { sqlite3_close_v2(handle) }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw BenchmarkError(message) }
    }

    func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw BenchmarkError(message) }
        return statement
    }

    var message: String { String(cString: sqlite3_errmsg(handle)) }
}

/// `sqlite3_bind_text`'s "copy the text now" destructor, which C spells SQLITE_TRANSIENT.
let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One row read through the C API into Swift values, as an app would hold it.
struct RawTransaction {
    let id: UUID
    let title: String
    let subtitle: String
    let amount: Int64
    let category: String
    let date: Int64
    let isRecurring: Bool
    let tags: String
    let updatedAt: Int64
}

extension RawSQLite {
    static let insertSQL = """
        INSERT INTO financeTransaction (id, title, subtitle, amount, category, date, isRecurring, tags, updatedAt)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    static let selectSQL =
        "SELECT localID, id, title, subtitle, amount, category, date, isRecurring, tags, updatedAt FROM financeTransaction"

    /// Runs `sql` with `arguments` bound as integers and reads every row into a ``RawTransaction``.
    func fetchTransactions(_ sql: String, _ arguments: [Int64]) throws -> [RawTransaction] {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        for (index, value) in arguments.enumerated() { sqlite3_bind_int64(statement, Int32(index + 1), value) }
        var rows: [RawTransaction] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw BenchmarkError(message) }
            let blob = sqlite3_column_blob(statement, 1)!.assumingMemoryBound(to: UInt8.self)
            let id = UUID(
                uuid: (
                    blob[0], blob[1], blob[2], blob[3], blob[4], blob[5], blob[6], blob[7],
                    blob[8], blob[9], blob[10], blob[11], blob[12], blob[13], blob[14], blob[15]
                ))
            rows.append(
                RawTransaction(
                    id: id, title: String(cString: sqlite3_column_text(statement, 2)),
                    subtitle: String(cString: sqlite3_column_text(statement, 3)),
                    amount: sqlite3_column_int64(statement, 4),
                    category: String(cString: sqlite3_column_text(statement, 5)),
                    date: sqlite3_column_int64(statement, 6),
                    isRecurring: sqlite3_column_int64(statement, 7) != 0,
                    tags: String(cString: sqlite3_column_text(statement, 8)),
                    updatedAt: sqlite3_column_int64(statement, 9)))
        }
        return rows
    }

    /// Runs an aggregate query returning one row of integers.
    func integers(_ sql: String, _ arguments: [Int64]) throws -> [[Int64]] {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        for (index, value) in arguments.enumerated() { sqlite3_bind_int64(statement, Int32(index + 1), value) }
        var rows: [[Int64]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append((0..<sqlite3_column_count(statement)).map { sqlite3_column_int64(statement, $0) })
        }
        return rows
    }
}
