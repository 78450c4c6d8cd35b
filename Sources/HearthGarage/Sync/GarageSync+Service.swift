public import Foundation
public import HearthSync

extension GarageSync {
    /// How the garage's ``SyncService`` keeps its status (the `garageSyncStatus` table of
    /// ``GarageSyncSchema``) and names the database in its messages.
    public static let serviceConfiguration = SyncServiceConfiguration(
        statusTable: "garageSyncStatus", databaseName: "garage database", opener: "GarageSync.open")

    /// The sync service of `store` (opened through ``GarageSync``) syncing with `engine`; every round is
    /// counted in the store's analytics.
    /// - Parameters:
    ///   - server: the server's address, remembered with the status.
    ///   - files: moves the photos, receipts and document copies around each round; nil leaves them be.
    ///   - shares: asked after each round which vehicles are shared with the user (``GarageShareAccess``);
    ///     nil leaves the last answer be.
    ///   - now: the clock the status is stamped with.
    public static func service(
        store: GarageStore, engine: SyncEngine, server: String? = nil, files: GarageFileTransfer? = nil,
        shares: (any CloudService)? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) -> SyncService {
        var steps: any SyncRoundSteps = GarageSyncRound(analytics: store.analytics)
        if let files { steps = GarageFilesRound(inner: steps, files: files) }
        if let shares { steps = GarageAccessRound(inner: steps, database: store.database, cloud: shares) }
        return SyncService(
            database: store.database, engine: engine, configuration: serviceConfiguration, steps: steps,
            server: server, now: now)
    }

    /// Where sync of `store` stands as its last round left it (another process may have run it), with the
    /// changes waiting now.
    /// - Throws: ``ServiceError`` when the database lacks the sync tables.
    public static func status(of store: GarageStore) async throws -> GarageSyncStatus {
        try await SyncService.status(of: store.database, configuration: serviceConfiguration)
    }
}
