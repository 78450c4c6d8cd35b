import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthGarage
import HearthReports
import HearthSync
import HearthTestSupport
import Testing

@testable import HearthWeb

/// The garage pages' data against a real server: a device with a real garage database syncs over HTTP, and
/// the pages read and write the same zone through the server's SQLite record store.
@Suite struct GarageRecordsTests {
    static let now = WebRecordsHarness.now
    static let utc = WebRecordsHarness.utc

    struct Seeded {
        var car: Vehicle
        var truck: Vehicle
        var oil: ServiceItem
        var rotation: ServiceItem
    }

    /// Two vehicles with services due and overdue, logs with costs, three full fill-ups and readings.
    static func seed(_ store: GarageStore) async throws -> Seeded {
        let car = try await store.addVehicle(
            Vehicle(name: "Daily", make: "Honda", model: "Civic", year: 2019, currentMileage: 39_000))
        let truck = try await store.addVehicle(
            Vehicle(name: "Hauler", make: "Ford", model: "F-150", year: 2015, currentMileage: 120_000))
        let oil = try await store.addService(
            ServiceDraft(name: "Oil Change", intervalMonths: 6, intervalMiles: 5_000), to: car.id)
        let rotation = try await store.addService(
            ServiceDraft(name: "Tire Rotation", intervalMonths: 6, intervalMiles: 6_000), to: car.id)
        let brakes = try await store.addService(
            ServiceDraft(name: "Brake Fluid", intervalMonths: 24, dueDate: CalendarDay(iso: "2026-01-01")), to: truck.id
        )
        _ = brakes
        try await store.completeService(oil.id, on: CalendarDay(iso: "2025-09-01"), mileage: 35_200, cost: "49.99")
        try await store.completeService(
            rotation.id, on: CalendarDay(iso: "2026-02-10"), mileage: 39_400, cost: "25.00", category: .repair)
        _ = try await store.addFillUp(
            FillUpDraft(date: CalendarDay(iso: "2026-01-05"), odometer: 39_500, gallons: "10.000", cost: "35.00"),
            to: car.id)
        _ = try await store.addFillUp(
            FillUpDraft(date: CalendarDay(iso: "2026-02-01"), odometer: 39_810, gallons: "9.500", cost: "33.25"),
            to: car.id)
        _ = try await store.addFillUp(
            FillUpDraft(date: CalendarDay(iso: "2026-03-01"), odometer: 40_120, gallons: "10.200", cost: "36.10"),
            to: car.id)
        try await store.updateMileage(car.id, to: 40_300, at: now.addingTimeInterval(-86_400))
        return Seeded(car: car, truck: truck, oil: oil, rotation: rotation)
    }

    static func records(_ harness: WebRecordsHarness) -> GarageRecords {
        GarageRecords(store: harness.store, timeZone: utc, now: { now })
    }

    @Test func theReadModelHasTheDevicesFigures() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let device = try await harness.garageDevice("reader@example.com")
        let seeded = try await Self.seed(device.store)
        try await device.sync()
        let garage = Self.records(harness)

        let overview = try await garage.overview(userID: device.userID, now: Self.now)
        let expected = try await device.store.due()
        #expect(overview.vehicles == expected)
        #expect(overview.vehicles.map(\.vehicle.name) == ["Daily", "Hauler"])
        // The figures are not empty ones: the car has two due items with dates and mileages, the truck an overdue one.
        let car = try #require(overview.vehicles.first { $0.vehicle.id == seeded.car.id })
        #expect(car.items.count == 2)
        #expect(car.items.allSatisfy { $0.service.dueDate != nil && $0.service.dueMileage != nil })
        #expect(car.items.first { $0.service.id == seeded.oil.id }?.service.dueMileage == 40_200)
        let truck = try #require(overview.vehicles.first { $0.vehicle.id == seeded.truck.id })
        #expect(
            truck.items.map(\.status.label)
                == expected.first { $0.vehicle.id == seeded.truck.id }?.items.map(\.status.label))

        let page = try await garage.vehicle(id: seeded.car.id, userID: device.userID, now: Self.now)
        #expect(page.due == expected.first { $0.vehicle.id == seeded.car.id })
        let fuel = try await device.store.fuelEconomy(of: seeded.car.id)
        #expect(page.fuel == fuel)
        #expect(page.fuel.entries.count == 3)
        #expect(page.fuel.averageMPG != nil)
        let costs = try await ServiceHistoryPDFService(store: device.store).costSummary(for: seeded.car.id, year: 2026)
        #expect(page.costs == costs)
        #expect(page.costs.total == Decimal(string: "25.00")!)
        let lastYear = try await garage.vehicle(id: seeded.car.id, userID: device.userID, now: Self.now, costYear: 2025)
        #expect(lastYear.costs.total == Decimal(string: "49.99")!)
        #expect(lastYear.costs.monthlyTotals[8] == Decimal(string: "49.99")!)
        let logs = try await device.store.logs(of: seeded.car.id)
        #expect(page.history.map(\.log) == logs)
        #expect(page.history.map(\.name) == ["Tire Rotation", "Oil Change"])

        // The charts: one point per measured fill-up, twelve months of cost, both drawn as SVG.
        #expect(page.charts.fuelEconomy.series.first?.points.count == fuel.measured.count)
        #expect(page.charts.monthlyCost.series.first?.points.count == 12)
        #expect(page.charts.fuelEconomySVG.contains("<svg") && page.charts.fuelEconomySVG.contains("<polyline"))
        #expect(page.charts.monthlyCostSVG.contains("<rect"))
    }

    @Test func aPageWriteReachesTheDeviceAtItsNextSync() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let device = try await harness.garageDevice("writer@example.com")
        let seeded = try await Self.seed(device.store)
        try await device.sync()
        let garage = Self.records(harness)

        let completion = try await garage.logService(
            GarageServiceForm(
                vehicleID: seeded.car.id, serviceID: seeded.oil.id, date: "2026-03-14", mileage: "40,250",
                cost: "54.10", notes: "Synthetic"),
            userID: device.userID, now: Self.now)
        #expect(completion.service.lastMileage == 40_250)
        let mileage = try await garage.updateMileage(
            GarageMileageForm(vehicleID: seeded.truck.id, mileage: "120500"), userID: device.userID, now: Self.now)
        #expect(mileage.vehicle.currentMileage == 120_500)

        let report = try await device.sync()
        #expect(report.receivedSaves >= 4)
        let logs = try await device.store.logs(of: seeded.car.id)
        let log = try #require(logs.first { $0.id == completion.log.id })
        #expect(log.cost == Decimal(string: "54.10")!)
        #expect(log.notes == "Synthetic")
        #expect(log.mileageAtService == 40_250)
        let oil = try await device.store.services(of: seeded.car.id).first { $0.id == seeded.oil.id }
        #expect(oil?.lastPerformed == CalendarDay(iso: "2026-03-14"))
        #expect(oil?.dueMileage == 45_250)
        #expect(try await device.store.vehicle(id: seeded.truck.id).currentMileage == 120_500)
        // And the device's due list is the page's.
        #expect(
            try await device.store.due() == (try await garage.overview(userID: device.userID, now: Self.now)).vehicles)
    }

    @Test func aDeviceChangeShowsOnTheNextRead() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let device = try await harness.garageDevice("fresh@example.com")
        let seeded = try await Self.seed(device.store)
        try await device.sync()
        let garage = Self.records(harness)
        let first = try await garage.overview(userID: device.userID, now: Self.now)
        let firstPage = try await garage.vehicle(id: seeded.car.id, userID: device.userID, now: Self.now)
        // The same minute and nothing changed: the same figures.
        #expect(try await garage.overview(userID: device.userID, now: Self.now.addingTimeInterval(30)) == first)

        try await device.store.updateMileage(seeded.car.id, to: 40_900)
        _ = try await device.store.addFillUp(
            FillUpDraft(date: CalendarDay(iso: "2026-03-14"), odometer: 40_900, gallons: "11.000", cost: "40.00"),
            to: seeded.car.id)
        try await device.sync()
        let second = try await garage.overview(userID: device.userID, now: Self.now)
        #expect(second != first)
        #expect(second.vehicles.first { $0.vehicle.id == seeded.car.id }?.vehicle.currentMileage == 40_900)
        #expect(second.vehicles == (try await device.store.due()))
        let secondPage = try await garage.vehicle(id: seeded.car.id, userID: device.userID, now: Self.now)
        #expect(secondPage.fuel.entries.count == firstPage.fuel.entries.count + 1)
        #expect(secondPage.fuel == (try await device.store.fuelEconomy(of: seeded.car.id)))
    }

    @Test func aReadTakesACopyUpToItsFreshnessOldAndAWriteNone() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let device = try await harness.garageDevice("freshness@example.com")
        let seeded = try await Self.seed(device.store)
        try await device.sync()
        let clock = ManualClock()
        let start = Self.now
        let now: @Sendable () -> Date = {
            let offset = clock.now.offset.components
            return start.addingTimeInterval(Double(offset.seconds) + Double(offset.attoseconds) / 1e18)
        }
        let garage = GarageRecords(store: harness.store, timeZone: Self.utc, freshness: 1, now: now)
        func mileage() async throws -> Int? {
            try await garage.overview(userID: device.userID, now: now()).vehicles.first {
                $0.vehicle.id == seeded.car.id
            }?.vehicle.currentMileage
        }
        let before = try await mileage()
        #expect(before != nil && before != 40_950)

        try await device.store.updateMileage(seeded.car.id, to: 40_950)
        try await device.sync()
        clock.advance(by: .milliseconds(900))
        // Within a second of the last fetch a read takes the copy as it is.
        let within = try await mileage()
        #expect(within == before)
        clock.advance(by: .milliseconds(200))
        let after = try await mileage()
        #expect(after == 40_950)

        // A write always starts from the record store as it is: a device change just made is merged, not overwritten.
        _ = try await device.store.updateVehicle(seeded.car.id) { $0.notes = "From the device" }
        try await device.sync()
        try await garage.updateMileage(
            GarageMileageForm(vehicleID: seeded.car.id, mileage: "41000"), userID: device.userID, now: now())
        try await device.sync()
        let vehicle = try #require(try await device.store.vehicles().first { $0.id == seeded.car.id })
        #expect(vehicle.currentMileage == 41_000)
        #expect(vehicle.notes == "From the device")
    }

    @Test func aDeviceEditAndAPageWriteToOneVehicleBothSurvive() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let device = try await harness.garageDevice("both@example.com")
        let seeded = try await Self.seed(device.store)
        try await device.sync()
        let garage = Self.records(harness)
        _ = try await garage.overview(userID: device.userID, now: Self.now)

        // The device edits the car's notes and plate without syncing; the page records a reading meanwhile.
        _ = try await device.store.updateVehicle(seeded.car.id) {
            $0.notes = "New tires in March"
            $0.licensePlate = "HRT-123"
        }
        try await garage.updateMileage(
            GarageMileageForm(vehicleID: seeded.car.id, mileage: "41000"), userID: device.userID, now: Self.now)
        let report = try await device.sync()
        #expect(report.conflictsResolved >= 1)
        let onDevice = try await device.store.vehicle(id: seeded.car.id)
        #expect(onDevice.currentMileage == 41_000)
        #expect(onDevice.notes == "New tires in March")
        #expect(onDevice.licensePlate == "HRT-123")
        let onPage = try await garage.vehicle(id: seeded.car.id, userID: device.userID, now: Self.now).due.vehicle
        #expect(onPage.currentMileage == 41_000)
        #expect(onPage.notes == "New tires in March")

        // The other way round: the device syncs an edit first; the page, holding the older copy, writes next.
        _ = try await device.store.updateVehicle(seeded.car.id) { $0.tireSize = "215/55R16" }
        try await device.sync()
        try await garage.logService(
            GarageServiceForm(vehicleID: seeded.car.id, serviceID: seeded.rotation.id, mileage: "41100"),
            userID: device.userID, now: Self.now)
        try await device.sync()
        let after = try await device.store.vehicle(id: seeded.car.id)
        #expect(after.tireSize == "215/55R16")
        #expect(after.currentMileage == 41_100)
        #expect(after.notes == "New tires in March")

        // Both sides completing the same service keep both logs; the due values follow the later one.
        try await device.store.completeService(
            seeded.oil.id, on: CalendarDay(iso: "2026-03-10"), mileage: 41_050, cost: "40.00")
        try await garage.logService(
            GarageServiceForm(vehicleID: seeded.car.id, serviceID: seeded.oil.id, date: "2026-03-12", mileage: "41120"),
            userID: device.userID, now: Self.now)
        try await device.sync()
        let oilLogs = try await device.store.logs(of: seeded.car.id).filter { $0.serviceID == seeded.oil.id }
        #expect(
            oilLogs.map(\.performedDate) == [
                CalendarDay(iso: "2026-03-12"), CalendarDay(iso: "2026-03-10"), CalendarDay(iso: "2025-09-01"),
            ])
        let oil = try await device.store.services(of: seeded.car.id).first { $0.id == seeded.oil.id }
        #expect(oil?.lastPerformed == CalendarDay(iso: "2026-03-12"))
        #expect(
            try await device.store.due() == (try await garage.overview(userID: device.userID, now: Self.now)).vehicles)
    }

    @Test func badInputIsRefusedByFieldAndWritesNothing() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let device = try await harness.garageDevice("careless@example.com")
        let seeded = try await Self.seed(device.store)
        try await device.sync()
        let garage = Self.records(harness)
        let before = try await garage.overview(userID: device.userID, now: Self.now)

        let car = seeded.car.id
        let oil = seeded.oil.id
        let forms: [(GarageServiceForm, String)] = [
            (GarageServiceForm(vehicleID: car, serviceID: oil, date: "2026-13-45"), "date"),
            (GarageServiceForm(vehicleID: car, serviceID: oil, date: "2026-03-16"), "future"),
            (GarageServiceForm(vehicleID: car, serviceID: oil, date: String(repeating: "9", count: 100_000)), "date"),
            (GarageServiceForm(vehicleID: car, serviceID: oil, mileage: "-5"), "mileage"),
            (GarageServiceForm(vehicleID: car, serviceID: oil, mileage: "99999999"), "mileage"),
            (GarageServiceForm(vehicleID: car, serviceID: oil, mileage: "4e4"), "mileage"),
            (GarageServiceForm(vehicleID: car, serviceID: oil, cost: "12.345"), "cost"),
            (GarageServiceForm(vehicleID: car, serviceID: oil, cost: "$12"), "cost"),
            (GarageServiceForm(vehicleID: car, serviceID: oil, category: "bribe"), "category"),
            (GarageServiceForm(vehicleID: car, serviceID: oil, notes: String(repeating: "n", count: 4_001)), "notes"),
        ]
        for (form, field) in forms {
            let error = await #expect(throws: ServiceError.self) {
                try await garage.logService(form, userID: device.userID, now: Self.now)
            }
            #expect(error?.code == .validationFailed)
            #expect(error?.message.contains(field) == true, "\(error?.message ?? "") names \(field)")
        }
        for text in ["", "forty", "-1", "12345678", String(repeating: "1", count: 1_000_000)] {
            let error = await #expect(throws: ServiceError.self) {
                try await garage.updateMileage(
                    GarageMileageForm(vehicleID: car, mileage: text), userID: device.userID, now: Self.now)
            }
            #expect(error?.code == .validationFailed)
            #expect(error?.message.contains("mileage") == true)
        }
        // A service of another vehicle is not this one's.
        let wrong = await #expect(throws: ServiceError.self) {
            try await garage.logService(
                GarageServiceForm(vehicleID: seeded.truck.id, serviceID: oil), userID: device.userID, now: Self.now)
        }
        #expect(wrong?.code == .notFound)

        let report = try await device.sync()
        #expect(report.receivedSaves == 0)
        // Read afresh (a new copy of the zone, no cached figures): the same as before.
        #expect(try await Self.records(harness).overview(userID: device.userID, now: Self.now) == before)
    }

    @Test func oneUserCannotReadOrWriteAnothersGarage() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let owner = try await harness.garageDevice("owner@example.com")
        let seeded = try await Self.seed(owner.store)
        try await owner.sync()
        let stranger = try await harness.garageDevice("stranger@example.com")
        try await stranger.sync()
        let garage = Self.records(harness)
        let mileage = try await owner.store.vehicle(id: seeded.car.id).currentMileage

        #expect(try await garage.overview(userID: stranger.userID, now: Self.now).vehicles.isEmpty)
        let read = await #expect(throws: ServiceError.self) {
            try await garage.vehicle(id: seeded.car.id, userID: stranger.userID, now: Self.now)
        }
        #expect(read?.code == .notFound)
        let write = await #expect(throws: ServiceError.self) {
            try await garage.updateMileage(
                GarageMileageForm(vehicleID: seeded.car.id, mileage: "999999"), userID: stranger.userID, now: Self.now)
        }
        #expect(write?.code == .notFound)
        let log = await #expect(throws: ServiceError.self) {
            try await garage.logService(
                GarageServiceForm(vehicleID: seeded.car.id, serviceID: seeded.oil.id), userID: stranger.userID,
                now: Self.now)
        }
        #expect(log?.code == .notFound)
        // An id with no account behind it reads nothing.
        let nobody = await #expect(throws: ServiceError.self) {
            try await garage.overview(userID: "no-such-user", now: Self.now)
        }
        #expect(nobody?.code == .notAuthenticated)

        #expect(try await owner.sync().receivedSaves == 0)
        #expect(try await owner.store.vehicle(id: seeded.car.id).currentMileage == mileage)
        #expect(
            try await garage.overview(userID: owner.userID, now: Self.now).vehicles == (try await owner.store.due()))
    }
}
