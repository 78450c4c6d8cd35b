public import Foundation
public import GRDB
public import HearthCore
public import HearthStore

/// The garage's records in one SQLite database, and every operation on them.
///
/// All changes go through ``write(_:)``: one transaction, a ``GarageTransaction`` that stamps modification
/// times and reports each change to the ``GarageChangeRecorder`` (a sync engine's outbox) in that same
/// transaction. A failed operation leaves the database as it was. What the user does (a vehicle added, a
/// service completed, a reading recorded) is recorded as a ``GarageEvent`` through ``analytics`` once it is
/// saved.
///
/// ```swift
/// let store = try GarageStore.open(at: dataDirectory.appendingPathComponent("garage.sqlite"))
/// let car = try await store.addVehicle(Vehicle(name: "Daily", make: "Honda", model: "Civic", year: 2019))
/// let oil = try await store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
/// try await store.completeService(oil.id, mileage: 42_000, cost: "49.99")
/// ```
public struct GarageStore: GarageTransacting {
    /// The database the records live in.
    public let database: AppDatabase
    /// The time zone "today" and the reminders' 09:00 are reckoned in.
    public let timeZone: TimeZone
    /// Where the events of what the user does go (nothing records them by default).
    public private(set) var analytics: any EventTracking = NoEventTracking()
    /// Where copies of vehicle documents are kept (the `documents` folder beside the database file); nil for a
    /// garage in memory until ``storingDocuments(in:)`` names one.
    public internal(set) var documentsFolder: URL?
    private let recorder: any GarageChangeRecorder
    private let clock: @Sendable () -> Date

    /// Wraps an open database (migrated with ``GarageSchema``).
    /// - Parameters:
    ///   - recorder: hears about every change inside its transaction (default: nothing records).
    ///   - timeZone: where "today" is reckoned (default: the system's).
    ///   - now: the clock (default: the system's).
    public init(
        database: AppDatabase, recorder: any GarageChangeRecorder = NoGarageChangeRecorder(),
        timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.database = database
        self.recorder = recorder
        self.timeZone = timeZone
        self.clock = now
    }

    /// Opens (creating when needed) the garage database at `url`.
    public static func open(
        at url: URL, recorder: any GarageChangeRecorder = NoGarageChangeRecorder(),
        timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = { Date() }
    ) throws -> GarageStore {
        GarageStore(
            database: try AppDatabase.open(at: url, schemas: [GarageSchema.self]),
            recorder: recorder, timeZone: timeZone, now: now
        ).storingDocuments(in: documentsFolder(besideDatabaseAt: url))
    }

    /// An empty garage in memory, for tests and previews.
    public static func inMemory(
        recorder: any GarageChangeRecorder = NoGarageChangeRecorder(),
        timeZone: TimeZone = .current, now: @escaping @Sendable () -> Date = { Date() }
    ) throws -> GarageStore {
        GarageStore(
            database: try AppDatabase.inMemory(schemas: [GarageSchema.self]),
            recorder: recorder, timeZone: timeZone, now: now)
    }

    /// This store, recording the events of what the user does through `analytics`.
    public func tracking(with analytics: any EventTracking) -> GarageStore {
        var store = self
        store.analytics = analytics
        return store
    }

    /// The current moment on the store's clock.
    public var now: Date { clock() }

    /// Today in the store's time zone.
    public var today: CalendarDay { CalendarDay(clock(), in: timeZone) }

    /// Runs `body` in one write transaction: every change it makes commits together, or (when it throws)
    /// none does.
    public func write<T: Sendable>(_ body: @escaping @Sendable (GarageTransaction) throws -> T) async throws -> T {
        let recorder = self.recorder
        let now = clock()
        do {
            return try await database.write { db in
                try body(GarageTransaction(db: db, now: now, recorder: recorder))
            }
        } catch {
            throw Self.wrap(error, "save the change")
        }
    }

    /// Runs `body` in a read transaction.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await database.read(body)
        } catch {
            throw Self.wrap(error, "read the garage")
        }
    }

    /// SQLite's data version: it changes when another connection (another process) commits to the database.
    public func foreignCommitVersion() async throws -> Int64 {
        try await database.foreignCommitVersion()
    }

    /// Errors from the database become ``ServiceError``s; ours pass through.
    static func wrap(_ error: any Error, _ verb: String) -> any Error {
        if error is ServiceError || error is CancellationError { return error }
        if let error = error as? DatabaseError {
            if error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                return ServiceError(.conflict, "Could not \(verb): that name is already taken.", underlying: error)
            }
            return ServiceError(
                .operationFailed, "Could not \(verb): \(error.message ?? error.description)", underlying: error)
        }
        return ServiceError(.operationFailed, "Could not \(verb): \(error)", underlying: error)
    }
}

extension GarageStore {
    /// Runs `body` in one immediate write transaction that commits, or (for a dry run, or when it throws)
    /// rolls back. A dry run reports nothing to the recorder, since nothing it does is kept.
    public func writeOrRehearse<T: Sendable>(dryRun: Bool, _ body: @escaping @Sendable (GarageTransaction) throws -> T)
        async throws -> T
    {
        let recorder: any GarageChangeRecorder = dryRun ? NoGarageChangeRecorder() : self.recorder
        let now = clock()
        do {
            return try await database.writer.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(GarageTransaction(db: db, now: now, recorder: recorder))
                    return dryRun ? .rollback : .commit
                }
                return result!
            }
        } catch {
            throw Self.wrap(error, "import the file")
        }
    }
}
