import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthGarage
import HearthStore
import HearthSync
import HearthTestSupport
import Logging
import Testing

/// One garage user's device: its own database file, outbox, client, engine and sync service.
struct GarageDevice {
    let url: URL
    let store: GarageStore
    let outbox: SyncOutbox
    let client: CloudClient
    let engine: SyncEngine
    let sync: SyncService

    /// A device signed in to `server` as `email`, on the database file at `url` (a new temp file by default),
    /// stamping its changes with `now`.
    static func make(
        _ server: LiveServer, email: String, signUp: Bool = false, url: URL? = nil,
        extraSchemas: [any DatabaseSchema.Type] = [],
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> GarageDevice {
        let url = try url ?? garageFile()
        let utc = TimeZone(identifier: "UTC")!
        let garage =
            extraSchemas.isEmpty
            ? try GarageSync.open(at: url, timeZone: utc, now: now)
            : GarageSync.wrap(
                try AppDatabase.open(at: url, schemas: GarageSync.schemas + extraSchemas), timeZone: utc, now: now)
        let client = CloudClient(
            configuration: CloudClientConfiguration(serverURL: server.url), httpClient: testHTTPClient)
        if signUp {
            try await client.signUp(email: email, password: "long enough password")
        } else {
            try await client.signIn(email: email, password: "long enough password")
        }
        var logger = Logger(label: "garage.sync.tests")
        logger.logLevel = .critical
        let engine = SyncEngine(database: garage.store.database, outbox: garage.outbox, cloud: client, logger: logger)
        return GarageDevice(
            url: url, store: garage.store, outbox: garage.outbox, client: client, engine: engine,
            sync: GarageSync.service(
                store: garage.store, engine: engine, server: server.url.absoluteString, shares: client))
    }

    /// The device's sharing, syncing with its own service.
    var sharing: GarageSharing {
        let sync = self.sync
        return GarageSharing(store: store, outbox: outbox, cloud: client) { _ = try await sync.sync() }
    }

    /// Every synced row, for comparing devices.
    func snapshot() async throws -> GarageSnapshot {
        try await store.read { db in
            GarageSnapshot(
                vehicles: try Vehicle.order(Column("id")).fetchAll(db),
                services: try ServiceItem.order(Column("id")).fetchAll(db),
                logs: try ServiceLog.order(Column("id")).fetchAll(db),
                snapshots: try MileageSnapshot.order(Column("id")).fetchAll(db),
                fuel: try FuelLog.order(Column("id")).fetchAll(db),
                expenses: try GarageExpense.order(Column("id")).fetchAll(db),
                presets: try ServicePreset.order(Column("id")).fetchAll(db)
            )
        }
    }
}

struct GarageSnapshot: Equatable {
    var vehicles: [Vehicle]
    var services: [ServiceItem]
    var logs: [ServiceLog]
    var snapshots: [MileageSnapshot]
    var fuel: [FuelLog]
    var expenses: [GarageExpense]
    var presets: [ServicePreset]

    var count: Int {
        vehicles.count + services.count + logs.count + snapshots.count + fuel.count + expenses.count + presets.count
    }
}

/// A new garage database file in a temp folder of its own.
func garageFile() throws -> URL {
    let folder = scratchDirectory("hearth-garage-sync")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("garage.sqlite")
}

/// A Simply Auto export of one car ("Accord") with `rows` (Odometer, Qty, Total Cost, Day, Month, Year,
/// Record Type, Record Desc).
func simplyAutoFile(_ rows: [String]) throws -> URL {
    let header =
        "Row ID,Vehicle ID,Odometer,Qty,Partial Tank,Missed Fill Up,Total Cost,Distance Travelled,Eff,Octane,Fuel Brand,Filling Station,Notes,Day,Month,Year,Receipt Path,Latitude,Longitude,Record Type,Record Desc"
    let url = try garageFile().deletingLastPathComponent().appendingPathComponent("Fuel_Log.csv")
    try ([header] + rows).joined(separator: "\n").appending("\n").write(to: url, atomically: true, encoding: .utf8)
    return url
}

let firstExport = [
    "1,Accord,72100,11.2,0,0,39.20,,,87,Shell,Elm St,,3,7,2023,,,,0,",
    "2,Accord,72410,10.8,0,0,38.34,310,28.7,87,Shell,Elm St,,17,7,2023,,,,0,",
    "3,Accord,72500,,,,89.95,,,,,,synthetic,20,7,2023,,,,1,Oil Change, Tire Rotation",
]

let secondExport =
    firstExport + [
        "4,Accord,72700,10.1,1,0,35.86,290,28.7,87,Mobil,,,31,7,2023,,,,0,",
        "5,Accord,73000,,,,120.00,,,,,,front pads,12,8,2023,,,,1,Brake pads",
    ]

/// The record store behind the test server.
enum GarageTestBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// A server on this backend; a PostgreSQL run gets a schema of its own in HEARTH_TEST_POSTGRES_URL's database,
    /// and is skipped (with the reason) when that is not set.
    func start() async throws -> LiveServer {
        switch self {
        case .sqlite:
            return try await LiveServer.start()
        case .postgres:
            guard let base = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"], !base.isEmpty else {
                try Test.cancel(
                    "HEARTH_TEST_POSTGRES_URL is not set, so the PostgreSQL run is skipped; start one with eval \"$(scripts/test-postgres.sh start)\"."
                )
            }
            let schema =
                "garage_" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12))
            return try await LiveServer.start(databaseURL: base + (base.contains("?") ? "&" : "?") + "schema=\(schema)")
        }
    }
}

@Suite(.serialized, .timeLimit(.minutes(10))) struct GarageSyncTests {
    @Test(arguments: GarageTestBackend.allCases)
    func twoGarageDatabasesConvergeThroughARealServer(_ backend: GarageTestBackend) async throws {
        let server = try await backend.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("garage")
        let phone = try await GarageDevice.make(server, email: email, signUp: true)
        let laptop = try await GarageDevice.make(server, email: email)

        // Every kind of garage record, made on the phone.
        let car = try await phone.store.addVehicle(
            Vehicle(
                name: "Daily", make: "Honda", model: "Civic", year: 2019, currentMileage: 42_000,
                vin: "1HGCM82633A004352", marbeteExpirationMonth: 3, marbeteExpirationYear: 2030))
        let oil = try await phone.store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        let brakes = try await phone.store.addService(ServiceDraft(preset: "Brake Inspection"), to: car.id)
        try await phone.store.completeService(oil.id, mileage: 42_500, cost: "49.99", notes: "synthetic")
        try await phone.store.updateMileage(car.id, to: 42_600)
        _ = try await phone.store.write { tx in
            try tx.insert(
                FuelLog(
                    vehicleID: car.id, date: CalendarDay(year: 2026, month: 1, day: 5)!, odometer: 42_550,
                    gallons: Decimal(string: "11.234"),
                    totalCost: Decimal(string: "38.10"), station: "Shell"))
            try tx.insert(
                GarageExpense(
                    vehicleID: car.id, date: CalendarDay(year: 2026, month: 1, day: 9)!,
                    amount: Decimal(string: "612.40")!,
                    category: "Insurance", notes: "yearly"))
        }
        try await phone.store.addPreset(
            ServicePreset(
                name: "Timing Belt", category: .engine, defaultIntervalMonths: 60, defaultIntervalMiles: 90_000))

        let first = try await phone.sync.sync()
        let made = try await phone.snapshot()
        #expect(made.count >= 9)
        #expect(first.sentSaves == made.count)
        #expect(first.problems.isEmpty)
        let received = try await laptop.sync.sync()
        #expect(received.receivedSaves == made.count)
        #expect(received.problems.isEmpty)
        #expect(try await laptop.snapshot() == made)
        // Money stays exact, links stay links.
        let log = try #require(await laptop.store.logs(of: car.id).first)
        #expect(log.cost == Decimal(string: "49.99"))
        #expect(log.serviceID == oil.id)
        #expect(try await laptop.store.fuelLogs(of: car.id).first?.gallons == Decimal(string: "11.234"))
        #expect(try await laptop.store.expenses(of: car.id).first?.amount == Decimal(string: "612.40"))

        // Edits and deletions both ways, through the store's ordinary operations.
        try await laptop.store.updateVehicle(car.id) { $0.notes = "New tires in May" }
        try await laptop.store.removeService(brakes.id)
        try await phone.store.completeService(oil.id, mileage: 43_000, cost: "52.00")
        try await laptop.sync.sync()
        try await phone.sync.sync()
        try await laptop.sync.sync()
        let converged = try await phone.snapshot()
        #expect(converged == (try await laptop.snapshot()))
        #expect(converged.vehicles.first?.notes == "New tires in May")
        #expect(converged.services.map(\.id) == [oil.id])
        #expect(converged.logs.count == 2)
        #expect(converged.vehicles.first?.currentMileage == 43_000)

        // Deleting the vehicle deletes everything of it everywhere.
        try await phone.store.removeVehicle(car.id)
        try await phone.sync.sync()
        let deletions = try await laptop.sync.sync()
        #expect(deletions.receivedDeletions >= 1)
        let emptied = try await laptop.snapshot()
        #expect(
            emptied.vehicles.isEmpty && emptied.services.isEmpty && emptied.logs.isEmpty && emptied.snapshots.isEmpty
                && emptied.fuel.isEmpty && emptied.expenses.isEmpty)
        #expect(emptied.presets.count == 1)
        #expect(try await phone.snapshot() == emptied)
        #expect(try await laptop.sync.status().state == .synced)
        #expect(try await phone.sync.status().pendingChanges == 0)
    }

    @Test func expensesAndEditedOrDeletedLogsAndFillUpsSyncBothWays() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("garage-edits")
        let phone = try await GarageDevice.make(server, email: email, signUp: true)
        let laptop = try await GarageDevice.make(server, email: email)
        let car = try await phone.store.addVehicle(Vehicle(name: "Daily", make: "Honda", model: "Civic", year: 2019))
        let oil = try await phone.store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        let done = try await phone.store.completeService(oil.id, mileage: 1_000, cost: "49.99")
        let fill = try await phone.store.addFillUp(FillUpDraft(odometer: 1_000, gallons: "10", cost: "35"), to: car.id)
        let spare = try await phone.store.addFillUp(FillUpDraft(odometer: 1_300, gallons: "10", cost: "36"), to: car.id)
        let insurance = try await phone.store.addExpense(
            ExpenseDraft(kind: "insurance", description: "Geico", amount: "640", every: "1y"), to: car.id)
        let parking = try await phone.store.addExpense(ExpenseDraft(kind: "parking", amount: "12.50"), to: car.id)
        try await phone.sync.sync()
        try await laptop.sync.sync()
        #expect(try await laptop.snapshot() == (try await phone.snapshot()))
        let received = try #require(try await laptop.store.expenses(of: car.id).first { $0.id == insurance.id })
        #expect(received.kind == .insurance && received.intervalMonths == 12 && received.amount == 640)

        // Edited on the laptop, deleted on the phone.
        try await laptop.store.updateExpense(insurance.id, with: ExpenseDraft(amount: "655.10", every: "6m"))
        try await laptop.store.updateServiceLog(done.log.id, with: ServiceLogEdit(cost: "52.00", notes: "receipt"))
        try await laptop.store.updateFillUp(fill.id, with: FillUpEdit(gallons: "11.5"))
        try await phone.store.removeExpense(parking.id)
        try await phone.store.removeFillUp(spare.id)
        try await laptop.sync.sync()
        try await phone.sync.sync()
        try await laptop.sync.sync()
        let converged = try await phone.snapshot()
        #expect(converged == (try await laptop.snapshot()))
        #expect(converged.expenses.map(\.id) == [insurance.id])
        #expect(
            converged.expenses.first?.amount == Decimal(string: "655.10")
                && converged.expenses.first?.intervalMonths == 6)
        #expect(converged.logs.first?.cost == 52 && converged.logs.first?.notes == "receipt")
        #expect(converged.fuel.map(\.id) == [fill.id] && converged.fuel.first?.gallons == Decimal(string: "11.5"))

        // A deleted log entry is gone everywhere.
        try await laptop.store.removeServiceLog(done.log.id)
        try await laptop.sync.sync()
        let deletions = try await phone.sync.sync()
        #expect(deletions.receivedDeletions == 1)
        #expect(try await phone.snapshot().logs.isEmpty)
        #expect(try await phone.sync.status().pendingChanges == 0)
    }

    @Test func documentRecordsSyncButTheirFilesStayOnTheDeviceThatAddedThem() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("garage-documents")
        let phone = try await GarageDevice.make(server, email: email, signUp: true)
        let laptop = try await GarageDevice.make(server, email: email)
        let car = try await phone.store.addVehicle(Vehicle(name: "Daily", make: "Honda", model: "Civic", year: 2019))
        let scan = phone.url.deletingLastPathComponent().appendingPathComponent("card.pdf")
        try Data("%PDF-1.4 card".utf8).write(to: scan)
        let card = try await phone.store.addDocument(
            DocumentDraft(kind: "insurance", label: "Geico card", number: "POL-1", expires: "2030-05-31"),
            copying: scan.path, to: car.id)
        try await phone.sync.sync()
        try await laptop.sync.sync()
        let received = try #require(try await laptop.store.documents(of: car.id).first)
        #expect(received.id == card.id && received.label == "Geico card" && received.number == "POL-1")
        #expect(received.expiresOn == CalendarDay(year: 2030, month: 5, day: 31) && received.kind == .insurance)
        // The record came, the file did not: it is on the phone only.
        let laptopCopy = try #require(laptop.store.fileURL(of: received))
        #expect(laptopCopy.deletingLastPathComponent() != phone.store.fileURL(of: card)?.deletingLastPathComponent())
        #expect(!FileManager.default.fileExists(atPath: laptopCopy.path))
        #expect(FileManager.default.fileExists(atPath: try #require(phone.store.fileURL(of: card)).path))

        // Edited on the laptop, the phone follows; deleted on the phone, the laptop follows.
        try await laptop.store.updateDocument(card.id, with: DocumentDraft(expires: "2031-05-31"))
        try await laptop.sync.sync()
        try await phone.sync.sync()
        #expect(try await phone.store.document(id: card.id).expiresOn == CalendarDay(year: 2031, month: 5, day: 31))
        try await phone.store.removeDocument(card.id)
        try await phone.sync.sync()
        try await laptop.sync.sync()
        #expect(try await laptop.store.documents(of: nil).isEmpty)
        #expect(try await laptop.sync.status().pendingChanges == 0)
    }

    @Test func conflictsAreSettledByEachRecordTypesPolicy() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("garage")
        // The devices' edits are stamped from one wall clock that moves a millisecond with each reading and that
        // the test moves on, so which edit is later is decided here.
        let clock = WallClock()
        let ticking: @Sendable () -> Date = {
            clock.advance(by: 0.001)
            return clock.now
        }
        let phone = try await GarageDevice.make(server, email: email, signUp: true, now: ticking)
        let laptop = try await GarageDevice.make(server, email: email, now: ticking)
        let car = try await phone.store.addVehicle(
            Vehicle(name: "Daily", make: "Honda", model: "Civic", year: 2019, currentMileage: 40_000))
        let oil = try await phone.store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        try await phone.sync.sync()
        try await laptop.sync.sync()

        // Both edit the vehicle and complete the oil change while apart; the laptop edits last.
        try await phone.store.updateMileage(car.id, to: 45_000)
        try await phone.store.completeService(
            oil.id, on: CalendarDay(year: 2026, month: 1, day: 10), mileage: 44_900, cost: "60.00")
        clock.advance(by: 1)
        try await laptop.store.updateVehicle(car.id) {
            $0.name = "Blue Civic"
            $0.licensePlate = "ABC-123"
        }
        try await laptop.store.updateMileage(car.id, to: 44_000)
        try await laptop.store.completeService(
            oil.id, on: CalendarDay(year: 2025, month: 12, day: 1), mileage: 43_500, cost: "55.00")

        try await phone.sync.sync()
        let settled = try await laptop.sync.sync()
        #expect(settled.conflictsResolved >= 2)
        try await phone.sync.sync()
        let onPhone = try await phone.snapshot()
        #expect(onPhone == (try await laptop.snapshot()))
        let vehicle = try #require(onPhone.vehicles.first)
        // The highest odometer reading wins; the other fields keep the later edit.
        #expect(vehicle.currentMileage == 45_000)
        #expect(vehicle.name == "Blue Civic")
        #expect(vehicle.licensePlate == "ABC-123")
        // The due values follow the latest completion (the phone's, though the laptop's edit came later).
        let service = try #require(onPhone.services.first)
        #expect(service.lastPerformed == CalendarDay(year: 2026, month: 1, day: 10))
        #expect(service.lastMileage == 44_900)
        #expect(service.dueMileage == 44_900 + 5_000)
        // Logs and snapshots from both sides add up.
        #expect(onPhone.logs.count == 2)
        #expect(Set(onPhone.snapshots.map(\.mileage)).isSuperset(of: [45_000, 44_000, 44_900, 43_500]))
        #expect(try await phone.engine.pendingChangeCount() == 0)
        #expect(try await laptop.engine.pendingChangeCount() == 0)
    }

    @Test func aLocalOnlyDatabaseStartsSyncingOnceAndImportsOfOneFileAreNotDoubled() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("garage")

        // A database used for months without sync, as older Hearth made it (no sync tables).
        let phoneURL = try garageFile()
        do {
            let local = try GarageStore.open(at: phoneURL, timeZone: TimeZone(identifier: "UTC")!)
            let car = try await local.addVehicle(
                Vehicle(name: "Accord", make: "Honda", model: "Accord", year: 2015, currentMileage: 72_000))
            let report = try await GarageImporter(store: local).importFile(
                at: try simplyAutoFile(firstExport), options: ImportOptions(vehicleID: car.id))
            #expect(report.imported == 4)
        }

        // Turning sync on uploads every row once.
        let phone = try await GarageDevice.make(server, email: email, signUp: true, url: phoneURL)
        let before = try await phone.snapshot()
        #expect(try await phone.sync.status().isEnabled == false)
        let first = try await phone.sync.sync()
        #expect(first.sentSaves == before.count)
        #expect(first.problems.isEmpty)
        let again = try await phone.sync.sync()
        #expect(again.sentSaves == 0 && again.receivedSaves == 0)
        #expect(try await phone.snapshot() == before)

        // A second device gets the car, then both import a newer export of the same file while apart.
        let laptop = try await GarageDevice.make(server, email: email)
        try await laptop.sync.sync()
        let car = try #require(await laptop.store.vehicles().first)
        let onLaptop = try await GarageImporter(store: laptop.store).importFile(
            at: try simplyAutoFile(secondExport), options: ImportOptions(vehicleID: car.id))
        #expect(onLaptop.imported == 2 && onLaptop.alreadyImported == 4)
        let onPhone = try await GarageImporter(store: phone.store).importFile(
            at: try simplyAutoFile(secondExport), options: ImportOptions(vehicleID: car.id))
        #expect(onPhone.imported == 2)
        try await laptop.sync.sync()
        try await phone.sync.sync()
        try await laptop.sync.sync()

        let merged = try await phone.snapshot()
        #expect(merged == (try await laptop.snapshot()))
        #expect(merged.vehicles.count == 1)
        #expect(merged.fuel.count == 3)
        #expect(merged.logs.count == 3)
        // One service per name (both devices made "Brake Inspection" from the import), one snapshot per reading.
        #expect(merged.services.map(\.name).sorted() == ["Brake Inspection", "Oil Change", "Tire Rotation"])
        #expect(Set(merged.snapshots.map(\.id)).count == merged.snapshots.count)
        #expect(merged.snapshots.filter { $0.mileage == 73_000 }.count == 1)
        #expect(merged.vehicles.first?.currentMileage == 73_000)
        // The same custom preset added on both devices is one record.
        try await phone.store.addPreset(ServicePreset(name: "Detailing", category: .body, defaultIntervalMonths: 6))
        try await laptop.store.addPreset(ServicePreset(name: "detailing", category: .body, defaultIntervalMonths: 6))
        try await phone.sync.sync()
        let presets = try await laptop.sync.sync()
        #expect(presets.problems.isEmpty)
        try await phone.sync.sync()
        #expect(try await laptop.snapshot().presets.count == 1)
        #expect(try await phone.snapshot() == laptop.snapshot())
    }

    @Test func aSchemaUpgradeKeepsSyncedDataAndSyncState() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("garage")
        let url = try garageFile()
        var before: GarageSnapshot
        var deviceID: String
        do {
            // The schema before the garage's sync bookkeeping existed: the garage's and the engine's tables only.
            let database = try AppDatabase.open(at: url, schemas: [GarageSchema.self, SyncSchema.self])
            let garage = GarageSync.wrap(database)
            let client = CloudClient(
                configuration: CloudClientConfiguration(serverURL: server.url), httpClient: testHTTPClient)
            try await client.signUp(email: email, password: "long enough password")
            var logger = Logger(label: "garage.sync.tests")
            logger.logLevel = .critical
            let engine = SyncEngine(database: database, outbox: garage.outbox, cloud: client, logger: logger)
            let car = try await garage.store.addVehicle(
                Vehicle(make: "Mazda", model: "3", year: 2021, currentMileage: 10_000))
            try await garage.store.addService(ServiceDraft(preset: "Tire Rotation"), to: car.id)
            #expect(try await engine.sync().sentSaves == 3)
            before = try await GarageDevice(
                url: url, store: garage.store, outbox: garage.outbox, client: client, engine: engine,
                sync: GarageSync.service(store: garage.store, engine: engine)
            ).snapshot()
            deviceID = try await engine.currentDeviceID()
        }

        // Opened by this version: its migrations run; the data, the device and the sync state stay.
        let upgraded = try await GarageDevice.make(server, email: email, url: url)
        let applied = try await upgraded.store.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(applied.contains("garage.sync.v1"))
        #expect(try await upgraded.snapshot() == before)
        #expect(try await upgraded.engine.currentDeviceID() == deviceID)
        #expect(try await upgraded.sync.status().isEnabled)
        #expect(try await upgraded.engine.pendingChangeCount() == 0)
        let report = try await upgraded.sync.sync()
        #expect(report.sentSaves == 0 && report.receivedSaves == 0 && report.refetchedZones == 0)
        // And it keeps syncing: an edit after the upgrade reaches another device.
        try await upgraded.store.updateVehicle(before.vehicles[0].id) { $0.notes = "after the upgrade" }
        #expect(try await upgraded.sync.sync().sentSaves == 1)
        let other = try await GarageDevice.make(server, email: email)
        try await other.sync.sync()
        #expect(try await other.snapshot() == upgraded.snapshot())
    }

    @Test func aColumnAddedByALaterMigrationSyncsWithoutCode() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("garage")
        let phone = try await GarageDevice.make(
            server, email: email, signUp: true, extraSchemas: [VehicleColorSchema.self])
        let laptop = try await GarageDevice.make(server, email: email, extraSchemas: [VehicleColorSchema.self])
        let car = try await phone.store.addVehicle(Vehicle(make: "Mazda", model: "3", year: 2021))
        try await phone.store.write { tx in
            try tx.db.execute(sql: "UPDATE garageVehicle SET color = 'blue' WHERE id = ?", arguments: [car.id])
            try tx.recordChange(.vehicle, id: car.id, kind: .update)
        }
        try await phone.sync.sync()
        try await laptop.sync.sync()
        let color = try await laptop.store.read { db in
            try String.fetchOne(db, sql: "SELECT color FROM garageVehicle WHERE id = ?", arguments: [car.id])
        }
        #expect(color == "blue")
        // An edit through the model keeps the column it does not know.
        try await laptop.store.updateVehicle(car.id) { $0.notes = "repainted?" }
        try await laptop.sync.sync()
        try await phone.sync.sync()
        let onPhone = try await phone.store.read { db in
            try String.fetchOne(db, sql: "SELECT color FROM garageVehicle WHERE id = ?", arguments: [car.id])
        }
        #expect(onPhone == "blue")
        #expect(try await phone.store.vehicle(id: car.id).notes == "repainted?")
    }

    @Test func aFailedSyncKeepsLocalDataAndReportsTheCause() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("garage")
        let phone = try await GarageDevice.make(server, email: email, signUp: true)
        let car = try await phone.store.addVehicle(
            Vehicle(name: "Daily", make: "Honda", model: "Civic", year: 2019, currentMileage: 1_000))
        try await phone.sync.sync()

        // Another client writes a vehicle whose mileage is text, and a log of a vehicle that does not exist.
        let zone = CloudZoneID(zoneName: GarageSync.zoneName)
        let broken = UUID().uuidString.lowercased()
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        _ = try await phone.client.privateDatabase.modifyRecords(
            CloudRecordsModifyRequest(
                zoneID: zone,
                operations: [
                    CloudRecordOperation(
                        operationType: .create,
                        record: CloudRecord(
                            recordName: broken, recordType: "GarageVehicle",
                            fields: [
                                "name": .string("Broken"), "make": .string("X"), "model": .string("Y"),
                                "year": .int64(2020),
                                "currentMileage": .string("lots"), "createdAt": .date(now), "modifiedAt": .date(now),
                            ]))
                ], atomic: false))
        let laptop = try await GarageDevice.make(server, email: email)
        let report = try await laptop.sync.sync()
        #expect(
            report.problems.contains { $0.contains(broken) && $0.contains("currentMileage") && $0.contains("INT64") })
        #expect(try await laptop.store.vehicles().map(\.id) == [car.id])
        let status = try await laptop.sync.status()
        guard case .error(let message) = status.state else {
            Issue.record("Expected an error status, got \(status)")
            return
        }
        #expect(message.contains("currentMileage"))

        // A refused sign-in: the round fails with the cause, nothing local changes, the edit waits.
        try await phone.store.updateVehicle(car.id) { $0.notes = "kept" }
        let kept = try await phone.snapshot()
        phone.client.setToken("not-a-token")
        await phone.engine.credentialsChanged()
        let refusal = await #expect(throws: ServiceError.self) { try await phone.sync.sync() }
        #expect(refusal?.message.contains("refused the sign-in") == true)
        #expect(try await phone.snapshot() == kept)
        let refused = try await phone.sync.status()
        #expect(refused.pendingChanges == 1)
        guard case .error(let cause) = refused.state else {
            Issue.record("Expected an error status, got \(refused)")
            return
        }
        #expect(cause.contains("sign in again"))
        // Another process reading the database sees the same.
        #expect(try await GarageSync.status(of: phone.store).state == refused.state)
    }

    @Test func anUnreachableServerMeansOfflineWithTheChangesKept() async throws {
        let server = try await LiveServer.start()
        let email = freshEmail("garage")
        let url = try garageFile()
        let phone = try await GarageDevice.make(server, email: email, signUp: true, url: url)
        let car = try await phone.store.addVehicle(
            Vehicle(make: "Ford", model: "Focus", year: 2012, currentMileage: 90_000))
        try await phone.sync.sync()
        #expect(try await phone.sync.status().state == .synced)
        await server.stop()

        try await phone.store.updateMileage(car.id, to: 90_500)
        let unreachable = await #expect(throws: ServiceError.self) { try await phone.sync.sync() }
        #expect(unreachable?.message.contains("Cannot reach the server") == true)
        let offline = try await phone.sync.status()
        #expect(offline.state == .offline)
        #expect(offline.pendingChanges == 2)
        #expect(offline.lastSyncedAt != nil && offline.lastAttemptAt != offline.lastSyncedAt)
        #expect(try await phone.store.vehicle(id: car.id).currentMileage == 90_500)

        // Back online (the same address), the kept changes go.
        let restarted = try await server.restart()
        defer { Task { await restarted.stop() } }
        let report = try await phone.sync.sync()
        #expect(report.sentSaves == 2)
        #expect(try await phone.sync.status().state == .synced)
    }
}

/// A later migration of the garage's tables, as another version of Hearth might add.
enum VehicleColorSchema: DatabaseSchema {
    static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("test.garage.vehicleColor") { db in
            try db.alter(table: "garageVehicle") { t in t.add(column: "color", .text) }
        }
    }
}
