public import Foundation
import GRDB
import HearthCloudModel
import HearthCore
public import HearthStore
public import HearthSync

/// What health sync offers an app: one round of sync, and where sync stands.
public protocol HealthSyncing: Sendable {
    /// Fetches what other devices and the users sharing records with this one changed (every shared
    /// `PurusHealthShareZone`), and sends the changes of cloud-enabled records.
    /// - Throws: ``ServiceError`` saying why the server could not be reached or refused; the local data is
    ///   left as it was and every pending change is kept for the next round.
    func sync() async throws -> SyncReport

    /// Where sync stands now, with the number of changes waiting.
    func status() async throws -> HealthSyncStatus
}

/// Syncs a health database through a ``SyncEngine`` (configured by ``HealthSync/configuration(sendDebounce:)``)
/// and keeps how each round went in the database, so the status is known later (``status()``), also to
/// another process.
///
/// ```swift
/// let health = try HealthSync.open(at: url)
/// let engine = SyncEngine(database: health.database, outbox: health.outbox, cloud: client)
/// let sync = HealthSyncService(database: health.database, engine: engine, server: "https://cloud.example.com")
/// try await sync.sync()
/// print(try await sync.status())   // "synced"
/// ```
public actor HealthSyncService: HealthSyncing {
    /// The engine that does the work.
    public nonisolated let engine: SyncEngine
    /// The server's address, for the status.
    public nonisolated let server: String?
    /// Hands end-to-end keys out after each round; nil when records travel unencrypted.
    public nonisolated let keys: HealthKeyDistributor?
    private let database: AppDatabase
    private let now: @Sendable () -> Date
    private var attempted = false

    /// A service for `database` (opened through ``HealthSync``) syncing with `engine`.
    /// - Parameters:
    ///   - server: the server's address, remembered with the status.
    ///   - keys: sends the key records owed after each round (``HealthSync/connect(_:client:server:encrypted:logger:)``
    ///     sets it up).
    ///   - now: the clock the status is stamped with.
    public init(
        database: AppDatabase, engine: SyncEngine, server: String? = nil, keys: HealthKeyDistributor? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.engine = engine
        self.server = server
        self.keys = keys
        self.database = database
        self.now = now
    }

    @discardableResult
    public func sync() async throws -> SyncReport {
        let started = now()
        do {
            var report: SyncReport
            if let keys {
                // Key records left unread read first (the recovery code may have been entered since); then fetch,
                // so a key made on another device arrives before one could be made here, and the zone's key
                // reaches the server before the first record sealed with it.
                _ = try await keys.readPendingKeyRecords()
                let fetched = try await engine.fetchChanges()
                try await keys.prepareZoneKey()
                report = try await engine.sync()
                report.receivedSaves += fetched.receivedSaves
                report.receivedDeletions += fetched.receivedDeletions
                report.conflictsResolved += fetched.conflictsResolved
            } else {
                report = try await engine.sync()
            }
            attempted = true
            if let keys {
                // Keys owed since (a member's key fetched in this round, a new epoch) go out now.
                let handed = try await keys.distribute()
                // Records kept aside for want of a key open now if a key came (in this round, or restored
                // with the recovery code since).
                let unreadKeys = try await keys.readPendingKeyRecords()
                let kept = try await engine.applyKeptChanges()
                report.receivedSaves += kept.receivedSaves
                report.receivedDeletions += kept.receivedDeletions
                report.problems = kept.problems + unreadKeys + handed.failures.map { "A key record was not sent: \($0)" }
            }
            try await remember(engine.currentStatus, at: started, reachedServer: true)
            return report
        } catch {
            attempted = true
            // A round that failed may still owe keys (a member's key to publish after accepting).
            await keys?.distributeAfterFailedSync()
            let explained = Self.explain(error)
            var state = engine.currentStatus
            if state == .syncing || state == .synced {
                state = error is CloudTransportError ? .offline : .error(explained.message)
            }
            try? await remember(state, at: started, reachedServer: false)
            throw explained
        }
    }

    public func status() async throws -> HealthSyncStatus {
        try await Self.status(of: database, live: attempted ? engine.currentStatus : nil, server: server)
    }

    /// Where sync of `database` stands as its last round left it (another process may have run it), with
    /// the changes waiting now.
    public static func status(of database: AppDatabase) async throws -> HealthSyncStatus {
        try await status(of: database, live: nil, server: nil)
    }

    private static let log = SyncStatusLog(table: "healthSyncStatus", firstUpload: "every cloud-enabled record in this database")

    private static func status(of database: AppDatabase, live: SyncStatus?, server: String?) async throws -> SyncStatusReport {
        do {
            return try await log.status(of: database, live: live, server: server)
        } catch {
            throw ServiceError(.operationFailed, "Could not read the sync status of the health database: \(error). Open it with HealthSync.open, which adds the sync tables.", underlying: error)
        }
    }

    /// Stores how a round went.
    private func remember(_ state: SyncStatus, at time: Date, reachedServer: Bool) async throws {
        try await Self.log.remember(state, at: time, reachedServer: reachedServer, server: server, in: database)
    }

    /// Stores where the running engine's sync now stands.
    func rememberLive(_ state: SyncStatus) async throws {
        attempted = true
        let reached: Bool = switch state {
        case .offline: false
        default: true
        }
        try await remember(state, at: now(), reachedServer: reached)
    }

    /// A failed round, or a failed share request, as a ``ServiceError`` that says what went wrong and what to
    /// do; the original error is its `underlying` error.
    static func explain(_ error: any Error, kept: String = "Nothing local was changed; pending changes are kept for the next sync.") -> ServiceError {
        switch error {
        case let error as ServiceError:
            return error
        case let error as CloudTransportError:
            return ServiceError(.operationFailed, "Cannot reach the server: \(error.message). \(kept) Check the address and your connection, then try again.", underlying: error)
        case let error as CloudError:
            switch error.serverErrorCode {
            case .authenticationFailed, .authenticationRequired:
                return ServiceError(.notAuthenticated, "The server refused the sign-in (\(error.reason)). \(kept) Sign in again.", underlying: error)
            case .throttled, .tryAgainLater:
                return ServiceError(.rateLimited, "The server is busy (\(error.reason)). \(kept) Try again in \(error.retryAfter ?? 60) seconds.", underlying: error)
            default:
                return ServiceError(.operationFailed, "The server answered \(error.serverErrorCode): \(error.reason). \(kept)", underlying: error)
            }
        default:
            return ServiceError(.operationFailed, "Sync failed: \(error). \(kept)", underlying: error)
        }
    }
}
