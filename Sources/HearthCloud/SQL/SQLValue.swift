import Foundation

/// A value bound to, or read from, a SQL statement. Booleans are stored as integers in both databases.
enum SQLValue: Sendable, Hashable {
    case null
    case int(Int64)
    case double(Double)
    case text(String)
    case blob(Data)

    init(_ value: String?) { self = value.map(SQLValue.text) ?? .null }
    init(_ value: Int64?) { self = value.map(SQLValue.int) ?? .null }
    init(_ value: Bool) { self = .int(value ? 1 : 0) }
}

/// One result row: values by column position, with the column names shared by every row of a result.
struct SQLRow: Sendable {
    let columns: [String: Int]
    let values: [SQLValue]

    func value(_ column: String) -> SQLValue {
        guard let index = columns[column] else { return .null }
        return values[index]
    }

    func int(_ column: String) -> Int64 {
        switch value(column) {
        case .int(let v): v
        case .double(let v): Int64(v)
        case .text(let v): Int64(v) ?? 0
        default: 0
        }
    }

    func bool(_ column: String) -> Bool { int(column) != 0 }

    func double(_ column: String) -> Double {
        switch value(column) {
        case .double(let v): v
        case .int(let v): Double(v)
        case .text(let v): Double(v) ?? 0
        default: 0
        }
    }

    func text(_ column: String) -> String { optionalText(column) ?? "" }

    func optionalText(_ column: String) -> String? {
        switch value(column) {
        case .text(let v): v
        case .int(let v): String(v)
        case .blob(let v): String(decoding: v, as: UTF8.self)
        default: nil
        }
    }

    func blob(_ column: String) -> Data {
        switch value(column) {
        case .blob(let v): v
        case .text(let v): Data(v.utf8)
        default: Data()
        }
    }
}

/// The two SQL databases the record store runs on. Statements are written once with `?` placeholders;
/// only the schema and transaction openers differ.
enum SQLDialect: Sendable {
    case sqlite
    case postgres
}

/// A statement failed because a unique key already holds the value.
struct SQLUniqueViolation: Error {}

/// A connection inside an open transaction.
protocol SQLTransaction: Sendable {
    var dialect: SQLDialect { get }
    /// Runs a statement and returns its rows.
    func query(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow]
    /// Runs a statement that returns no rows.
    func execute(_ sql: String, _ binds: [SQLValue]) async throws
    /// Queues a change event to be published when (and only if) the transaction commits.
    func publishOnCommit(_ event: CloudChangeEvent) async throws
}

extension SQLTransaction {
    func query(_ sql: String, _ binds: SQLValue...) async throws -> [SQLRow] { try await query(sql, binds) }
    func execute(_ sql: String, _ binds: SQLValue...) async throws { try await execute(sql, binds) }
    func first(_ sql: String, _ binds: SQLValue...) async throws -> SQLRow? { try await query(sql, binds).first }
}

/// A SQL database the record store can open transactions on.
protocol SQLDatabase: Sendable {
    var dialect: SQLDialect { get }
    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    /// Read-only transactions see one consistent snapshot.
    func transaction<T: Sendable>(readOnly: Bool, _ body: @Sendable (any SQLTransaction) async throws -> T) async throws -> T
    /// Runs one read statement on its own (no explicit transaction: one round trip on PostgreSQL).
    func single(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow]
    /// Creates or upgrades the tables.
    func migrate() async throws
    /// Runs background work (connections, notifications) until cancelled.
    func run() async throws
    /// Committed change events, from this process and (on PostgreSQL) every other process on the database.
    var events: ChangeEventBroadcast { get }
    /// A short description for health reports, without secrets.
    var location: String { get }
}

/// `?, ?, ?` for `count` values.
func placeholders(_ count: Int) -> String {
    Array(repeating: "?", count: count).joined(separator: ", ")
}
