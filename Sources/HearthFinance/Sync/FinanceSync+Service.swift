public import Foundation
public import HearthSync

extension FinanceSync {
    /// How finance's ``SyncService`` keeps its status (the `financeSyncStatus` table of
    /// ``FinanceSyncSchema``) and names the database in its messages.
    public static let serviceConfiguration = SyncServiceConfiguration(
        statusTable: "financeSyncStatus", databaseName: "finance database", opener: "FinanceSync.open")

    /// The sync service of `store` (opened through ``FinanceSync``) syncing with `engine`.
    /// - Parameters:
    ///   - server: the server's address, remembered with the status.
    ///   - shares: for a shared book's database, asked after each round what the user may do with the book
    ///     (``MoneyBook``); nil leaves the last answer be.
    ///   - now: the clock the status is stamped with.
    public static func service(
        store: FinancePersistenceService, engine: SyncEngine, server: String? = nil,
        shares: FinanceSharing? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) -> SyncService {
        let steps: any SyncRoundSteps = shares.map { FinanceAccessRound(sharing: $0) } ?? PlainSyncRound()
        return SyncService(
            database: store.database, engine: engine, configuration: serviceConfiguration, steps: steps,
            server: server, now: now)
    }

    /// Where sync of `store` stands as its last round left it (another process may have run it), with the
    /// changes waiting now.
    /// - Throws: `ServiceError` when the database lacks the sync tables.
    public static func status(of store: FinancePersistenceService) async throws -> SyncStatusReport {
        try await SyncService.status(of: store.database, configuration: serviceConfiguration)
    }
}
