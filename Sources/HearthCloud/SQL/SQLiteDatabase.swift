import Foundation
import HearthCore
import HearthCloudModel
import GRDB
import GRDBSQLite
import Synchronization

/// The embedded SQLite database of the record store, through GRDB.
///
/// Every transaction runs on the one writer connection, one at a time (SQLite has a single writer; reads are
/// short), which lets the store's async transaction code span several statements. Statements run
/// synchronously on the calling task's thread: they take microseconds to a few milliseconds, and hopping to
/// GRDB's queue for each one cost more than the statements themselves. The file is in WAL mode with
/// `synchronous = NORMAL`: a committed transaction survives the process being killed.
final class SQLiteDatabase: SQLDatabase {
    let dialect = SQLDialect.sqlite
    let events = ChangeEventBroadcast(bufferingNewest: 10_000)
    let location: String
    private let writer: any DatabaseWriter
    private let gate = AsyncGate()

    /// Opens (creating when needed) the database file at `url`.
    init(url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        writer = try DatabasePool(path: url.path, configuration: Self.configuration())
        location = url.path
    }

    /// An empty database in memory, for tests.
    init() throws {
        writer = try DatabaseQueue(configuration: Self.configuration())
        location = ":memory:"
    }

    private static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        configuration.busyMode = .timeout(10)
        configuration.label = "hearth.cloud"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return configuration
    }

    func migrate() async throws {
        try await writer.write { db in
            for statement in CloudSchema.sqlite { try db.execute(sql: statement) }
        }
    }

    func run() async throws {
        // SQLite needs no background work; wait until the service group stops.
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
    }

    func single(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try await gate.withLock { try await SQLiteTransaction(writer: writer).query(sql, binds) }
    }

    func transaction<T: Sendable>(readOnly: Bool, _ body: @Sendable (any SQLTransaction) async throws -> T) async throws -> T {
        try await gate.withLock {
            let transaction = SQLiteTransaction(writer: writer)
            try transaction.sync { db in try db.execute(sql: readOnly ? "BEGIN DEFERRED" : "BEGIN IMMEDIATE") }
            do {
                let value = try await body(transaction)
                try transaction.sync { db in try db.execute(sql: "COMMIT") }
                for event in transaction.pending.withLock({ $0 }) { events.publish(event) }
                return value
            } catch {
                try? transaction.sync { db in
                    if db.isInsideTransaction { try db.execute(sql: "ROLLBACK") }
                }
                throw error
            }
        }
    }
}

/// A transaction on the SQLite writer connection.
private final class SQLiteTransaction: SQLTransaction {
    let dialect = SQLDialect.sqlite
    let writer: any DatabaseWriter
    let pending = Mutex<[CloudChangeEvent]>([])

    init(writer: any DatabaseWriter) { self.writer = writer }

    /// Runs `work` on the writer connection without leaving the current thread.
    func sync<T>(_ work: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransaction(work)
    }

    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        try sync { db in
            let statement = try db.cachedStatement(sql: sql)
            try statement.setArguments(StatementArguments(binds.map(\.databaseValue)))
            var columns: [String: Int] = [:]
            for (index, name) in statement.columnNames.enumerated() where columns[name] == nil { columns[name] = index }
            var rows: [SQLRow] = []
            let cursor = try Row.fetchCursor(statement)
            while let row = try cursor.next() {
                var values: [SQLValue] = []
                values.reserveCapacity(row.count)
                for index in 0..<row.count { values.append(SQLValue(row[index] as DatabaseValue)) }
                rows.append(SQLRow(columns: columns, values: values))
            }
            return rows
        }
    }

    func execute(_ sql: String, _ binds: [SQLValue]) async throws {
        try sync { db in
            let statement = try db.cachedStatement(sql: sql)
            try Self.bind(statement, binds)
            let raw = statement.sqliteStatement
            defer { sqlite3_reset(raw) }
            while true {
                let code = sqlite3_step(raw)
                if code == SQLITE_DONE { return }
                if code == SQLITE_ROW { continue }
                let extended = sqlite3_extended_errcode(db.sqliteConnection)
                if extended == 2067 || extended == 1555 { throw SQLUniqueViolation() }  // SQLITE_CONSTRAINT_UNIQUE, _PRIMARYKEY
                throw DatabaseError(resultCode: ResultCode(rawValue: extended), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
            }
        }
    }

    func publishOnCommit(_ event: CloudChangeEvent) async throws {
        pending.withLock { $0.append(event) }
    }

    /// Binds `binds` straight through SQLite's C API: building GRDB's `StatementArguments` for a 400-row
    /// insert cost more than the insert.
    static func bind(_ statement: Statement, _ binds: [SQLValue]) throws {
        let raw = statement.sqliteStatement
        sqlite3_reset(raw)
        sqlite3_clear_bindings(raw)
        guard Int(sqlite3_bind_parameter_count(raw)) == binds.count else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "\(binds.count) values for \(sqlite3_bind_parameter_count(raw)) parameters", sql: statement.sql)
        }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in binds.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(raw, index)
            case .int(let number): code = sqlite3_bind_int64(raw, index, number)
            case .double(let number): code = sqlite3_bind_double(raw, index, number)
            case .text(var text):
                code = text.withUTF8 { bytes in
                    bytes.count == 0
                        ? sqlite3_bind_text(raw, index, "", 0, transient)
                        : bytes.withMemoryRebound(to: CChar.self) { sqlite3_bind_text(raw, index, $0.baseAddress, Int32(bytes.count), transient) }
                }
            case .blob(let data):
                code = data.withUnsafeBytes { bytes in
                    bytes.count == 0 ? sqlite3_bind_zeroblob(raw, index, 0) : sqlite3_bind_blob(raw, index, bytes.baseAddress, Int32(bytes.count), transient)
                }
            }
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "binding parameter \(index) failed", sql: statement.sql)
            }
        }
    }
}

extension SQLValue {
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .int(let v): v.databaseValue
        case .double(let v): v.databaseValue
        case .text(let v): v.databaseValue
        case .blob(let v): v.databaseValue
        }
    }

    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let v): self = .int(v)
        case .double(let v): self = .double(v)
        case .string(let v): self = .text(v)
        case .blob(let v): self = .blob(v)
        }
    }
}
