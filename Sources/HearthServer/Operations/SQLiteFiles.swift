import Foundation
import GRDB
import HearthCore

/// SQLite databases in a data directory: recognised by their header, copied consistently while other
/// processes write to them, and checked.
enum SQLiteFiles {
    /// The 16 bytes every SQLite database begins with.
    private static let header = Array("SQLite format 3\0".utf8)

    /// Whether the file at `url` begins with SQLite's header.
    static func isDatabase(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let start = try? handle.read(upToCount: header.count) else { return false }
        return Array(start) == header
    }

    /// Writes a copy of the database at `source` to `destination` with SQLite's online backup API, which
    /// copies one consistent state however other connections write meanwhile. The copy is a single file
    /// (rollback journal, not write-ahead log), readable only by its owner.
    static func snapshot(_ source: URL, to destination: URL) throws {
        var readOnly = Configuration()
        readOnly.readonly = true
        readOnly.busyMode = .timeout(10)
        do {
            let reader = try DatabaseQueue(path: source.path, configuration: readOnly)
            let copy = try DatabaseQueue(path: destination.path)
            try reader.backup(to: copy)
            try copy.writeWithoutTransaction { db in
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            }
            try reader.close()
            try copy.close()
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: destination.path)
        } catch let error as DatabaseError {
            throw ServiceError(
                .operationFailed,
                "Could not copy the database \(source.path): \(error.message ?? "\(error.resultCode)"). "
                    + "Check that it is readable, and run `hearth doctor` on its data directory.",
                underlying: error)
        }
    }

    /// What `PRAGMA integrity_check` found (empty when the database is sound) and its `user_version`.
    static func check(_ url: URL) throws -> (problems: [String], userVersion: Int) {
        var readOnly = Configuration()
        readOnly.readonly = true
        readOnly.busyMode = .timeout(10)
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: readOnly)
            defer { try? queue.close() }
            return try queue.read { db in
                // At most 20 findings: enough to say what is wrong without printing a whole broken file.
                let findings = try String.fetchAll(db, sql: "PRAGMA integrity_check(20)")
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                return (findings == ["ok"] ? [] : findings, version)
            }
        } catch let error as DatabaseError {
            return (["\(error.message ?? "SQLite error \(error.resultCode)")"], 0)
        }
    }

    /// The tables of the database at `url`.
    static func tables(_ url: URL) throws -> Set<String> {
        try readOnly(url) { db in
            Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        }
    }

    /// The GRDB migrations applied to the database at `url`, in the order they ran.
    static func migrations(_ url: URL) throws -> [String] {
        try readOnly(url) { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        }
    }

    private static func readOnly<T>(_ url: URL, _ read: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read(read)
    }
}
