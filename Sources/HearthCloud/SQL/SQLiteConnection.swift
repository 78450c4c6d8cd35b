import Foundation
import GRDB
import GRDBSQLite
import HearthSQLite

/// One SQLite connection through the C API, with its prepared statements kept for reuse.
///
/// The record store owns its connections outright, so that a transaction can span statements run from async
/// code without an open transaction ever being left to a library's checks: one task uses a connection at a
/// time (the writer's batches, or a read leased from ``SQLiteReaderPool``), always on ``DatabaseThreads``.
///
/// `@unchecked Sendable` because it wraps a C handle (opened with `SQLITE_OPEN_NOMUTEX`) and a cache of
/// prepared statements that nothing locks. What makes sending it safe is that it is used by one task at a
/// time: the ``SQLiteWriter`` owns its connection and runs one batch at a time, a read connection belongs to
/// whoever leased it from ``SQLiteReaderPool`` until it is handed back, and the checkpointer's connection is
/// used only under the checkpoint lock. Nothing else keeps a reference to a connection.
final class SQLiteConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    private var statements: [String: Prepared] = [:]

    /// A prepared statement and its result columns.
    private struct Prepared {
        let statement: OpaquePointer
        let columns: SQLColumns
    }

    /// Opens the database at `path` (`":memory:"` for a private in-memory database); `readOnly` connections
    /// refuse writes (`PRAGMA query_only`) and read the file through memory mapping (up to 256 MB of it):
    /// a read that touches many pages (a query's scan, a changes page) then costs no system call per page,
    /// and every reader shares the operating system's copy of the file rather than caching pages of its own.
    init(path: String, readOnly: Bool) throws {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (readOnly ? 0 : SQLITE_OPEN_CREATE)
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(opened)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "Could not open \(path): \(message)")
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, 10_000)
        try execute("PRAGMA synchronous = NORMAL")
        if readOnly {
            try execute("PRAGMA query_only = 1")
            try execute("PRAGMA mmap_size = 268435456")
        }
    }

    deinit {
        for prepared in statements.values { sqlite3_finalize(prepared.statement) }
        sqlite3_close_v2(handle)
    }

    /// How many frames the write-ahead log held after this connection's last commit, once
    /// ``countLogFrames()`` has been called (SQLite then no longer checkpoints by itself after a commit).
    private(set) var logFrames = 0

    /// Replaces SQLite's checkpoint after each commit past `wal_autocheckpoint` with a count of the log's
    /// frames in ``logFrames``, so that the owner decides when this connection checkpoints.
    func countLogFrames() {
        sqlite3_wal_hook(
            handle,
            { context, _, _, frames in
                guard let context else { return SQLITE_OK }
                Unmanaged<SQLiteConnection>.fromOpaque(context).takeUnretainedValue().logFrames = Int(frames)
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Whether a transaction is open (SQLite rolls one back by itself after some failures, such as a full disk).
    var isInsideTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `sql`, which may hold several statements and no parameters.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw DatabaseError(
                resultCode: ResultCode(rawValue: sqlite3_extended_errcode(handle)), message: text, sql: sql)
        }
    }

    /// Runs one statement and returns its rows.
    func query(_ sql: String, _ binds: [SQLValue]) throws -> [SQLRow] {
        let prepared = try prepare(sql)
        let statement = prepared.statement
        try bind(statement, binds, sql: sql)
        defer { sqlite3_reset(statement) }
        let count = sqlite3_column_count(statement)
        var rows: [SQLRow] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw failure(sql) }
            var values: [SQLValue] = []
            values.reserveCapacity(Int(count))
            for column in 0..<count { values.append(value(statement, column)) }
            rows.append(SQLRow(columns: prepared.columns, values: values))
        }
    }

    /// Runs one statement, ignoring any rows.
    func run(_ sql: String, _ binds: [SQLValue]) throws {
        let statement = try prepare(sql).statement
        try bind(statement, binds, sql: sql)
        defer { sqlite3_reset(statement) }
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            if code != SQLITE_ROW { throw failure(sql) }
        }
    }

    private func prepare(_ sql: String) throws -> Prepared {
        if let prepared = statements[sql] { return prepared }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
            let statement
        else {
            throw failure(sql)
        }
        let columns = SQLColumns(
            (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) })
        let prepared = Prepared(statement: statement, columns: columns)
        statements[sql] = prepared
        return prepared
    }

    /// The error SQLite reports for `sql`: ``SQLUniqueViolation`` for a duplicate key, else a `DatabaseError`
    /// with the extended result code (so `SQLITE_FULL` can be told apart).
    private func failure(_ sql: String) -> any Error {
        let extended = sqlite3_extended_errcode(handle)
        // SQLITE_CONSTRAINT_UNIQUE, _PRIMARYKEY
        if extended == 2067 || extended == 1555 { return SQLUniqueViolation() }
        return DatabaseError(
            resultCode: ResultCode(rawValue: extended), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    private func value(_ statement: OpaquePointer, _ column: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .int(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT:
            return .double(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let bytes = sqlite3_column_blob(statement, column), count > 0 else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default:
            return .null
        }
    }

    /// Binds `binds` straight through the C API.
    private func bind(_ statement: OpaquePointer, _ binds: [SQLValue], sql: String) throws {
        let binder = SQLiteBinder(statement)
        binder.clearBindings()
        guard binder.parameterCount == binds.count else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE, message: "\(binds.count) values for \(binder.parameterCount) parameters",
                sql: sql)
        }
        for (offset, value) in binds.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = binder.bindNull(index)
            case .int(let number): code = binder.bind(index, number)
            case .double(let number): code = binder.bind(index, number)
            case .text(let text): code = binder.bind(index, text)
            case .blob(let data): code = data.withUnsafeBytes { binder.bindBlob(index, $0) }
            }
            guard code == SQLITE_OK else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code), message: "binding parameter \(index) failed", sql: sql)
            }
        }
    }
}
