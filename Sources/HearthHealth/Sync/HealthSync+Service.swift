public import Foundation
public import HearthStore
public import HearthSync

extension HealthSync {
    /// How health's ``SyncService`` keeps its status (the `healthSyncStatus` table of ``HealthSyncSchema``)
    /// and names the database in its messages; before the first sync the status says that sync uploads every
    /// cloud-enabled record.
    public static let serviceConfiguration = SyncServiceConfiguration(
        statusTable: "healthSyncStatus", firstUpload: "every cloud-enabled record in this database",
        databaseName: "health database", opener: "HealthSync.open", retry: "try again")

    /// The sync service of `database` (opened through ``HealthSync``) syncing with `engine`: it fetches what
    /// other devices and the users sharing records with this one changed (every shared
    /// `PurusHealthShareZone`), and sends the changes of cloud-enabled records.
    /// - Parameters:
    ///   - server: the server's address, remembered with the status.
    ///   - keys: sends the key records owed around each round (``connect(_:client:server:encrypted:logger:)``
    ///     sets it up); nil when records travel unencrypted.
    ///   - attachments: moves the attachment files, sealed, around each round; nil leaves them on the device.
    ///   - now: the clock the status is stamped with.
    public static func service(
        database: AppDatabase, engine: SyncEngine, server: String? = nil, keys: HealthKeyDistributor? = nil,
        attachments: HealthAttachmentTransfer? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) -> SyncService {
        var steps: any SyncRoundSteps
        if let keys {
            steps = HealthKeyRound(keys: keys)
        } else {
            steps = PlainSyncRound()
        }
        if let attachments { steps = AttachmentRound(inner: steps, transfer: attachments) }
        return SyncService(
            database: database, engine: engine, configuration: serviceConfiguration, steps: steps, server: server,
            now: now)
    }

    /// Where sync of `database` stands as its last round left it (another process may have run it), with
    /// the changes waiting now.
    /// - Throws: ``ServiceError`` when the database lacks the sync tables.
    public static func status(of database: AppDatabase) async throws -> HealthSyncStatus {
        try await SyncService.status(of: database, configuration: serviceConfiguration)
    }
}
