public import HearthSync
public import Logging

extension HealthSync {
    /// A device's connection to the cloud for its health records: the engine, one-round sync, sharing, and
    /// the end-to-end keys.
    public struct Connection: Sendable {
        public let engine: SyncEngine
        public let sync: SyncService
        public let sharing: HealthShareService
        /// Nil when records travel unencrypted.
        public let keys: HealthKeyDistributor?
    }

    /// Connects `health` to the server `client` is signed in to. Records are sealed end to end
    /// (``SealingCloudService``); `encrypted: false` sends them as they are, which exists only to measure what
    /// encryption costs.
    public static func connect(
        _ health: Opened, client: CloudClient, server: String? = nil, encrypted: Bool = true,
        logger: Logger = Logger(label: "hearth.health.sync")
    ) -> Connection {
        let cloud: any CloudService =
            encrypted
            ? SealingCloudService(client, database: health.database, zoneName: zoneName, logger: logger) : client
        let engine = SyncEngine(database: health.database, outbox: health.outbox, cloud: cloud, logger: logger)
        let keys =
            encrypted
            ? HealthKeyDistributor(database: health.database, cloud: client, zoneName: zoneName, logger: logger) : nil
        let attachments = health.attachmentsDirectory.map {
            HealthAttachmentTransfer(
                attachments: HealthAttachmentService(records: health.records, directory: $0), client: client)
        }
        let sync = service(
            database: health.database, engine: engine, server: server, keys: keys, attachments: attachments)
        let sharing = HealthShareService(
            records: health.records, sync: sync, client: client, debugLog: health.debugLog, keys: keys)
        return Connection(engine: engine, sync: sync, sharing: sharing, keys: keys)
    }
}
