public import Foundation
import GRDB
import HearthCore
public import HearthStore
public import HearthSync

/// Garage syncing through HearthCloud, the way Finance syncs: every vehicle, service, service log, mileage
/// snapshot, fill-up and custom preset is a record in the `garage` zone of the user's private database, and
/// every change is queued in the same transaction that makes it.
///
/// ```swift
/// let garage = try GarageSync.open(at: url)              // the store, queuing every change it makes
/// let engine = SyncEngine(database: garage.store.database, outbox: garage.outbox, cloud: client)
/// let sync = GarageSync.service(store: garage.store, engine: engine)
/// try await garage.store.updateMileage(car.id, to: 42_600)
/// let report = try await sync.sync()
/// ```
///
/// A database used without sync starts syncing on the first sign-in: the engine queues every row once.
/// Rows imported from a file have ids derived from their content (see ``GarageImporter``), so a second
/// device that imported the same file sends the same records, not copies.
public enum GarageSync {
    /// The zone garage records live in.
    public static let zoneName = "garage"

    /// Every kind of garage record that syncs, parents before the records that refer to them (a first upload
    /// sends them in this order, so the server never sees a reference to a record it does not have yet).
    ///
    /// | record type | conflict policy |
    /// |---|---|
    /// | `GarageVehicle` | field by field, the later edit wins; the odometer keeps the highest reading |
    /// | `GarageService` | field by field, the later edit wins; the due values follow the latest completion |
    /// | `GarageServiceLog`, `GarageFuelLog`, `GarageExpense` | each log is its own record, so logs from both sides add up; an edit of one log on both sides keeps the later edit per field |
    /// | `GarageVehicleDocument` | field by field, the later edit wins; its file is an asset every device downloads |
    /// | `GarageMileageSnapshot` | append-only: snapshots are never edited, the server's copy wins |
    /// | `GarageServicePreset` | field by field, the later edit wins (custom presets are named by their name, so two devices adding one agree) |
    ///
    /// A vehicle's photo, a document's copy and a logged service's receipt travel as assets
    /// (``GarageFileColumns``): uploaded by the device that added them, downloaded by the others.
    ///
    /// Deleting a vehicle deletes its services, logs, snapshots and fill-ups on every device; a deletion
    /// wins over an edit made elsewhere meanwhile.
    public static let kinds: [GarageSyncKind] = [
        GarageSyncKind(
            Vehicle.self, conflictPolicy: GarageMerge.vehicle.policy, files: [Vehicle.photoColumns],
            belongsToVehicle: false),
        GarageSyncKind(ServiceItem.self, conflictPolicy: GarageMerge.service.policy),
        GarageSyncKind(ServiceLog.self, files: [ServiceLog.receiptColumns]),
        GarageSyncKind(MileageSnapshot.self, conflictPolicy: .serverWins),
        GarageSyncKind(FuelLog.self),
        GarageSyncKind(GarageExpense.self),
        GarageSyncKind(VehicleDocument.self, files: [VehicleDocument.fileColumns]),
        GarageSyncKind(ServicePreset.self, belongsToVehicle: false),
    ]

    private static let kindsByEntity = Dictionary(uniqueKeysWithValues: kinds.map { ($0.entity, $0) })
    private static let kindsByType = Dictionary(uniqueKeysWithValues: kinds.map { ($0.recordType, $0) })

    /// The sync settings of `entity`, or nil for an entity that does not sync.
    public static func kind(of entity: GarageEntity) -> GarageSyncKind? { kindsByEntity[entity] }

    /// The kind a record type stands for, or nil for a type the garage does not know.
    public static func kind(ofRecordType type: String) -> GarageSyncKind? { kindsByType[type] }

    /// The sync settings for the garage: the `garage` zone and each record type's conflict policy.
    public static func configuration(sendDebounce: Duration = .milliseconds(200)) -> SyncConfiguration {
        SyncConfiguration(
            zones: [zoneName],
            includesSharedDatabase: true,
            conflictPolicies: Dictionary(uniqueKeysWithValues: kinds.map { ($0.recordType, $0.conflictPolicy) }),
            sendDebounce: sendDebounce
        )
    }

    /// Every schema a syncing garage database has.
    public static var schemas: [any DatabaseSchema.Type] {
        [GarageSchema.self, SyncSchema.self, GarageSyncSchema.self]
    }

    /// A garage store and the outbox its every change is queued in.
    public struct Opened: Sendable {
        public let store: GarageStore
        public let outbox: SyncOutbox
    }

    /// Opens (creating when needed) the garage database at `url` with the sync tables, its store queuing every
    /// change in the returned outbox within the change's own transaction. Nothing is queued until sync is
    /// first turned on (the first sign-in), which queues every existing row once. `extraSchemas` are the app's
    /// own tables in the same file (the analytics queue, say).
    /// - Throws: ``ServiceError`` saying why the file cannot be used.
    public static func open(
        at url: URL, extraSchemas: [any DatabaseSchema.Type] = [],
        configuration: SyncConfiguration = GarageSync.configuration(),
        timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = { Date() }
    ) throws -> Opened {
        let database: AppDatabase
        do {
            database = try AppDatabase.open(at: url, schemas: schemas + extraSchemas)
        } catch {
            throw ServiceError(
                .operationFailed,
                "Could not open the garage database \(url.path): \(error). Check the path and that the file is a garage database.",
                underlying: error)
        }
        let opened = wrap(database, configuration: configuration, timeZone: timeZone, now: now)
        return Opened(
            store: opened.store.storingDocuments(in: GarageStore.documentsFolder(besideDatabaseAt: url)),
            outbox: opened.outbox)
    }

    /// A garage store over `database` (opened with ``schemas``) that queues its changes in a new outbox.
    public static func wrap(
        _ database: AppDatabase, configuration: SyncConfiguration = GarageSync.configuration(),
        timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = { Date() }
    ) -> Opened {
        let outbox = SyncOutbox(configuration: configuration, delegate: GarageSyncDelegate())
        let store = GarageStore(
            database: database, recorder: GarageOutboxRecorder(outbox: outbox), timeZone: timeZone, now: now)
        return Opened(store: store, outbox: outbox)
    }
}
