package import HearthCore

/// A SQL database the record store can open transactions on: everything that differs between SQLite and
/// PostgreSQL is behind it. Other server-side stores in the package (the
/// pantry's tables) share it through ``SQLRecordStore/database``.
package protocol SQLDatabase: Sendable {
    var dialect: SQLDialect { get }
    /// Every statement run so far, for tests that check what a request costs.
    var statements: SQLStatementCounter { get }
    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    /// Read-only transactions see one consistent snapshot.
    func transaction<T: Sendable>(readOnly: Bool, _ body: @escaping @Sendable (any SQLTransaction) async throws -> T)
        async throws -> T
    /// Runs one read statement on its own (no explicit transaction: one round trip on PostgreSQL).
    func single(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow]
    /// Creates or upgrades the tables (and on PostgreSQL, the schema they are kept in when it is not `public`).
    func migrate() async throws
    /// Drops the database's schema and everything in it, for tests that made their own schema.
    func dropSchema() async throws
    /// Whether `error`, thrown by this database, says its disk (or its quota of it) is full.
    func isStorageFull(_ error: any Error) -> Bool
    /// Runs background work (connections, notifications) until cancelled.
    func run() async throws
    /// Committed change events, from this process and (on PostgreSQL) every other process on the database.
    var events: ChangeEventBroadcast { get }
    /// Committed notices (``SQLTransaction/noticeOnCommit(_:)``), from this process and (on PostgreSQL) every
    /// other process on the database.
    var notices: Broadcast<SQLNotice, Void> { get }
    /// A short description for health reports, without secrets.
    var location: String { get }
    /// Whether several server processes may share the database, so that what must hold across all of them
    /// (a rate limit per key) has to be kept in the database rather than in one process's memory.
    var isSharedByProcesses: Bool { get }
    /// The way to run statements outside a transaction, where the database has one (see
    /// ``SQLAutocommitting``); nil sends every batch through a locked transaction.
    var autocommitting: (any SQLAutocommitting)? { get }
}
