public import Foundation
import GRDB
import HearthCore
public import HearthStore

/// The sharing debug log (the app's ShareDebugStore), kept in the health database so that a later
/// `hearth health debug-log` shows what earlier commands did.
///
/// It keeps the newest ``capacity`` lines (200), each `[ISO-8601 timestamp] message` as ``DebugLog``
/// writes them, and remembers the last error and the last share link until they are replaced (clearing
/// the log forgets the error, not the link). Several processes may write to it at once: each line is one
/// row, and the oldest rows beyond the capacity are dropped in the same transaction.
///
/// ```swift
/// let log = HealthDebugLog(database: database)
/// try await log.log("Sharing Rex…")
/// print(try await log.exportText())
/// ```
public actor HealthDebugLog {
    /// The most lines kept.
    public nonisolated let capacity: Int
    private let database: AppDatabase
    private let now: @Sendable () -> Date

    /// A log in `database` (opened with ``HealthSyncSchema``).
    /// - Parameters:
    ///   - capacity: how many lines to keep (default 200).
    ///   - now: the clock the lines are stamped with.
    public init(database: AppDatabase, capacity: Int = 200, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.capacity = max(1, capacity)
        self.now = now
    }

    /// Appends `message` (line breaks become spaces), dropping the oldest lines beyond the capacity.
    public func log(_ message: String) async throws {
        let line = DebugLog.line(message, at: now())
        let capacity = capacity
        try await database.write { db in
            try db.execute(sql: "INSERT INTO healthDebugLog (line) VALUES (?)", arguments: [line])
            try db.execute(
                sql: "DELETE FROM healthDebugLog WHERE seq <= (SELECT MAX(seq) FROM healthDebugLog) - ?",
                arguments: [capacity])
        }
    }

    /// Logs `message` as an error and remembers it as ``lastError()``.
    public func recordError(_ message: String) async throws {
        try await remember(message, for: Key.lastError)
        try await log("ERROR: \(message)")
    }

    /// Remembers `link` as ``lastShareLink()``.
    public func rememberShareLink(_ link: String) async throws {
        try await remember(link, for: Key.lastShareLink)
    }

    /// The lines, oldest first.
    public func lines() async throws -> [String] {
        try await database.read { db in try String.fetchAll(db, sql: "SELECT line FROM healthDebugLog ORDER BY seq") }
    }

    /// The last error recorded, until the log is cleared.
    public func lastError() async throws -> String? { try await recalled(Key.lastError) }

    /// The last share link made or accepted.
    public func lastShareLink() async throws -> String? { try await recalled(Key.lastShareLink) }

    /// Removes every line and the last error; the last share link stays.
    public func clear() async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM healthDebugLog")
            try db.execute(sql: "DELETE FROM healthDebugState WHERE key = ?", arguments: [Key.lastError])
        }
    }

    /// The lines as text, one per line, ending with a newline when not empty.
    public func exportText() async throws -> String {
        let all = try await lines()
        return all.isEmpty ? "" : all.joined(separator: "\n") + "\n"
    }

    private enum Key {
        static let lastError = "lastError"
        static let lastShareLink = "lastShareLink"
    }

    private func remember(_ value: String, for key: String) async throws {
        try await database.write { db in
            try db.execute(
                sql:
                    "INSERT INTO healthDebugState (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                arguments: [key, value])
        }
    }

    private func recalled(_ key: String) async throws -> String? {
        try await database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM healthDebugState WHERE key = ?", arguments: [key])
        }
    }
}
