public import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthStore
public import HearthSync

/// What the garage's sync offers an app: one round of sync, and where sync stands.
public protocol GarageSyncing: Sendable {
    /// Fetches what other devices changed and sends what this one changed, settling conflicts per record type.
    /// - Throws: ``ServiceError`` saying why the server could not be reached or refused; the local data is
    ///   left as it was and every pending change is kept for the next round.
    func sync() async throws -> SyncReport

    /// Where sync stands now, with the number of changes waiting.
    func status() async throws -> GarageSyncStatus
}

/// Syncs a garage database through a ``SyncEngine`` and keeps how each round went in the database, so the
/// status is known later (``status()``), also to another process.
///
/// ```swift
/// let garage = try GarageSync.open(at: url)
/// let engine = SyncEngine(database: garage.store.database, outbox: garage.outbox, cloud: client)
/// let sync = GarageSyncService(store: garage.store, engine: engine, server: "https://cloud.example.com")
/// try await sync.sync()
/// print(try await sync.status())   // "synced"
/// ```
public actor GarageSyncService: GarageSyncing {
    /// The engine that does the work.
    public nonisolated let engine: SyncEngine
    /// The server's address, for the status.
    public nonisolated let server: String?
    private let database: AppDatabase
    private let analytics: any EventTracking
    private let now: @Sendable () -> Date
    private var attempted = false

    /// A service for `store` (opened through ``GarageSync``) syncing with `engine`.
    /// - Parameters:
    ///   - server: the server's address, remembered with the status.
    ///   - now: the clock the status is stamped with.
    public init(store: GarageStore, engine: SyncEngine, server: String? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.engine = engine
        self.server = server
        database = store.database
        analytics = store.analytics
        self.now = now
    }

    @discardableResult
    public func sync() async throws -> SyncReport {
        let started = now()
        let wasInitial = (try? await Self.status(of: database, live: nil, server: nil).lastSyncedAt) == nil
        do {
            let report = try await engine.sync()
            attempted = true
            try await remember(engine.currentStatus, at: started, reachedServer: true)
            let outcome: GarageEvent.SyncOutcome = !report.problems.isEmpty ? .failed : report.conflictsResolved > 0 ? .conflict : .success
            await analytics.track(GarageEvent.syncFinished(outcome: outcome, wasInitial: wasInitial))
            return report
        } catch {
            attempted = true
            let explained = Self.explain(error)
            var state = engine.currentStatus
            if state == .syncing || state == .synced {
                state = error is CloudTransportError ? .offline : .error(explained.message)
            }
            try? await remember(state, at: started, reachedServer: false)
            await analytics.track(GarageEvent.syncFinished(outcome: error is CloudTransportError ? .offline : .failed, wasInitial: wasInitial))
            throw explained
        }
    }

    public func status() async throws -> GarageSyncStatus {
        try await Self.status(of: database, live: attempted ? engine.currentStatus : nil, server: server)
    }

    /// Where sync of `store` stands as its last round left it (another process may have run it), with the
    /// changes waiting now.
    public static func status(of store: GarageStore) async throws -> GarageSyncStatus {
        try await status(of: store.database, live: nil, server: nil)
    }

    private static let log = SyncStatusLog(table: "garageSyncStatus")

    private static func status(of database: AppDatabase, live: SyncStatus?, server: String?) async throws -> SyncStatusReport {
        do {
            return try await log.status(of: database, live: live, server: server)
        } catch {
            throw ServiceError(.operationFailed, "Could not read the sync status of the garage database: \(error). Open it with GarageSync.open, which adds the sync tables.", underlying: error)
        }
    }

    /// Stores how a round went.
    private func remember(_ state: SyncStatus, at time: Date, reachedServer: Bool) async throws {
        try await Self.log.remember(state, at: time, reachedServer: reachedServer, server: server, in: database)
    }

    /// A failed round as a ``ServiceError`` that says what went wrong and what to do; the original error is
    /// its `underlying` error.
    static func explain(_ error: any Error) -> ServiceError {
        let kept = "Nothing local was changed; pending changes are kept for the next sync."
        switch error {
        case let error as ServiceError:
            return error
        case let error as CloudTransportError:
            return ServiceError(.operationFailed, "Cannot reach the server: \(error.message). \(kept) Check the address and your connection, then sync again.", underlying: error)
        case let error as CloudError:
            switch error.serverErrorCode {
            case .authenticationFailed, .authenticationRequired:
                return ServiceError(.notAuthenticated, "The server refused the sign-in (\(error.reason)). \(kept) Sign in again.", underlying: error)
            case .throttled, .tryAgainLater:
                return ServiceError(.rateLimited, "The server is busy (\(error.reason)). \(kept) Sync again in \(error.retryAfter ?? 60) seconds.", underlying: error)
            default:
                return ServiceError(.operationFailed, "The server answered \(error.serverErrorCode): \(error.reason). \(kept)", underlying: error)
            }
        default:
            return ServiceError(.operationFailed, "Sync failed: \(error). \(kept)", underlying: error)
        }
    }
}
