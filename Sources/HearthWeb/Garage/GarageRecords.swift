public import Foundation
public import HearthCloud
import HearthCore
public import HearthGarage
import HearthReports
import HearthStore
import HearthSync

/// The garage pages' data: a signed-in user's vehicles, due lists, history, fuel economy and costs, read from
/// the `garage` zone of their private database, and the writes a page makes there.
///
/// Each user's zone is copied into an in-memory garage database by a ``HearthSync/SyncEngine`` talking to the
/// record store in-process, so the pages see the same data a device sees after `hearth garage sync`, and the
/// figures come from the same HearthGarage functions the `hearth garage` commands call. The copy is kept
/// (up to ``cacheLimit`` users) and brought up to date on every read with the changes since its token. A
/// write is made in the copy and sent as a device sends it: with each record's change tag, a conflict with a
/// device's edit merged by the garage's conflict policies (``GarageSync/kinds``) and sent again.
///
/// ```swift
/// let garage = GarageRecords(store: recordStore)
/// let overview = try await garage.overview(userID: session.userID, now: Date())
/// try await garage.updateMileage(GarageMileageForm(vehicleID: car, mileage: "42600"), userID: session.userID, now: Date())
/// ```
public struct GarageRecords: Sendable {
    /// The server's record store.
    public let store: any RecordStore
    /// Where "today" is reckoned.
    public let timeZone: TimeZone
    /// The most users whose copies are kept.
    public let cacheLimit: Int
    let clock: @Sendable () -> Date
    /// How old a copy a read may take: a read asks the record store for changes only when the copy last did
    /// so longer ago than this (0, the default, asks on every read); writes always ask.
    let freshness: TimeInterval
    /// What a VIN typed without its make, model or year is asked about (NHTSA's vPIC); nil keeps VINs here.
    let vinLookup: VINLookup?
    private let replicas: ReplicaCache<UserReplica>
    private let overviews: ReadCache<OverviewKey, GarageOverview>

    private let vehiclePages: ReadCache<OverviewKey, GarageVehicleRecords>

    /// What an overview or a vehicle's page was computed for.
    private struct OverviewKey: Hashable, Sendable {
        var generation: Int
        var minute: Date
        var settings: DueSettings
        var vehicle: UUID? = nil
        var costYear: Int? = nil
    }

    /// The garage pages' data over `store`.
    /// - Parameters:
    ///   - timeZone: where "today" is reckoned (the due dates, the year of the costs).
    ///   - cacheLimit: the most users whose garages are kept in memory between requests.
    ///   - freshness: how many seconds old a copy a read may take (see ``freshness``).
    ///   - now: the clock the copies' sync bookkeeping reads.
    public init(
        store: any RecordStore, timeZone: TimeZone = .current, cacheLimit: Int = 256, freshness: TimeInterval = 0,
        vinLookup: VINLookup? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.vinLookup = vinLookup
        self.store = store
        self.timeZone = timeZone
        self.cacheLimit = max(1, cacheLimit)
        clock = now
        self.freshness = max(0, freshness)
        replicas = ReplicaCache(limit: max(1, cacheLimit))
        overviews = ReadCache(limit: max(1, cacheLimit))
        vehiclePages = ReadCache(limit: max(1, cacheLimit))
    }

    /// `now` to the minute: the pages reckon due figures (the driving pace moves with the clock) as of the
    /// start of the minute, so a page reloaded within it is served the figures already computed.
    static func minute(_ now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }

    // MARK: Reading

    /// Every vehicle with its due list, as `hearth garage due --json` gives it for the same data at the start
    /// of `now`'s minute.
    /// - Throws: ``ServiceError`` when the record store cannot be read.
    public func overview(userID: String, now: Date, settings: DueSettings = DueSettings()) async throws
        -> GarageOverview
    {
        let minute = Self.minute(now)
        let replica = try await replica(userID)
        let key = OverviewKey(
            generation: try await refreshForReading(replica, userID: userID), minute: minute,
            settings: settings)
        let garage = store(of: replica, now: minute)
        var overview = try await overviews.value(for: userID, key: key) {
            GarageOverview(
                vehicles: try await garage.due(settings: settings),
                archived: try await garage.vehicles().filter(\.isArchived).sorted {
                    $0.displayName.localizedStandardCompare($1.displayName) == .orderedAscending
                })
        }
        // Who shares what changes without the copy changing: asked afresh on every read.
        overview.shared = try await shared(userID: userID)
        overview.invitations = try await invitations(userID: userID)
        return overview
    }

    /// One vehicle's page: its due list (as of the start of `now`'s minute), history, fuel economy, the costs
    /// of `costYear` (default this year) and their charts.
    /// - Throws: ``ServiceError`` `notFound` when the user has no such vehicle.
    public func vehicle(
        id: UUID, userID: String, now: Date, costYear: Int? = nil, settings: DueSettings = DueSettings()
    ) async throws -> GarageVehicleRecords {
        let minute = Self.minute(now)
        let replica = try await replica(userID)
        let key = OverviewKey(
            generation: try await refreshForReading(replica, userID: userID), minute: minute,
            settings: settings, vehicle: id, costYear: costYear)
        let garage = store(of: replica, now: minute)
        // Made once for every read that asks meanwhile: after a write, the page a browser is sent to and the
        // first reads of the page share one computation.
        return try await vehiclePages.value(for: userID, key: key) {
            guard let records = try await garage.records(ofVehicle: id, settings: settings) else {
                throw ServiceError(
                    .notFound, "You have no vehicle \(id.uuidString.lowercased()); pick one from your garage.")
            }
            let names = Dictionary(uniqueKeysWithValues: records.services.map { ($0.id, $0.name) })
            let history = records.logs.map { log in
                GarageVehicleRecords.HistoryEntry(
                    log: log, name: log.serviceID.flatMap { names[$0] } ?? log.title ?? "Service")
            }
            let costs = ServiceHistoryPDFService.costSummary(
                of: id, year: costYear ?? garage.today.year, services: records.services, logs: records.logs,
                expenses: records.expenses)
            return GarageVehicleRecords(
                due: records.due, history: history, fuel: records.fuel, costs: costs,
                charts: try GarageCharts(vehicle: records.due.vehicle.displayName, fuel: records.fuel, costs: costs),
                expenses: records.expenses, documents: records.documents)
        }
    }

    // MARK: Writing

    /// Logs a service done, as `hearth garage service done` does: a log entry, an odometer reading, and the
    /// service's next due date and mileage; saved in the user's zone for their devices.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field (nothing is saved), `notFound` for a
    ///   vehicle or service the user does not have.
    @discardableResult
    public func logService(_ form: GarageServiceForm, userID: String, now: Date) async throws -> ServiceCompletion {
        let garage = try await current(userID, now: now)
        let checked = try form.checked(today: garage.today)
        let service = try await garage.services(of: form.vehicleID).first { $0.id == form.serviceID }
        guard let service else {
            throw ServiceError(
                .notFound,
                "Vehicle \(form.vehicleID.uuidString.lowercased()) has no service \(form.serviceID.uuidString.lowercased()) of yours; pick one from the vehicle's page."
            )
        }
        return try await saving(userID) {
            try await garage.completeService(
                service.id, on: checked.day, mileage: checked.mileage, cost: checked.cost, category: checked.category,
                notes: checked.notes)
        }
    }

    /// Records an expense that is not a service (insurance, registration, taxes, parking, tolls, other), as
    /// `hearth garage expenses add` does, recurring when the form says how often; saved in the user's zone for
    /// their devices.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field (nothing is saved), `notFound` for a
    ///   vehicle the user does not have.
    @discardableResult
    public func addExpense(_ form: GarageExpenseForm, userID: String, now: Date) async throws -> GarageExpense {
        let garage = try await current(userID, now: now)
        let draft = try form.checked(today: garage.today)
        guard try await garage.vehicles().contains(where: { $0.id == form.vehicleID }) else {
            throw ServiceError(
                .notFound, "You have no vehicle \(form.vehicleID.uuidString.lowercased()); pick one from your garage.")
        }
        return try await saving(userID) { try await garage.addExpense(draft, to: form.vehicleID) }
    }

    /// Records an odometer reading, as `hearth garage mileage` does; saved in the user's zone for their devices.
    /// - Throws: ``ServiceError`` `validationFailed` naming the field (nothing is saved), `notFound` for a
    ///   vehicle the user does not have.
    @discardableResult
    public func updateMileage(_ form: GarageMileageForm, userID: String, now: Date) async throws -> MileageUpdate {
        let garage = try await current(userID, now: now)
        let miles = try form.checked()
        guard try await garage.vehicles().contains(where: { $0.id == form.vehicleID }) else {
            throw ServiceError(
                .notFound, "You have no vehicle \(form.vehicleID.uuidString.lowercased()); pick one from your garage.")
        }
        return try await saving(userID) { try await garage.updateMileage(form.vehicleID, to: miles) }
    }

    /// Adds a vehicle, as `hearth garage vehicle add` does; saved in the user's zone for their devices.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field; nothing is saved.
    @discardableResult
    public func addVehicle(_ form: GarageVehicleForm, userID: String, now: Date) async throws -> Vehicle {
        let garage = try await current(userID, now: now)
        let vehicle = try await looked(form).applied(
            to: Vehicle(make: "", model: "", year: garage.today.year), currentYear: garage.today.year)
        return try await saving(userID) { try await garage.addVehicle(vehicle) }
    }

    /// Changes a vehicle's details (name, make, model, year, mileage, VIN, plate), as `hearth garage vehicle
    /// edit` does; its other fields stay as they are.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field (nothing is saved), `notFound` for a
    ///   vehicle the user does not have.
    @discardableResult
    public func updateVehicle(_ id: UUID, _ form: GarageVehicleForm, userID: String, now: Date) async throws -> Vehicle
    {
        let garage = try await current(userID, now: now)
        let old = try await owned(id, in: garage)
        let changed = try await looked(form).applied(to: old, currentYear: garage.today.year)
        return try await saving(userID) { try await garage.updateVehicle(id) { $0 = changed } }
    }

    /// `form` with the make, model and year it leaves empty filled in from its VIN as NHTSA's vPIC decodes it,
    /// when a lookup is configured and the VIN checks out; as it is otherwise, or when vPIC cannot be reached
    /// (the VIN's own characters still tell the maker and the year).
    func looked(_ form: GarageVehicleForm) async -> GarageVehicleForm {
        func empty(_ text: String?) -> Bool { GarageServiceForm.given(text) == nil }
        guard let vinLookup, let typed = GarageServiceForm.given(form.vin), typed.count <= 40,
            empty(form.make) || empty(form.model) || empty(form.year),
            let vin = try? VIN.parse(typed).get(), vin.region != .northAmerica || vin.isCheckDigitValid,
            let decoded = try? await vinLookup.decode(vin.value, online: true).nhtsa
        else { return form }
        var filled = form
        if empty(form.make), vin.manufacturer == nil, let make = decoded.make, !make.isEmpty {
            filled.make = make.capitalized
        }
        if empty(form.model), let model = decoded.model, !model.isEmpty { filled.model = model }
        if empty(form.year), let year = decoded.modelYear { filled.year = String(year) }
        return filled
    }

    /// Archives a vehicle (sold or parked for good: its history stays, it leaves the due lists, the reminders and
    /// the calendar), or brings it back, as `hearth garage vehicle archive` and `unarchive` do.
    /// - Throws: ``ServiceError`` `notFound` for a vehicle the user does not have.
    @discardableResult
    public func setArchived(_ id: UUID, _ archived: Bool, userID: String, now: Date) async throws -> Vehicle {
        let garage = try await current(userID, now: now)
        _ = try await owned(id, in: garage)
        return try await saving(userID) { try await garage.updateVehicle(id) { $0.isArchived = archived } }
    }

    /// What deleting a vehicle removes with it, counted, for the page that asks first.
    public func deletion(of id: UUID, userID: String, now: Date) async throws -> GarageVehicleDeletion {
        // Up to date, not a second old: the page states what deleting removes.
        let garage = try await current(userID, now: now)
        let vehicle = try await owned(id, in: garage)
        return GarageVehicleDeletion(
            vehicle: vehicle, services: try await garage.services(of: id).count,
            logs: try await garage.logs(of: id).count, fillUps: try await garage.fuelLogs(of: id).count,
            expenses: try await garage.expenses(of: id).count, documents: try await garage.documents(of: id).count,
            readings: try await garage.snapshots(of: id).count)
    }

    /// Deletes a vehicle with everything that belongs to it, as `hearth garage vehicle delete` does; the devices
    /// delete it too at their next sync.
    /// - Throws: ``ServiceError`` `notFound` for a vehicle the user does not have.
    public func removeVehicle(_ id: UUID, userID: String, now: Date) async throws {
        let garage = try await current(userID, now: now)
        _ = try await owned(id, in: garage)
        try await saving(userID) { try await garage.removeVehicle(id) }
    }

    /// The generation of the user's copy as a read takes it (a copy at most ``freshness`` old): what a page
    /// kept from it stays right while this is the same.
    public func generation(userID: String) async throws -> Int {
        try await refreshForReading(try await replica(userID), userID: userID)
    }

    /// The presets a service may start from: the bundled ones and the user's own.
    public func presets(userID: String, now: Date) async throws -> [ServicePreset] {
        try await recent(userID, now: now).presets()
    }

    /// Adds a service to a vehicle, from a preset or typed in, as `hearth garage service add` does.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field (nothing is saved), `notFound` for a
    ///   vehicle the user does not have.
    @discardableResult
    public func addService(_ form: GarageNewServiceForm, userID: String, now: Date) async throws -> ServiceItem {
        let garage = try await current(userID, now: now)
        let draft = try form.checked(presets: try await garage.presets())
        _ = try await owned(form.vehicleID, in: garage)
        return try await saving(userID) { try await garage.addService(draft, to: form.vehicleID) }
    }

    /// The user's vehicle `id`; `notFound` when they have none such.
    func owned(_ id: UUID, in garage: GarageStore) async throws -> Vehicle {
        guard let vehicle = try await garage.vehicles().first(where: { $0.id == id }) else {
            throw ServiceError(
                .notFound, "You have no vehicle \(id.uuidString.lowercased()); pick one from your garage.")
        }
        return vehicle
    }

    // MARK: The copies

    /// The user's garage as a read takes it: a copy at most ``freshness`` old (only one read at a time asks the
    /// record store for changes), as a store whose clock reads `now`.
    func recent(_ userID: String, now: Date) async throws -> GarageStore {
        let replica = try await replica(userID)
        try await refreshForReading(replica, userID: userID)
        return store(of: replica, now: now)
    }

    /// The user's garage, up to date with the record store, as a store whose clock reads `now` (reads pass
    /// the minute; writes the moment itself, which a conflict's merge compares with a device's edit).
    func current(_ userID: String, now: Date) async throws -> GarageStore {
        let replica = try await replica(userID)
        try await replica.refresh()
        return store(of: replica, now: now)
    }

    /// A garage store over `replica`, its clock reading `now`, queuing its writes in the replica's outbox.
    func store(of replica: UserReplica, now: Date) -> GarageStore {
        GarageStore(
            database: replica.database, recorder: GarageOutboxRecorder(outbox: replica.outbox), timeZone: timeZone,
            now: { now })
    }

    func replica(_ userID: String) async throws -> UserReplica {
        let store = self.store
        let clock = self.clock
        let timeZone = self.timeZone
        return try await replicas.replica(for: userID) {
            let database = try AppDatabase.inMemory(schemas: GarageSync.schemas)
            let opened = GarageSync.wrap(
                database, configuration: GarageSync.configuration(sendDebounce: .zero), timeZone: timeZone, now: clock)
            return UserReplica(
                userID: userID, zone: GarageSync.zoneName, database: database, outbox: opened.outbox, store: store,
                now: clock)
        }
    }

    /// Makes the user's copy ask which vehicles are shared with them at their next read.
    func forgetSharesChecked(_ userID: String) async {
        await replicas.existing(userID)?.sharesChecked.forgetFetch()
    }

    /// Makes `change` in the user's copy and sends it (``ReplicaCache/saving(_:_:)``).
    /// What the user may do with vehicles others shared is asked first, so a read-only vehicle's change is
    /// refused before it is made.
    func saving<T: Sendable>(_ userID: String, _ change: () async throws -> T) async throws -> T {
        do {
            _ = try await sharing(userID).refreshAccess()
        } catch {
            throw UserReplica.explain(error, "save your change")
        }
        return try await replicas.saving(try await replica(userID), change)
    }
}
