public import Foundation
public import HearthCore
public import HearthStore

/// Syncs an app's database through a ``SyncEngine`` and keeps how each round went in the database, so the
/// status is known later (``status()``), also to another process. Finance, the garage and health records
/// each configure one: their zones, record types and conflict policies are the engine's
/// ``SyncConfiguration``, their status table and wording a ``SyncServiceConfiguration``, and the work they
/// add around a round their ``SyncRoundSteps``. As a `Service` it syncs until cancelled (watch mode).
///
/// ```swift
/// let engine = SyncEngine(database: database, outbox: outbox, cloud: client)
/// let sync = SyncService(database: database, engine: engine, configuration: GarageSync.service, server: "https://cloud.example.com")
/// try await sync.sync()
/// print(try await sync.status())   // "synced"
/// ```
public actor SyncService: Syncing {
    /// The engine that does the work.
    public nonisolated let engine: SyncEngine
    /// The server's address, for the status.
    public nonisolated let server: String?
    /// The status table and wording.
    public nonisolated let configuration: SyncServiceConfiguration
    /// The app's work around each round.
    public nonisolated let steps: any SyncRoundSteps
    private let database: AppDatabase
    private let now: @Sendable () -> Date
    private var attempted = false

    /// A service for `database` (opened with the app's sync schemas) syncing with `engine`.
    /// - Parameters:
    ///   - configuration: where the status is kept and how messages name the database.
    ///   - steps: the app's work around each round (default: none).
    ///   - server: the server's address, remembered with the status.
    ///   - now: the clock the status is stamped with.
    public init(
        database: AppDatabase, engine: SyncEngine, configuration: SyncServiceConfiguration,
        steps: any SyncRoundSteps = PlainSyncRound(),
        server: String? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.engine = engine
        self.configuration = configuration
        self.steps = steps
        self.server = server
        self.now = now
    }

    @discardableResult
    public func sync() async throws -> SyncReport {
        let started = now()
        let wasInitial =
            (try? await Self.status(of: database, configuration: configuration, live: nil, server: nil).lastSyncedAt)
            == nil
        do {
            let report = try await steps.round(engine)
            attempted = true
            try await remember(engine.currentStatus, at: started, reachedServer: true)
            await steps.roundFinished(.success(report), wasInitial: wasInitial)
            return report
        } catch {
            attempted = true
            await steps.roundFailed(error)
            let explained = Self.explain(error, retry: configuration.retry)
            var state = engine.currentStatus
            if state == .syncing || state == .synced {
                state = error is CloudTransportError ? .offline : .error(explained.message)
            }
            try? await remember(state, at: started, reachedServer: false)
            await steps.roundFinished(.failure(error), wasInitial: wasInitial)
            throw explained
        }
    }

    public func status() async throws -> SyncStatusReport {
        try await Self.status(
            of: database, configuration: configuration, live: attempted ? engine.currentStatus : nil, server: server)
    }

    /// Where sync of `database` stands as its last round left it (another process may have run it), with the
    /// changes waiting now.
    /// - Throws: ``ServiceError`` when the database lacks the sync tables.
    public static func status(of database: AppDatabase, configuration: SyncServiceConfiguration) async throws
        -> SyncStatusReport
    {
        try await status(of: database, configuration: configuration, live: nil, server: nil)
    }

    private static func status(
        of database: AppDatabase, configuration: SyncServiceConfiguration, live: SyncStatus?, server: String?
    ) async throws -> SyncStatusReport {
        do {
            return try await configuration.log.status(of: database, live: live, server: server)
        } catch {
            throw ServiceError(
                .operationFailed,
                "Could not read the sync status of the \(configuration.databaseName): \(error). Open it with \(configuration.opener), which adds the sync tables.",
                underlying: error)
        }
    }

    /// Stores how a round went.
    private func remember(_ state: SyncStatus, at time: Date, reachedServer: Bool) async throws {
        try await configuration.log.remember(
            state, at: time, reachedServer: reachedServer, server: server, in: database)
    }

    /// Stores where the running engine's sync now stands.
    func rememberLive(_ state: SyncStatus) async throws {
        attempted = true
        let reached: Bool =
            switch state {
            case .offline: false
            default: true
            }
        try await remember(state, at: now(), reachedServer: reached)
    }
}
