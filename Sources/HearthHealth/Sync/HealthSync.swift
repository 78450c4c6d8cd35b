public import Foundation
import GRDB
import HearthCore
public import HearthStore
public import HearthSync

/// Health records syncing and sharing through HearthCloud, as the Purus Health app did through CloudKit:
/// every cloud-enabled record is one `MedicalRecord` record (its entries inside it) in the
/// `PurusHealthShareZone` zone of the user's private database; records other users shared with the user
/// come from zones of the same name in the shared database, and edits to them go back there.
///
/// ```swift
/// let health = try HealthSync.open(at: url)                 // the records, queuing every cloud change
/// let engine = SyncEngine(database: health.database, outbox: health.outbox, cloud: client)
/// let sync = HealthSync.service(database: health.database, engine: engine)
/// try await health.records.updateRecord(rex.uuid) { $0.isCloudEnabled = true }
/// try await sync.sync()
/// ```
public enum HealthSync {
    /// The zone health records live in.
    public static let zoneName = "PurusHealthShareZone"
    /// The record type of a medical record.
    public static let recordType = "MedicalRecord"

    /// The sync settings: the `PurusHealthShareZone` zone, also as other users shared it (shared database);
    /// field-level last writer wins, except that each entry list (one field per kind of entry) changed on two
    /// devices is merged entry by entry (``HealthEntryMerge``), so entries added on both are all kept.
    public static func configuration(sendDebounce: Duration = .milliseconds(200)) -> SyncConfiguration {
        SyncConfiguration(
            zones: [zoneName], includesSharedDatabase: true,
            conflictPolicies: [recordType: .fieldLevelLastWriterWins(merging: HealthEntryMerge.merges)],
            sendDebounce: sendDebounce)
    }

    /// Every schema a syncing health database has.
    public static var schemas: [any DatabaseSchema.Type] {
        [HealthSchema.self, SyncSchema.self, HealthSyncSchema.self, HealthKeySchema.self]
    }

    /// A health database opened for sync: its records service, the outbox its changes are queued in, and
    /// the sharing debug log.
    public struct Opened: Sendable {
        public let database: AppDatabase
        public let records: HealthRecordService
        public let outbox: SyncOutbox
        public let debugLog: HealthDebugLog
        /// The folder of the attachment files (beside the database file); nil for a database in memory.
        public var attachmentsDirectory: URL?
    }

    /// Opens (creating when needed) the health database at `url` with the sync tables; its records service
    /// queues every change of a cloud-enabled record in the returned outbox, within the change's transaction.
    /// - Parameter protection: seals records for the server and opens them (default: plaintext).
    /// - Throws: ``ServiceError`` saying why the file cannot be used.
    public static func open(
        at url: URL, protection: any HealthRecordProtection = EndToEndProtection(zoneName: HealthSync.zoneName),
        configuration: SyncConfiguration = HealthSync.configuration(),
        timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = { Date() }
    ) throws -> Opened {
        let database: AppDatabase
        do {
            // The database holds health data and this device's end-to-end keys: readable by its owner only,
            // from the moment the file exists (its -wal and -shm files too).
            database = try AppDatabase.open(at: url, schemas: schemas, ownerOnly: true)
        } catch {
            throw ServiceError(
                .operationFailed,
                "Could not open the health database \(url.path): \(error). Check the path and that the file is a health database.",
                underlying: error)
        }
        var opened = wrap(
            database, protection: protection, configuration: configuration, timeZone: timeZone, now: now)
        opened.attachmentsDirectory = HealthAttachmentService.directory(besideDatabase: url)
        return opened
    }

    /// A health database in memory with the sync tables, for tests and previews.
    public static func inMemory(
        protection: any HealthRecordProtection = EndToEndProtection(zoneName: HealthSync.zoneName),
        timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = { Date() }
    ) throws -> Opened {
        wrap(try AppDatabase.inMemory(schemas: schemas), protection: protection, timeZone: timeZone, now: now)
    }

    /// The records service, outbox and debug log over `database` (opened with ``schemas``).
    public static func wrap(
        _ database: AppDatabase,
        protection: any HealthRecordProtection = EndToEndProtection(zoneName: HealthSync.zoneName),
        configuration: SyncConfiguration = HealthSync.configuration(), timeZone: TimeZone = .current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) -> Opened {
        let outbox = SyncOutbox(
            configuration: configuration, delegate: HealthSyncDelegate(protection: protection, now: now))
        let records = HealthRecordService(
            database: database, recorder: HealthOutboxRecorder(outbox: outbox), timeZone: timeZone, now: now)
        return Opened(
            database: database, records: records, outbox: outbox, debugLog: HealthDebugLog(database: database, now: now)
        )
    }
}
