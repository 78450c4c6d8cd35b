public import Foundation
import GRDB
import HearthCloudModel
public import HearthCore
public import HearthStore
public import Logging
public import ServiceLifecycle

/// The client sync engine: keeps an app database and the user's HearthCloud databases in step, as
/// CloudKit's `CKSyncEngine` does, with its state and outbox in the app's own database.
///
/// - Local edits are queued by the app's store through ``SyncOutbox`` in the same transaction as the
///   row, and sent in batches (up to the server's limit, halved on `LIMIT_EXCEEDED`) a moment after the
///   last edit.
/// - Changes from the server are fetched when the push channel says so, a page at a time: each page is
///   applied through the ``SyncDelegate`` together with its token in one transaction while the next page
///   is fetched, so an interrupted fetch resumes after the last page applied.
/// - Conflicts are settled per record type by a ``SyncConflictPolicy``.
/// - Throttling and transient failures put changes off (honouring `retryAfter`); nothing is dropped.
/// - An expired token triggers a full refetch that also deletes rows deleted on the server meanwhile.
/// - Signing in to another account clears the sync state, never the local data.
///
/// Run it as a `Service` for continuous sync, or call ``sync()`` for one round.
///
/// ```swift
/// let database = try AppDatabase.open(at: url, schemas: [NotesSchema.self, SyncSchema.self])
/// let outbox = SyncOutbox(configuration: SyncConfiguration(zones: ["notes"]), delegate: NotesSync())
/// let engine = SyncEngine(database: database, outbox: outbox, cloud: client)
/// let report = try await engine.sync()
/// ```
public actor SyncEngine: Service {
    /// The app database the engine's state lives in.
    public nonisolated let database: AppDatabase
    /// The outbox the app's store queues changes in.
    public nonisolated let outbox: SyncOutbox
    nonisolated var configuration: SyncConfiguration { outbox.configuration }

    let baseCloud: any CloudService
    var cloud: any CloudService
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    let logger: Logger
    let applier: ChangeApplier

    private let statusValue = WatchedValue(SyncStatus.syncing)
    let broadcast = Broadcast<SyncEvent, Void>(bufferingNewest: 100_000)

    // Work state.
    var deviceID: String?
    var prepared = false
    var batchLimit: Int
    var batchCounter = 0
    var condition: Condition = .ok
    var consecutiveFailures = 0
    var working = false
    var workWaiters: [CheckedContinuation<Void, Never>] = []

    // Run-loop state.
    var pendingFetch: [CloudDatabaseScope: FetchRequest] = [:]
    var sendDueAt: Int64?
    var firstUnsentEditAt: Int64?
    var retryAt: Int64?
    var nextParkedRetryAt: Int64?
    var wakeContinuation: AsyncStream<Void>.Continuation?
    var timerTask: Task<Void, Never>?

    /// What the last attempt left sync in.
    enum Condition: Equatable {
        case ok
        case offline(String)
        case failed(String)
        case signedOut(String)
    }

    /// What to fetch from one database.
    enum FetchRequest: Equatable {
        case everything
        case zones(Set<SyncZone>)

        func merged(with other: FetchRequest) -> FetchRequest {
            switch (self, other) {
            case (.zones(let a), .zones(let b)): .zones(a.union(b))
            default: .everything
            }
        }
    }

    /// An engine for `database`, which must include ``SyncSchema``.
    /// - Parameters:
    ///   - outbox: The outbox the app's store queues changes in (its configuration and delegate are the engine's).
    ///   - cloud: The server, signed in (``CloudClient``).
    ///   - clock: The clock the engine waits on (debounce, backoff).
    ///   - now: Wall-clock time, for change times and retry times kept in the database.
    public init(
        database: AppDatabase,
        outbox: SyncOutbox,
        cloud: any CloudService,
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "hearth.sync")
    ) {
        self.database = database
        self.outbox = outbox
        self.baseCloud = cloud
        self.cloud = cloud
        self.clock = clock
        self.now = now
        self.logger = logger
        var applier = ChangeApplier(outbox: outbox)
        applier.clockNow = now
        self.applier = applier
        self.batchLimit = outbox.configuration.maxBatchSize
    }

    // MARK: Observing

    /// Where sync stands: synced, syncing, error (with a message), or offline.
    public nonisolated var status: Watched<SyncStatus> { statusValue.stream }

    /// The current status.
    public nonisolated var currentStatus: SyncStatus { statusValue.value }

    /// What the engine does from now on: pages fetched, batches sent, conflicts settled, failures.
    public nonisolated func events() -> AsyncStream<SyncEvent> { broadcast.subscribe() }

    /// How many local changes wait to be sent.
    public func pendingChangeCount() async throws -> Int {
        try await database.read { db in try SyncTables.pendingCount(in: db) }
    }

    /// This installation's device id (made on first use, kept in the database).
    public func currentDeviceID() async throws -> String {
        try await ensureDeviceID()
    }

    // MARK: One round

    /// Fetches every change from the server, then sends every local change that is ready, settling
    /// conflicts on the way. Changes the server put off (throttling) or refused stay queued; the report
    /// counts them.
    /// - Throws: ``CloudTransportError`` when the server cannot be reached; `CloudError` when it refuses
    ///   the credentials or the request. Nothing local is lost either way.
    @discardableResult
    public func sync() async throws -> SyncReport {
        try await round(fetching: true, sending: true)
    }

    /// Fetches every change from the server and applies it locally.
    @discardableResult
    public func fetchChanges() async throws -> SyncReport {
        try await round(fetching: true, sending: false)
    }

    /// Applies again, now, the fetched changes the app refused before and the engine kept aside, rather than
    /// after the next fetched page: for when the app has just become able to read them (a key that arrived
    /// another way). Those still refused stay aside, with their reason in the report. The rows change in the
    /// database (observe them there); no fetch event is published, as nothing was fetched.
    @discardableResult
    public func applyKeptChanges() async throws -> SyncReport {
        let applier = self.applier
        let outcome = try await database.write { db -> ChangeApplier.Outcome in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM syncDeferred)") ?? false else {
                return ChangeApplier.Outcome()
            }
            var outcome = ChangeApplier.Outcome()
            try applier.retryDeferred(outcome: &outcome, in: db)
            return outcome
        }
        var report = SyncReport()
        report.receivedSaves = outcome.saved.count
        report.receivedDeletions = outcome.deleted.count
        report.problems = try await database.read { db in try SyncTables.problems(in: db) }
        return report
    }

    /// Sends every local change that is ready.
    @discardableResult
    public func sendChanges() async throws -> SyncReport {
        try await round(fetching: false, sending: true)
    }

    /// One exclusive round: fetch, send, or both, with the status kept up to date on every path.
    private func round(fetching: Bool, sending: Bool) async throws -> SyncReport {
        try await exclusive {
            var report = SyncReport()
            do {
                setStatus(.syncing)
                try await prepare()
                if fetching { try await fetch(everything: true, report: &report) }
                if sending { try await sendAll(report: &report) }
                condition = .ok
                // Only a full round proves the connection healthy enough to reset the backoff.
                if fetching && sending { consecutiveFailures = 0 }
            } catch {
                note(error)
                await refreshStatus()
                throw error
            }
            await finishReport(&report)
            await refreshStatus()
            return report
        }
    }

    /// Forgets the signed-in account check, so the next round asks the server who is signed in (call after
    /// signing in again or as someone else).
    public func credentialsChanged() {
        prepared = false
        if case .signedOut = condition { condition = .ok }
        requestFetch(.private, .everything)
        wake()
    }

    // MARK: Shared plumbing

    /// Runs `body` with no other fetch or send running.
    func exclusive<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        while working {
            await withCheckedContinuation { workWaiters.append($0) }
        }
        working = true
        defer {
            working = false
            if !workWaiters.isEmpty { workWaiters.removeFirst().resume() }
        }
        return try await body()
    }

    func setStatus(_ status: SyncStatus) {
        if statusValue.value != status { statusValue.send(status) }
    }

    /// Records what an error means for the status.
    func note(_ error: any Error) {
        consecutiveFailures += 1
        if let error = error as? CloudTransportError {
            condition = .offline(error.message)
        } else if let error = error as? CloudError {
            switch error.serverErrorCode {
            case .authenticationFailed, .authenticationRequired:
                prepared = false
                condition = .signedOut("The server refused the sign-in (\(error.reason)); sign in again.")
            default:
                condition = .failed("\(error.serverErrorCode): \(error.reason)")
            }
        } else if error is CancellationError {
            return
        } else {
            condition = .failed("\(error)")
        }
        logger.warning("Sync failed", metadata: ["sync.error": "\(error)"])
    }

    /// Publishes the status that follows from the last attempt and what is still queued.
    func refreshStatus() async {
        switch condition {
        case .offline:
            setStatus(.offline)
            return
        case .failed(let message), .signedOut(let message):
            setStatus(.error(message))
            return
        case .ok:
            break
        }
        let counts: (pending: Int, parked: Int, deferred: Int, problem: String?)
        do {
            counts = try await database.read { db in
                let pending = try SyncTables.pendingCount(in: db)
                let parked = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM syncOutbox WHERE parked = 1") ?? 0
                let deferred = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM syncDeferred") ?? 0
                return (pending, parked, deferred, try SyncTables.problems(in: db).first)
            }
        } catch {
            logger.warning(
                "Could not count the changes waiting to sync; the status stays as it was",
                metadata: ["error": "\(error)"])
            return
        }
        if counts.parked > 0 || counts.deferred > 0 {
            let total = counts.parked + counts.deferred
            setStatus(
                .error(
                    "\(total) change\(total == 1 ? "" : "s") could not be synced and will be retried; first: \(counts.problem ?? "unknown")"
                ))
        } else if counts.pending > 0 {
            setStatus(.syncing)
        } else {
            setStatus(.synced)
        }
    }

    func finishReport(_ report: inout SyncReport) async {
        do {
            let counts = try await database.read { db in
                (try SyncTables.pendingCount(in: db), try SyncTables.problems(in: db))
            }
            report.pending = counts.0
            report.problems = counts.1
        } catch {
            logger.warning(
                "Could not count the changes waiting to sync for the report", metadata: ["error": "\(error)"])
            report.problems.append("The changes waiting to sync could not be counted: \(error)")
        }
    }

    func nowMilliseconds() -> Int64 { SyncCoding.milliseconds(now()) }
}
