import Foundation
import HearthCloudModel
import Synchronization

/// The one connection that writes, with group commit: write transactions that arrive while a batch is being
/// written wait together and then go into the next batch — one SQLite transaction, each of them inside a
/// savepoint of its own.
///
/// Each transaction stays all-or-nothing: one that fails is rolled back to its savepoint and the others in
/// its batch carry on. Nobody hears back before the batch's `COMMIT` has returned, so an answer is never sent
/// for a write that could still be lost. A wait that is cancelled before its batch starts ends at once and
/// writes nothing; once in a batch, a transaction runs to its end.
final class SQLiteWriter: Sendable {
    /// How many transactions one batch takes at most.
    static let batchLimit = 64

    private let connection: SQLiteConnection
    private let threads: DatabaseThreads
    private let counter: SQLStatementCounter
    private let state = Mutex(State())

    private struct State {
        var waiting: [WriteJob] = []
        var draining = false
        var nextID: UInt64 = 0
        var commits = 0
        var checkpointWanted = false
    }

    /// How many batches have committed so far.
    var commitCount: Int { state.withLock { $0.commits } }

    /// How many transactions wait for a batch to take them.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// How long (in frames) the write-ahead log may grow before the writer checkpoints it without being asked:
    /// the last resort when nobody runs the background checkpoints that ask for it (``requestCheckpoint()``).
    let checkpointFrames: Int
    /// Held for each checkpoint, here and by the background checkpoints: SQLite runs one checkpoint at a time
    /// and refuses a second, so without it the writer's would fail whenever a background one was running.
    let checkpointLock: NSLock
    private let logFailure: @Sendable (any Error) -> Void

    /// `logFailure` hears of checkpoints that failed (a full disk, say); the writes themselves go on.
    init(
        connection: SQLiteConnection, threads: DatabaseThreads, counter: SQLStatementCounter, checkpointFrames: Int,
        checkpointLock: NSLock = NSLock(), logFailure: @escaping @Sendable (any Error) -> Void
    ) {
        self.checkpointFrames = checkpointFrames
        self.checkpointLock = checkpointLock
        self.logFailure = logFailure
        connection.countLogFrames()
        self.connection = connection
        self.threads = threads
        self.counter = counter
    }

    /// Runs `body` in the next batch and returns its value once the batch has committed; `committed` gets
    /// the change events `body` queued, after the commit, in order.
    func write<T: Sendable>(
        _ body: @escaping @Sendable (SQLiteTransaction) async throws -> T,
        committed: @escaping @Sendable (SQLiteCommitted) -> Void
    ) async throws -> T {
        let result = Mutex<T?>(nil)
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let job = WriteJob(
                    id: id, continuation: continuation,
                    run: { transaction in
                        let value = try await body(transaction)
                        result.withLock { $0 = value }
                        return transaction.committed
                    }, committed: committed)
                let start: Bool? = state.withLock { state in
                    if Task.isCancelled { return nil }
                    state.waiting.append(job)
                    if state.draining { return false }
                    state.draining = true
                    return true
                }
                guard let start else { return continuation.resume(throwing: CancellationError()) }
                if start { Task(executorPreference: threads) { await self.drain() } }
            }
        } onCancel: {
            let job = state.withLock { state -> WriteJob? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiting.remove(at: index)
            }
            job?.finish(.failure(CancellationError()))
        }
        guard let value = result.withLock({ $0 }) else { throw CancellationError() }
        return value
    }

    /// Asks for the log to be copied back to its end before the next batch (see ``checkpoint()``); the
    /// background checkpoints call this once the log is long and they have copied nearly all of it.
    func requestCheckpoint() {
        state.withLock { $0.checkpointWanted = true }
    }

    /// Writes batches until nobody is waiting.
    private func drain() async {
        while true {
            let wanted = state.withLock { state in
                defer { state.checkpointWanted = false }
                return state.checkpointWanted
            }
            if wanted || connection.logFrames >= checkpointFrames { checkpoint() }
            let batch = state.withLock { state -> [WriteJob] in
                guard !state.waiting.isEmpty else {
                    state.draining = false
                    return []
                }
                let batch = Array(state.waiting.prefix(Self.batchLimit))
                state.waiting.removeFirst(batch.count)
                return batch
            }
            if batch.isEmpty { return }
            await write(batch)
        }
    }

    /// One transaction for the whole batch, a savepoint for each job (none when it is alone).
    private func write(_ batch: [WriteJob]) async {
        var done: [(job: WriteJob, events: SQLiteCommitted)] = []
        var open = false
        for job in batch {
            do {
                if !open {
                    try connection.execute("BEGIN IMMEDIATE")
                    open = true
                }
                if batch.count > 1 { try connection.run("SAVEPOINT job", []) }
                let events = try await job.run(SQLiteTransaction(connection: connection, counter: counter))
                if batch.count > 1 { try connection.run("RELEASE job", []) }
                done.append((job, events))
            } catch {
                if open && connection.isInsideTransaction {
                    if batch.count > 1 {
                        do {
                            try connection.execute("ROLLBACK TO job; RELEASE job")
                        } catch {
                            Self.abandon(connection, &done, error)
                            open = false
                        }
                    } else {
                        try? connection.execute("ROLLBACK")
                        open = false
                    }
                } else if open {
                    // SQLite rolled the whole transaction back by itself (a full disk, an I/O error): the jobs
                    // written before this one went with it.
                    Self.abandon(connection, &done, error)
                    open = false
                }
                job.finish(.failure(error))
            }
        }
        guard open else { return }
        do {
            try connection.execute("COMMIT")
        } catch {
            Self.abandon(connection, &done, error)
            return
        }
        state.withLock { $0.commits += 1 }
        for (job, events) in done {
            job.committed(events)
            job.finish(.success(()))
        }
    }

    /// Copies the rest of the write-ahead log back into the database between two batches: after the last
    /// batch's callers have heard back, before the next batch begins.
    ///
    /// A background checkpoint alone never lets the log start over while writes keep coming: by the time it
    /// has copied one stretch, another commit has added to it. This one runs while no write is open, so the
    /// log is copied to its end (unless a read still needs part of it), and the next batch writes the log from
    /// its start again rather than growing it. The background checkpoints have copied nearly all of it by
    /// then, so this one waits mostly on syncing the database file. (SQLite's own checkpoint after a commit,
    /// which this replaces, ran before that commit's callers heard back, and again after every commit once the
    /// log was long.)
    ///
    /// It waits for a background checkpoint that is running (they copy what this one would, so the wait is
    /// short): were it refused instead, a writer whose background checkpoints fall behind (a machine short of
    /// CPU) would let the log grow without end.
    private func checkpoint() {
        checkpointLock.withLock {
            do {
                try connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
            } catch {
                logFailure(error)
            }
        }
    }

    /// Rolls back what is open and fails every job written so far in it with `error`.
    private static func abandon(
        _ connection: SQLiteConnection, _ done: inout [(job: WriteJob, events: SQLiteCommitted)], _ error: any Error
    ) {
        if connection.isInsideTransaction { try? connection.execute("ROLLBACK") }
        for (job, _) in done { job.finish(.failure(error)) }
        done.removeAll()
    }
}
