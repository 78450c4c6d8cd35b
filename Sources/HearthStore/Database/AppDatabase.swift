public import Foundation
public import GRDB
import GRDBSQLite
public import HearthCore

/// An app's SQLite database: a `DatabasePool` in WAL mode on disk, or an in-memory queue for tests.
/// Opening it runs every registered migration.
///
/// ```swift
/// let database = try AppDatabase.open(at: url, schemas: [FinanceSchema.self])
/// try await database.write { db in try person.insert(db) }
/// ```
public struct AppDatabase: Sendable {
    /// The connection everything reads and writes through.
    public let writer: any DatabaseWriter

    /// Wraps `writer` and migrates it with `schemas`.
    public init(_ writer: any DatabaseWriter, schemas: [any DatabaseSchema.Type]) throws {
        self.writer = writer
        var migrator = DatabaseMigrator()
        for schema in schemas { schema.registerMigrations(in: &migrator) }
        do {
            try migrator.migrate(writer)
        } catch {
            throw ServiceError(.operationFailed, "Could not prepare the database: \(error)", underlying: error)
        }
    }

    /// Opens (creating when needed) the database file at `url`, with its folder, in WAL mode.
    /// - Parameter ownerOnly: the file holds secrets: it is created readable and writable by its owner only
    ///   (0600) before SQLite first opens it, so it never exists with wider rights, and an existing file is
    ///   narrowed to 0600. SQLite gives its `-wal` and `-shm` files the database file's mode.
    public static func open(at url: URL, schemas: [any DatabaseSchema.Type], ownerOnly: Bool = false) throws
        -> AppDatabase
    {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ServiceError(
                .operationFailed,
                "Could not create the folder \(folder.path) for the database: \(error.localizedDescription)",
                underlying: error)
        }
        if ownerOnly { try OwnerOnlyFiles.prepare(url, companions: ["-wal", "-shm"]) }
        do {
            let pool = try DatabasePool(path: url.path, configuration: makeConfiguration())
            return try AppDatabase(pool, schemas: schemas)
        } catch let error as ServiceError {
            throw error
        } catch {
            throw ServiceError(.operationFailed, "Could not open the database \(url.path): \(error)", underlying: error)
        }
    }

    /// An empty database in memory, migrated with `schemas`: for tests and previews.
    public static func inMemory(schemas: [any DatabaseSchema.Type]) throws -> AppDatabase {
        try AppDatabase(try DatabaseQueue(configuration: makeConfiguration()), schemas: schemas)
    }

    /// The connection settings every Hearth database uses.
    public static func makeConfiguration() -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // In WAL mode NORMAL keeps every committed transaction across a process crash; only a power
            // loss can drop the last few, and writes stay fast.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try addContainsFunction(to: db)
        }
        return configuration
    }

    /// Adds `hearth_contains(text, needle)`: whether `text` contains `needle` ignoring case, accents and
    /// width (``HearthCore/TextSearch``); `needle` must already be folded with `TextSearch.fold`. NULL text
    /// contains nothing. Every Hearth connection has it. It goes through SQLite's C API so that each row's
    /// text is read in place: a full-table search stays close to the speed of `LIKE`.
    static func addContainsFunction(to db: Database) throws {
        let code = sqlite3_create_function_v2(
            db.sqliteConnection, "hearth_contains", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            { context, _, values in
                guard let values, let textValue = values[0], let needleValue = values[1],
                    let text = sqlite3_value_text(textValue), let needle = sqlite3_value_text(needleValue)
                else {
                    sqlite3_result_int(context, 0)
                    return
                }
                let found = TextSearch.contains(
                    utf8: UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(textValue))),
                    folded: UnsafeBufferPointer(start: needle, count: Int(sqlite3_value_bytes(needleValue))))
                sqlite3_result_int(context, found ? 1 : 0)
            },
            nil, nil, nil)
        guard code == SQLITE_OK else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: "Could not add the SQL function hearth_contains")
        }
    }

    // MARK: Access

    /// Runs `updates` in one write transaction, off the caller's executor.
    public func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.write(updates)
    }

    /// Runs `value` in a read transaction, off the caller's executor.
    public func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.read(value)
    }

    /// Runs long `work` in one write transaction on the database's own queue, so the caller's executor
    /// (an actor, or the main thread of an app) stays free.
    public func performBackgroundTask<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T
    {
        try await writer.write(work)
    }

    /// SQLite's data version as this database's writing connection sees it: it changes when another
    /// connection to the file — another process — commits, and never for this database's own writes. What a
    /// long-running process compares now and then to notice the commits of others, which
    /// ``watch(_:)`` does not observe.
    public func foreignCommitVersion() async throws -> Int64 {
        try await writer.writeWithoutTransaction { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    /// The result of `fetch` now and after every committed change to what it reads.
    public func watch<T: Sendable>(_ fetch: @escaping @Sendable (Database) throws -> T) -> Watched<T> {
        let observation = ValueObservation.tracking(fetch)
        let writer = self.writer
        return Watched {
            AsyncThrowingStream<T, any Error> { continuation in
                // A serial queue per subscriber keeps values in commit order.
                let queue = DispatchQueue(label: "hearth.database.watch")
                let cancellable = observation.start(
                    in: writer,
                    scheduling: .async(onQueue: queue),
                    onError: { continuation.finish(throwing: $0) },
                    onChange: { continuation.yield($0) }
                )
                continuation.onTermination = { _ in cancellable.cancel() }
            }
        }
    }
}
