import Foundation
import GRDB
import HearthCore

@testable import HearthGarage

/// A stand-in for ``GarageStore``: answers the record reads from fixed vehicles, services, logs, expenses and
/// yearly costs, remembers every call it gets and every event tracked through it, and runs the transactions
/// of the services' own tables (reminder queue, watch inbox, settings) on a real garage database in memory
/// that holds the same vehicles and services.
final class StandInGarage: GarageTransacting {
    /// A call the stand-in got, with the arguments that say what was asked.
    enum Call: Equatable, Sendable {
        case vehicles, vehicle(UUID), services(UUID?), logs(UUID), fuelLogs(UUID), expenses(UUID), documents(UUID?),
            attachments(UUID)
        case serviceCost(UUID, year: Int), due(UUID?), watchDueInputs
        case updateMileage(UUID, to: Int, source: MileageSnapshot.Source)
        case completeService(UUID, on: CalendarDay?, mileage: Int?)
        case addExpense(UUID), updateExpense(UUID), removeExpense(UUID)
        case updateServiceLog(UUID), removeServiceLog(UUID), updateFillUp(UUID), removeFillUp(UUID)
        case read, write, writeOrRehearse(dryRun: Bool), foreignCommitVersion
    }

    /// What the reads answer; mileage updates change the vehicles.
    struct Records: Sendable {
        var vehicles: [Vehicle] = []
        var services: [ServiceItem] = []
        var logs: [ServiceLog] = []
        var fuelLogs: [FuelLog] = []
        var expenses: [GarageExpense] = []
        var documents: [VehicleDocument] = []
        var fillUps: [FuelLog] = []
        /// What ``serviceCost(of:in:)`` answers for each year (0 for the others).
        var costs: [Int: Decimal] = [:]
    }

    let now: Date
    let timeZone: TimeZone
    var today: CalendarDay { CalendarDay(now, in: timeZone) }
    var analytics: any EventTracking { tracked }

    private let tracked = TrackedEvents()
    private let state: Locked<(records: Records, calls: [Call])>
    private let database: GarageStore

    private init(now: Date, timeZone: TimeZone, records: Records, database: GarageStore) {
        self.now = now
        self.timeZone = timeZone
        self.state = Locked((records, []))
        self.database = database
    }

    /// A stand-in whose clock reads `now`, answering from `records`; its database holds their vehicles and services.
    static func make(now: Date, timeZone: TimeZone = TestSupport.newYork, records: Records) async throws
        -> StandInGarage
    {
        let database = try GarageStore.inMemory(timeZone: timeZone, now: { now })
        try await database.write { tx in
            for vehicle in records.vehicles { try tx.insert(vehicle) }
            for service in records.services { try tx.insert(service) }
        }
        return StandInGarage(now: now, timeZone: timeZone, records: records, database: database)
    }

    /// Every call so far, in order.
    var calls: [Call] { state.withLock { $0.calls } }
    /// Every event tracked through ``analytics`` so far, in order.
    var events: [GarageEvent] { tracked.events }

    /// Records `call`, then answers it from the records.
    private func answer<T: Sendable, E: Error>(_ call: Call, _ body: (inout Records) throws(E) -> T) throws(E) -> T {
        try state.withLock { (state) throws(E) -> T in
            state.calls.append(call)
            return try body(&state.records)
        }
    }

    private static func find<T: Identifiable>(_ id: T.ID, in list: [T], _ what: String) throws -> T {
        guard let found = list.first(where: { $0.id == id }) else { throw ServiceError.notFound("\(what) \(id)") }
        return found
    }

    // MARK: GarageReading

    func vehicles() async throws -> [Vehicle] {
        answer(.vehicles) {
            $0.vehicles.sorted { $0.displayName.localizedStandardCompare($1.displayName) == .orderedAscending }
        }
    }

    func vehicle(id: UUID) async throws -> Vehicle {
        try answer(.vehicle(id)) { try Self.find(id, in: $0.vehicles, "Vehicle") }
    }

    func services(of vehicleID: UUID?) async throws -> [ServiceItem] {
        answer(.services(vehicleID)) { records in
            records.services.filter { vehicleID == nil || $0.vehicleID == vehicleID }
        }
    }

    func logs(of vehicleID: UUID) async throws -> [ServiceLog] {
        answer(.logs(vehicleID)) { $0.logs.filter { $0.vehicleID == vehicleID } }
    }

    func fuelLogs(of vehicleID: UUID) async throws -> [FuelLog] {
        answer(.fuelLogs(vehicleID)) { $0.fuelLogs.filter { $0.vehicleID == vehicleID } }
    }

    func expenses(of vehicleID: UUID) async throws -> [GarageExpense] {
        answer(.expenses(vehicleID)) { $0.expenses.filter { $0.vehicleID == vehicleID } }
    }

    func documents(of vehicleID: UUID?) async throws -> [VehicleDocument] {
        answer(.documents(vehicleID)) { records in
            records.documents.filter { vehicleID == nil || $0.vehicleID == vehicleID }
        }
    }

    func attachments(of vehicleID: UUID) async throws -> [ServiceLogAttachment] {
        answer(.attachments(vehicleID)) { _ in [] }
    }

    func serviceCost(of vehicleID: UUID, in year: Int) async throws -> Decimal {
        answer(.serviceCost(vehicleID, year: year)) { $0.costs[year] ?? 0 }
    }

    func due(vehicleID: UUID?, settings: DueSettings, thresholds: UrgencyThresholds) async throws -> [VehicleDue] {
        let today = self.today
        return answer(.due(vehicleID)) { records in
            records.vehicles.filter { vehicleID == nil || $0.id == vehicleID }
                .sorted { $0.displayName.localizedStandardCompare($1.displayName) == .orderedAscending }
                .map { vehicle in
                    VehicleDue.make(
                        vehicle: vehicle, services: records.services.filter { $0.vehicleID == vehicle.id }, pace: nil,
                        today: today, expenses: records.expenses.filter { $0.vehicleID == vehicle.id },
                        documents: records.documents.filter { $0.vehicleID == vehicle.id },
                        settings: settings, thresholds: thresholds
                    )
                }
        }
    }

    func watchDueInputs() -> Watched<[String]> {
        answer(.watchDueInputs) { _ in Watched.just(["stand-in"]) }
    }

    // MARK: GarageWriting

    func updateMileage(_ vehicleID: UUID, to mileage: Int, at date: Date?, source: MileageSnapshot.Source) async throws
        -> MileageUpdate
    {
        let now = self.now
        let update = try answer(.updateMileage(vehicleID, to: mileage, source: source)) { records in
            guard let index = records.vehicles.firstIndex(where: { $0.id == vehicleID }) else {
                throw ServiceError.notFound("Vehicle \(vehicleID)")
            }
            records.vehicles[index].currentMileage = mileage
            let snapshot = MileageSnapshot(
                vehicleID: vehicleID, mileage: mileage, recordedAt: date ?? now, source: source)
            return MileageUpdate(vehicle: records.vehicles[index], snapshot: snapshot, warnings: [])
        }
        await tracked.track(GarageEvent.mileageUpdated(source: source.analyticsSource))
        return update
    }

    func completeService(
        _ serviceID: UUID, on day: CalendarDay?, mileage: Int?, cost: String?, category: ServiceLog.CostCategory?,
        notes: String?
    ) async throws -> ServiceCompletion {
        let today = self.today
        return try answer(.completeService(serviceID, on: day, mileage: mileage)) { records in
            let service = try Self.find(serviceID, in: records.services, "Service")
            let vehicle = try Self.find(service.vehicleID, in: records.vehicles, "Vehicle")
            let log = ServiceLog(
                vehicleID: vehicle.id, serviceID: serviceID, performedDate: day ?? today,
                mileageAtService: mileage ?? vehicle.currentMileage, costCategory: category, notes: notes
            )
            return ServiceCompletion(log: log, service: service, vehicle: vehicle, warnings: [])
        }
    }

    func addExpense(_ draft: ExpenseDraft, to vehicleID: UUID) async throws -> GarageExpense {
        let now = self.now
        let today = self.today
        return try answer(.addExpense(vehicleID)) { records in
            _ = try Self.find(vehicleID, in: records.vehicles, "Vehicle")
            let kind = try draft.kind.map { try ExpenseDraft.parseKind($0) } ?? .other
            let expense = GarageExpense(
                vehicleID: vehicleID, date: draft.date ?? today, odometer: draft.odometer,
                amount: try ExpenseDraft.parseAmount(draft.amount ?? ""), category: draft.description ?? kind.label,
                notes: draft.notes, kind: kind,
                intervalMonths: try draft.every.flatMap { try ExpenseDraft.parseInterval($0) },
                createdAt: now)
            records.expenses.append(expense)
            return expense
        }
    }

    func updateExpense(_ id: UUID, with draft: ExpenseDraft) async throws -> GarageExpense {
        try answer(.updateExpense(id)) { records in
            guard let index = records.expenses.firstIndex(where: { $0.id == id }) else {
                throw ServiceError.notFound("Expense \(id)")
            }
            if let amount = draft.amount { records.expenses[index].amount = try ExpenseDraft.parseAmount(amount) }
            if let kind = draft.kind { records.expenses[index].kind = try ExpenseDraft.parseKind(kind) }
            if let description = draft.description { records.expenses[index].category = description }
            if let date = draft.date { records.expenses[index].date = date }
            if let every = draft.every {
                records.expenses[index].intervalMonths = try ExpenseDraft.parseInterval(every)
            }
            return records.expenses[index]
        }
    }

    func removeExpense(_ id: UUID) async throws {
        try answer(.removeExpense(id)) { records in
            guard records.expenses.contains(where: { $0.id == id }) else {
                throw ServiceError.notFound("Expense \(id)")
            }
            records.expenses.removeAll { $0.id == id }
        }
    }

    func updateServiceLog(_ id: UUID, with edit: ServiceLogEdit) async throws -> ServiceLog {
        try answer(.updateServiceLog(id)) { records in
            guard let index = records.logs.firstIndex(where: { $0.id == id }) else {
                throw ServiceError.notFound("Service log \(id)")
            }
            if let day = edit.performedDate { records.logs[index].performedDate = day }
            if let mileage = edit.mileage { records.logs[index].mileageAtService = mileage }
            if let cost = edit.cost { records.logs[index].cost = try CostValidation.parse(cost) }
            if let notes = edit.notes { records.logs[index].notes = notes }
            return records.logs[index]
        }
    }

    func removeServiceLog(_ id: UUID) async throws {
        try answer(.removeServiceLog(id)) { records in
            guard records.logs.contains(where: { $0.id == id }) else {
                throw ServiceError.notFound("Service log \(id)")
            }
            records.logs.removeAll { $0.id == id }
        }
    }

    func updateFillUp(_ id: UUID, with edit: FillUpEdit) async throws -> FuelLog {
        try answer(.updateFillUp(id)) { records in
            guard let index = records.fillUps.firstIndex(where: { $0.id == id }) else {
                throw ServiceError.notFound("Fill-up \(id)")
            }
            if let day = edit.date { records.fillUps[index].date = day }
            if let odometer = edit.odometer { records.fillUps[index].odometer = odometer }
            if let cost = edit.cost { records.fillUps[index].totalCost = try CostValidation.parse(cost) }
            if let partial = edit.isPartial { records.fillUps[index].isPartial = partial }
            return records.fillUps[index]
        }
    }

    func removeFillUp(_ id: UUID) async throws {
        try answer(.removeFillUp(id)) { records in
            guard records.fillUps.contains(where: { $0.id == id }) else { throw ServiceError.notFound("Fill-up \(id)") }
            records.fillUps.removeAll { $0.id == id }
        }
    }

    // MARK: GarageTransacting

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        answer(.read) { _ in }
        return try await database.read(body)
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (GarageTransaction) throws -> T) async throws -> T {
        answer(.write) { _ in }
        return try await database.write(body)
    }

    func writeOrRehearse<T: Sendable>(dryRun: Bool, _ body: @escaping @Sendable (GarageTransaction) throws -> T)
        async throws -> T
    {
        answer(.writeOrRehearse(dryRun: dryRun)) { _ in }
        return try await database.writeOrRehearse(dryRun: dryRun, body)
    }

    func foreignCommitVersion() async throws -> Int64 {
        answer(.foreignCommitVersion) { _ in }
        return try await database.foreignCommitVersion()
    }
}

/// Remembers the garage events tracked through it.
final class TrackedEvents: EventTracking {
    private let tracked = Locked<[GarageEvent]>([])

    var events: [GarageEvent] { tracked.withLock { $0 } }

    func track(_ event: some AnalyticsEvent) async {
        guard let event = event as? GarageEvent else { return }
        tracked.withLock { $0.append(event) }
    }
}
