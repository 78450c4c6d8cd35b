import CSQLiteSettings
import Foundation
import GRDB
import GRDBSQLite
import HearthCloudModel
import HearthCore
import Logging

/// The embedded SQLite database of the record store.
///
/// Writes go through one connection with group commit (``SQLiteWriter``): transactions that arrive together
/// share one SQLite transaction, each in its own savepoint. Reads run at the same time on a pool of read-only
/// connections (``SQLiteReaderPool``), each in one snapshot. Every SQLite call runs on ``DatabaseThreads``,
/// never on Swift's cooperative pool. The file is in WAL mode with `synchronous = NORMAL`: a committed
/// transaction survives the process being killed.
///
/// The in-memory database of tests has no file for readers to open: its reads go through the writer.
final class SQLiteDatabase: SQLDatabase {
    let dialect = SQLDialect.sqlite
    /// One server process owns the file.
    let isSharedByProcesses = false
    let autocommitting: (any SQLAutocommitting)? = nil
    let events = ChangeEventBroadcast(bufferingNewest: 10_000)
    let statements = SQLStatementCounter()
    let notices = Broadcast<SQLNotice, Void>(bufferingNewest: 10_000)
    let location: String
    let threads: DatabaseThreads
    private let writer: SQLiteWriter
    private let readers: SQLiteReaderPool?
    private let checkpointer: SQLiteConnection?
    private let restartFrames: Int
    /// Shared with the writer: one checkpoint at a time (see ``SQLiteWriter/checkpointLock``).
    private let checkpointLock = NSLock()
    private let logger: Logger
    /// The database file opened once more, to start its writeback (see ``startWriteback(_:)``); -1 in memory.
    private let databaseFile: Int32
    /// What the checkpointer's rounds wait on.
    private let timers: any Clock<Duration>

    /// Opens (creating when needed) the database file at `url`, with up to `readers` read connections; the
    /// write-ahead log starts over each time it reaches `restartFrames` pages (see ``run()``), and the
    /// checkpointer waits its rounds on `timers`.
    init(
        url: URL, readers: Int = max(2, ProcessInfo.processInfo.activeProcessorCount),
        restartFrames: Int = SQLiteDatabase.restartFrames,
        timers: any Clock<Duration> = ContinuousClock(), logger: Logger = Logger(label: "hearth.cloud")
    ) throws {
        self.logger = logger
        self.timers = timers
        if !Self.memoryStatisticsOff {
            logger.debug("SQLite was already in use when the record database opened; its memory statistics stay on")
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let connection = try SQLiteConnection(path: url.path, readOnly: false)
        try connection.execute("PRAGMA journal_mode = WAL")
        // A transaction in a batch runs in a savepoint, which keeps the first version of each page it changes
        // to undo itself: in memory, rather than in a temporary file once past 64 KB (two writes per page).
        try connection.execute("PRAGMA temp_store = MEMORY")
        // The pages batches keep coming back to (each zone's last leaf of every records index, the counters)
        // stay cached between batches rather than being read back from the log (2 MB held too few of them).
        try connection.execute("PRAGMA cache_size = -8192")
        checkpointer = try SQLiteConnection(path: url.path, readOnly: false)
        threads = DatabaseThreads(count: readers + 1, name: "hearth.sqlite")
        // ``run()`` copies the log back into the database from a connection of its own and asks the writer for
        // the last few frames between batches; the writer checkpoints unasked only as a last resort.
        writer = SQLiteWriter(
            connection: connection, threads: threads, counter: statements, checkpointFrames: 2 * restartFrames,
            checkpointLock: checkpointLock
        ) { [logger, location = url.path] error in
            Self.warnCheckpointFailed(error, logger: logger, location: location)
        }
        self.restartFrames = restartFrames
        databaseFile = open(url.path, O_RDONLY | O_CLOEXEC)
        self.readers = SQLiteReaderPool(path: url.path, maximum: readers)
        location = url.path
    }

    /// Whether SQLite's memory statistics are off, tried once per process when the first database file opens.
    /// With them on, every allocation inside SQLite takes one process-wide mutex: readers parsing JSON on
    /// several threads spent most of a query queued on it. In `hearth serve` the record database is the
    /// first SQLite connection; a process that opened one before keeps the statistics, which changes speed only.
    private static let memoryStatisticsOff = hearth_sqlite_disable_memory_statistics() == SQLITE_OK

    /// An empty database in memory, for tests.
    init(timers: any Clock<Duration> = ContinuousClock()) throws {
        logger = Logger(label: "hearth.cloud")
        self.timers = timers
        threads = DatabaseThreads(count: 1, name: "hearth.sqlite.memory")
        writer = SQLiteWriter(
            connection: try SQLiteConnection(path: ":memory:", readOnly: false), threads: threads, counter: statements,
            checkpointFrames: .max
        ) { _ in }
        restartFrames = .max
        databaseFile = -1
        readers = nil
        checkpointer = nil
        location = ":memory:"
    }

    deinit {
        threads.shutdown()
        if databaseFile >= 0 { close(databaseFile) }
    }

    /// How many write batches have committed (each holds one or more transactions).
    var commitCount: Int { writer.commitCount }

    /// How many write transactions wait for the writer's next batch.
    var waitingWrites: Int { writer.waitingCount }

    func migrate() async throws {
        try await write { transaction in
            for statement in CloudSchema.sqlite { try transaction.connection.execute(statement) }
        }
    }

    func dropSchema() async throws {
        throw CloudError(
            .badRequest, "The SQLite record database at \(location) has no schema to drop; remove its file instead.")
    }

    /// SQLite's `SQLITE_FULL`.
    func isStorageFull(_ error: any Error) -> Bool {
        (error as? DatabaseError)?.resultCode == .SQLITE_FULL
    }

    /// How long the checkpointer waits between rounds. Short on purpose: a checkpoint ends in an `fdatasync`
    /// of the log and the database, and while it runs the writer's appends to the log wait on the file
    /// system's journal. Small, frequent checkpoints keep each wait to a millisecond or two; four a second let
    /// the log pile up between them, and one commit in a hundred waited 10–30 ms.
    static let checkpointInterval = Duration.milliseconds(50)

    /// How long the write-ahead log grows, in pages (4 KB each), before it starts over from its beginning:
    /// 64 MB. Each start costs the writer one pause between batches (see ``run()``), a few milliseconds spent
    /// mostly syncing the database file, so a longer log pauses less often.
    static let restartFrames = 16_000

    /// How few frames the background checkpoints leave for the writer to copy when the log starts over.
    static let restartRemainder = 256

    /// Checkpoints the write-ahead log every ``checkpointInterval`` until it has all been copied back, and again
    /// after each new commit (a passive checkpoint: it copies what no reader still needs and waits for
    /// nobody), until cancelled. A checkpoint that a reader held short is tried again on the next round even
    /// when nothing more was written: until the whole log is copied back, every read looks each page up in
    /// the log and reads it from there.
    ///
    /// Once the log is ``restartFrames`` long, it is checkpointed again at once, round after round (at most
    /// four), until less than ``restartRemainder`` frames are left; then the writer copies those between two
    /// batches, and the log starts over with the next batch.
    func run() async throws {
        guard let checkpointer else {
            while !Task.isCancelled { try? await timers.sleep(for: .seconds(3600)) }
            return
        }
        var checkpointed = -1  // a log left from before the start is checkpointed too
        while !Task.isCancelled {
            try? await timers.sleep(for: Self.checkpointInterval)
            let commits = commitCount
            guard commits != checkpointed else { continue }
            let settled = await withTaskExecutorPreference(threads) {
                do {
                    for pass in 1... {
                        // The log's new frames start for the disk now, so the sync this checkpoint begins with has
                        // little left to wait for.
                        let log = open(location + "-wal", O_RDONLY | O_CLOEXEC)
                        if log >= 0 {
                            Self.startWriteback(log)
                            close(log)
                        }
                        // One row: busy, the frames in the log, and how many of them are now in the database.
                        let rows = checkpointLock.withLock {
                            Result { try checkpointer.query("PRAGMA wal_checkpoint(PASSIVE)", []) }
                        }
                        guard let result = try rows.get().first else { return false }
                        // The pages copied into the database start for the disk too: only the checkpoint that copies
                        // the log to its end syncs the database file, between two batches, and it waits for every
                        // page copied since the last one that did.
                        Self.startWriteback(databaseFile)
                        let frames = result.int("log")
                        let copied = result.int("checkpointed")
                        guard frames >= restartFrames else { return frames == copied }
                        // A long log: copy what came in during this pass at once, until little is left for the
                        // writer to copy before the log starts over.
                        if frames - copied <= Self.restartRemainder || pass == 4 {
                            writer.requestCheckpoint()
                            return false
                        }
                    }
                    return false
                } catch {
                    // Tried again after the next commit (a full disk, say), not every round, so a lasting
                    // failure is logged once per commit; the writer's own checkpoints remain.
                    Self.warnCheckpointFailed(error, logger: logger, location: location)
                    return true
                }
            }
            if settled { checkpointed = commits }
        }
    }

    /// Starts the kernel writing `file`'s changed pages to disk, without waiting for them (Linux; nothing
    /// elsewhere). A sync that follows then waits for what is left. SQLite's checkpoints sync the database file
    /// only when they copy the log to its end, so under steady writes the pause in which the writer does that
    /// waited for everything copied since: 10–15 ms, every half second, in the benchmark. With the copied pages
    /// started for the disk after each background checkpoint, it takes 2–11 ms. A failure changes only speed
    /// (the syncs still wait for everything), so it is not reported.
    private static func startWriteback(_ file: Int32) {
        guard file >= 0 else { return }
        _ = hearth_start_writeback(file)
    }

    /// Logs a checkpoint that failed: the writes go on, and the log is copied back on a later try.
    private static func warnCheckpointFailed(_ error: any Error, logger: Logger, location: String) {
        logger.warning(
            "Could not checkpoint the record database's log",
            metadata: ["cloud.database": "\(location)", "error": "\(error)"])
    }

    /// On a read connection when there are any, as one statement in autocommit (which reads one snapshot):
    /// a request's sign-in check does not queue behind the writer's batches.
    func single(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] {
        guard let readers else { return try await write { transaction in try await transaction.query(sql, binds) } }
        return try await withTaskExecutorPreference(threads) {
            try await readers.withConnection { connection in
                statements.increment()
                return try connection.query(sql, binds)
            }
        }
    }

    func transaction<T: Sendable>(readOnly: Bool, _ body: @escaping @Sendable (any SQLTransaction) async throws -> T)
        async throws -> T
    {
        guard readOnly, let readers else { return try await write(body) }
        return try await withTaskExecutorPreference(threads) {
            try await readers.withConnection { connection in
                try connection.run("BEGIN DEFERRED", [])
                do {
                    let value = try await body(SQLiteTransaction(connection: connection, counter: statements))
                    try connection.run("COMMIT", [])
                    return value
                } catch {
                    if connection.isInsideTransaction { try? connection.execute("ROLLBACK") }
                    throw error
                }
            }
        }
    }

    private func write<T: Sendable>(_ body: @escaping @Sendable (SQLiteTransaction) async throws -> T) async throws -> T
    {
        try await writer.write(body) { [events, notices] committed in
            for event in committed.events { events.publish(event) }
            for notice in committed.notices { notices.publish(notice) }
        }
    }
}
