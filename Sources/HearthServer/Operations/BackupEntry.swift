/// One member of a backup archive.
public struct BackupEntry: Codable, Sendable, Equatable {
    /// What the member is.
    public enum Kind: String, Codable, Sendable {
        /// A SQLite database, copied with SQLite's online backup and checked with `PRAGMA integrity_check`.
        case sqlite
        /// Any other file of the data directory, copied as it was.
        case file
        /// The record store's PostgreSQL database, as `pg_dump --format=custom` wrote it.
        case postgres
    }

    /// The member's path in the archive: `data/<path in the data directory>`, or `postgres/records.dump`.
    public var path: String
    /// What the member is.
    public var kind: Kind
    /// Its size in bytes.
    public var bytes: Int64
    /// Its SHA-256, in lowercase hex.
    public var sha256: String
    /// For SQLite databases, `PRAGMA user_version` (the app's schema version; 0 for databases that keep theirs
    /// in a table).
    public var userVersion: Int?

    public init(path: String, kind: Kind, bytes: Int64, sha256: String, userVersion: Int? = nil) {
        self.path = path
        self.kind = kind
        self.bytes = bytes
        self.sha256 = sha256
        self.userVersion = userVersion
    }

    /// The folder in the archive that mirrors the data directory.
    static let dataPrefix = "data/"
    /// The member holding a PostgreSQL dump.
    package static let postgresPath = "postgres/records.dump"
}
