import Foundation
import GRDB
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthGarage

@Suite struct GarageStoreTests {
    @Test func addingAVehicleRecordsItAndItsFirstReading() async throws {
        let recorder = CollectingRecorder()
        let (store, _) = try TestSupport.store(recorder: recorder)
        let car = try await TestSupport.addCivic(store)
        #expect(car.displayName == "Daily")
        #expect(car.mileageUpdatedAt == store.now)
        #expect(car.modifiedAt == store.now)
        let snapshots = try await store.snapshots(of: car.id)
        #expect(snapshots.map(\.mileage) == [42_000])
        #expect(snapshots.first?.source == .manual)
        #expect(recorder.changes.map(\.entity) == [.vehicle, .mileageSnapshot])
        #expect(recorder.changes.allSatisfy { $0.kind == .insert && $0.modifiedAt == store.now })
        let outbox = try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM testOutbox") }
        #expect(outbox == 2)
    }

    @Test func displayNameFallsBackToYearMakeModel() {
        #expect(Vehicle(make: "Toyota", model: "Tacoma", year: 2012).displayName == "2012 Toyota Tacoma")
        #expect(Vehicle(name: "  ", make: "Toyota", model: "Tacoma", year: 0).displayName == "Toyota Tacoma")
    }

    @Test func invalidVehiclesAreRefusedWithEveryReason() async throws {
        let (store, _) = try TestSupport.store()
        let error = await expectError("marbete") {
            try await store.addVehicle(
                Vehicle(make: "", model: "", year: 1700, currentMileage: -5, vin: "12345", marbeteExpirationMonth: 3))
        }
        #expect(error?.code == .validationFailed)
        #expect(error?.reasons.count == 4)  // year, mileage, marbete, VIN
        await expectError("needs a name, or a make and model") {
            try await store.addVehicle(Vehicle(make: " ", model: "", year: 0))
        }
        #expect(try await store.vehicles().isEmpty)
        await expectError("Marbete month 13") {
            try await store.addVehicle(
                Vehicle(
                    make: "Honda", model: "Fit", year: 2010, marbeteExpirationMonth: 13, marbeteExpirationYear: 2025))
        }
    }

    @Test func vinsAreCorrectedAndStoredUpperCase() async throws {
        let (store, _) = try TestSupport.store()
        let car = try await store.addVehicle(
            Vehicle(make: "Honda", model: "Accord", year: 2003, vin: "1hgcm82633a0o4352"))
        #expect(car.vin == "1HGCM82633A004352")
    }

    @Test func findsVehiclesByNameOrIdPrefix() async throws {
        let (store, _) = try TestSupport.store()
        let car = try await TestSupport.addCivic(store)
        let truck = try await store.addVehicle(Vehicle(make: "Toyota", model: "Tacoma", year: 2012))
        #expect(try await store.vehicle(matching: "daily").id == car.id)
        #expect(try await store.vehicle(matching: "2012 toyota tacoma").id == truck.id)
        #expect(try await store.vehicle(matching: String(truck.id.uuidString.prefix(6)).lowercased()).id == truck.id)
        let missing = await expectError("No vehicle is called \"Van\"") { _ = try await store.vehicle(matching: "Van") }
        #expect(missing?.message.contains("Daily") == true)
    }

    @Test func completingAServiceLogsItRecordsMileageAndRederives() async throws {
        let recorder = CollectingRecorder()
        let (store, clock) = try TestSupport.store(now: TestSupport.date(2024, 1, 31, 10), recorder: recorder)
        let car = try await TestSupport.addCivic(store)
        let oil = try await store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        // From today and the current mileage: 31 January + 6 months = 31 July.
        #expect(oil.dueDate == TestSupport.day(2024, 7, 31))
        #expect(oil.dueMileage == 47_000)
        #expect(oil.intervalMonths == 6 && oil.intervalMiles == 5_000)

        clock.set(TestSupport.date(2024, 8, 31, 15))
        let completion = try await store.completeService(oil.id, mileage: 47_200, cost: "49.99", notes: "synthetic")
        #expect(completion.log.performedDate == TestSupport.day(2024, 8, 31))
        #expect(completion.log.mileageAtService == 47_200)
        #expect(completion.log.cost == Decimal(string: "49.99"))
        #expect(completion.log.costCategory == .maintenance)
        #expect(completion.log.serviceID == oil.id)
        // 31 August + 6 months is the end of February.
        #expect(completion.service.dueDate == TestSupport.day(2025, 2, 28))
        #expect(completion.service.dueMileage == 52_200)
        #expect(completion.service.lastPerformed == TestSupport.day(2024, 8, 31))
        #expect(completion.vehicle.currentMileage == 47_200)
        let snapshots = try await store.snapshots(of: car.id)
        #expect(snapshots.map(\.mileage) == [42_000, 47_200])
        #expect(snapshots.last?.source == .serviceCompletion)
        #expect(try await store.logs(of: car.id).count == 1)
        let kinds = recorder.changes.suffix(4).map { "\($0.entity)/\($0.kind)" }
        #expect(kinds == ["serviceLog/insert", "mileageSnapshot/insert", "vehicle/update", "service/update"])
    }

    @Test func aBadCostChangesNothing() async throws {
        let (store, _) = try TestSupport.store()
        let car = try await TestSupport.addCivic(store)
        let oil = try await store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        let before = try await TestSupport.snapshot(store)
        await expectError("INVALID AMOUNT") { try await store.completeService(oil.id, cost: "12.345") }
        await expectError("in the future") { try await store.completeService(oil.id, on: store.today.adding(days: 1)) }
        #expect(try await TestSupport.snapshot(store) == before)
    }

    @Test func aFailingRecorderRollsTheWholeWriteBack() async throws {
        let recorder = CollectingRecorder()
        let (store, _) = try TestSupport.store(recorder: recorder)
        let car = try await TestSupport.addCivic(store)
        let oil = try await store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        let before = try await TestSupport.snapshot(store)
        let outboxBefore = try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM testOutbox") }
        // The log insert is recorded, then the snapshot's recording fails: the log must not survive.
        recorder.fail(on: .mileageSnapshot)
        await expectError("outbox unavailable") { try await store.completeService(oil.id, mileage: 43_000) }
        #expect(try await TestSupport.snapshot(store) == before)
        #expect(
            try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM testOutbox") } == outboxBefore)
    }

    @Test func softWarnings() async throws {
        let (store, clock) = try TestSupport.store(now: TestSupport.date(2024, 1, 1))
        let car = try await TestSupport.addCivic(store, mileage: 40_000)
        clock.advance(days: 10)
        #expect(try await store.updateMileage(car.id, to: 40_500).warnings.isEmpty)
        clock.advance(days: 10)
        // Lower than a reading from 10 days ago: saved, with a warning; a correction sets the mileage.
        let lower = try await store.updateMileage(car.id, to: 40_100)
        #expect(lower.warnings.map(\.code) == [.mileageDecreased])
        #expect(lower.vehicle.currentMileage == 40_100)
        // 70 days later the old high reading is out of the window.
        clock.advance(days: 70)
        #expect(try await store.updateMileage(car.id, to: 40_200).warnings.isEmpty)
        let jump = try await store.updateMileage(car.id, to: 95_000)
        #expect(jump.warnings.map(\.code) == [.mileageJump])

        let oil = try await store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        for cost in ["40", "50", "60"] { try await store.completeService(oil.id, cost: cost) }
        #expect(try await store.completeService(oil.id, cost: "250").warnings.isEmpty)  // median 50: 250 is not over 5×
        let unusual = try await store.completeService(oil.id, cost: "900")
        #expect(unusual.warnings.map(\.code) == [.unusualCost])
        #expect(unusual.log.cost == 900)
    }

    @Test func presetsAndCustomServices() async throws {
        let (store, _) = try TestSupport.store(now: TestSupport.date(2024, 2, 29))
        let car = try await TestSupport.addCivic(store)
        await expectError("no preset called \"Flux Capacitor\"") {
            try await store.addService(ServiceDraft(preset: "Flux Capacitor"), to: car.id)
        }
        try await store.addPreset(
            ServicePreset(
                name: "Timing Belt", category: .engine, defaultIntervalMonths: 60, defaultIntervalMiles: 90_000))
        await expectError("bundled preset") {
            try await store.addPreset(ServicePreset(name: "oil change", category: .engine))
        }
        await expectError("already taken") {
            try await store.addPreset(ServicePreset(name: "TIMING BELT", category: .engine))
        }
        let belt = try await store.addService(ServiceDraft(preset: "timing belt"), to: car.id)
        #expect(belt.name == "Timing Belt")
        #expect(belt.dueDate == TestSupport.day(2029, 2, 28))
        #expect(belt.dueMileage == 132_000)
        let custom = try await store.addService(
            ServiceDraft(
                name: "Registration", intervalMonths: 12, lastPerformed: TestSupport.day(2023, 3, 31),
                renewal: .fixedSchedule),
            to: car.id
        )
        #expect(custom.dueDate == TestSupport.day(2024, 3, 31))
        #expect(custom.dueMileage == nil)
        let explicit = try await store.addService(
            ServiceDraft(name: "Inspection", dueDate: TestSupport.day(2024, 5, 1)), to: car.id)
        #expect(explicit.dueDate == TestSupport.day(2024, 5, 1))
        await expectError("needs a name") { try await store.addService(ServiceDraft(name: "  "), to: car.id) }
    }

    @Test func removingAVehicleRecordsEveryDeletion() async throws {
        let recorder = CollectingRecorder()
        let (store, _) = try TestSupport.store(recorder: recorder)
        let car = try await TestSupport.addCivic(store)
        let other = try await store.addVehicle(Vehicle(make: "Toyota", model: "Tacoma", year: 2012))
        let oil = try await store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        try await store.completeService(oil.id, mileage: 42_500)
        try await store.removeVehicle(car.id)
        let deletions = recorder.changes.filter { $0.kind == .delete }
        #expect(Set(deletions.map(\.entity)) == [.vehicle, .service, .serviceLog, .mileageSnapshot])
        #expect(deletions.count == 5)  // vehicle, service, log, two snapshots
        #expect(try await store.vehicles().map(\.id) == [other.id])
        #expect(try await store.read { db in try ServiceLog.fetchCount(db) } == 0)
        await expectError("was not found") { try await store.removeVehicle(car.id) }
    }

    @Test func removingAServiceKeepsItsHistory() async throws {
        let (store, _) = try TestSupport.store()
        let car = try await TestSupport.addCivic(store)
        let oil = try await store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        try await store.completeService(oil.id)
        try await store.removeService(oil.id)
        let logs = try await store.logs(of: car.id)
        #expect(logs.count == 1 && logs[0].serviceID == nil && logs[0].title == "Oil Change")
    }

    @Test func dueSummaryUsesPaceFromEveryReading() async throws {
        let (store, clock) = try TestSupport.store(now: TestSupport.date(2024, 1, 1))
        let car = try await TestSupport.addCivic(store, mileage: 40_000)
        // due 2024-07-01 or 45,000
        let oil = try await store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        for week in 1...6 {
            clock.advance(days: 7)
            try await store.updateMileage(car.id, to: 40_000 + week * 350)  // 50 miles a day
        }
        let summary = try #require(try await store.due(vehicleID: car.id).first)
        let pace = try #require(summary.pace)
        #expect(abs(pace.milesPerDay - 50) < 0.01)
        #expect(pace.confidence == .high)
        let item = try #require(summary.items.first { $0.service.id == oil.id })
        // 42,100 now; 2,900 miles at 50 a day is 58 days: earlier than 1 July.
        #expect(item.effectiveDueDate == store.today.adding(days: 58))
        #expect(item.status == .good)
        #expect(item.milesLeft == 2_900)
    }

    @Test func opensAFileDatabaseAndKeepsData() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let url = folder.appendingPathComponent("nested/garage.sqlite")
        do {
            let store = try GarageStore.open(at: url)
            try await TestSupport.addCivic(store)
        }
        let reopened = try GarageStore.open(at: url)
        #expect(try await reopened.vehicles().map(\.name) == ["Daily"])
    }
}

extension GarageStoreTests {
    @Test("a vehicle's records read in one transaction are what the store's separate reads answer")
    func vehicleRecordsInOneRead() async throws {
        let (store, _) = try TestSupport.store()
        let civic = try await TestSupport.addCivic(store, mileage: 42_000)
        let other = try await TestSupport.addCivic(store, mileage: 9_000)
        let oil = try await store.addService(
            ServiceDraft(preset: "Oil Change", lastPerformed: TestSupport.day(2023, 8, 1), lastMileage: 37_500),
            to: civic.id)
        _ = try await store.addService(ServiceDraft(name: "Detailing"), to: civic.id)
        _ = try await store.addService(ServiceDraft(name: "Not this car's"), to: other.id)
        try await store.completeService(oil.id, on: TestSupport.day(2024, 3, 2), mileage: 42_050, cost: "49.90")
        for (day, odometer, gallons) in [(1, 42_000, "10"), (8, 42_310, "10.000")] {
            try await store.addFillUp(
                FillUpDraft(date: TestSupport.day(2024, 3, day), odometer: odometer, gallons: gallons, cost: "35.00"),
                to: civic.id)
        }
        _ = try await store.addExpense(
            ExpenseDraft(kind: "Parking", amount: "12.50", date: TestSupport.day(2024, 2, 3)), to: civic.id)

        let records = try #require(try await store.records(ofVehicle: civic.id))
        #expect(records.due == (try await store.due(vehicleID: civic.id).first))
        #expect(records.services == (try await store.services(of: civic.id)))
        #expect(records.services.map(\.name) == ["Detailing", "Oil Change"])
        #expect(records.logs == (try await store.logs(of: civic.id)))
        #expect(records.fuel == (try await store.fuelEconomy(of: civic.id)))
        #expect(records.fuel.averageMPG == 31)
        #expect(records.expenses == (try await store.expenses(of: civic.id)))
        #expect(records.documents == (try await store.documents(of: civic.id)))
        // The year's costs from those records are the report's.
        #expect(
            ServiceHistoryPDFService.costSummary(
                of: civic.id, year: 2024, services: records.services, logs: records.logs, expenses: records.expenses)
                == (try await ServiceHistoryPDFService(store: store).costSummary(for: civic.id, year: 2024)))
        #expect(try await store.records(ofVehicle: UUID()) == nil)
    }
}
