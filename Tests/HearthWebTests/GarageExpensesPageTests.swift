import Foundation
import HearthCore
import HearthGarage
import HearthSync
import HearthTestSupport
import Testing

@testable import HearthWeb

/// A vehicle page's expenses and documents: what a device synced, the page shows; an expense added on the page
/// reaches the device; a bad one is refused by field and writes nothing.
@Suite struct GarageExpensesPageTests {
    static let now = GarageRecordsTests.now

    @Test func thePageShowsTheDevicesExpensesAndDocumentsAndAddsAnExpense() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let device = try await harness.garageDevice("papers@example.com")
        let seeded = try await GarageRecordsTests.seed(device.store)
        let insurance = try await device.store.addExpense(
            ExpenseDraft(
                kind: "insurance", description: "Geico policy", amount: "640.00",
                date: CalendarDay(iso: "2025-04-01"), every: "1y"), to: seeded.car.id)
        let toll = try await device.store.addExpense(
            ExpenseDraft(kind: "tolls", amount: "7.50", date: CalendarDay(iso: "2026-03-02")), to: seeded.car.id)
        let card = scratchDirectory("hearth-web-card").appendingPathExtension("pdf")
        try Data("%PDF-1.4 card".utf8).write(to: card)
        let document = try await device.store.addDocument(
            DocumentDraft(kind: "insurance", label: "Geico card", number: "P-77", expires: "2026-04-01"),
            copying: card.path, to: seeded.car.id)
        try await device.sync()
        let garage = GarageRecordsTests.records(harness)

        let page = try await garage.vehicle(id: seeded.car.id, userID: device.userID, now: Self.now)
        #expect(page.expenses == (try await device.store.expenses(of: seeded.car.id)))
        #expect(page.expenses.map(\.id) == [toll.id, insurance.id], "newest first")
        #expect(page.documents == (try await device.store.documents(of: seeded.car.id)))
        #expect(page.documents.map(\.id) == [document.id] && page.documents.first?.fileAsset != nil, "with its file")
        // The yearly insurance paid 2025-04-01 is due again 2026-04-01, as is the card: both in the due list.
        #expect(page.due.expenses.map(\.dueDate) == [CalendarDay(iso: "2026-04-01")])
        #expect(page.due.documents.map(\.document.id) == [document.id])
        #expect(page.documents.first?.status(today: CalendarDay(iso: "2026-03-15")!) == .expiresSoon)
        // The tolls count in this year's costs beside the services.
        #expect(page.costs.total == Decimal(string: "32.50")!, "25.00 of tire rotation and 7.50 of tolls")

        let added = try await garage.addExpense(
            GarageExpenseForm(
                vehicleID: seeded.car.id, kind: "registration", description: "State registration", amount: "85.25",
                date: "2026-03-10", every: "1y", notes: "Paid online"),
            userID: device.userID, now: Self.now)
        #expect(added.amount == Decimal(string: "85.25")! && added.intervalMonths == 12 && added.kind == .registration)
        let report = try await device.sync()
        #expect(report.receivedSaves >= 1)
        let onDevice = try #require(try await device.store.expenses(of: seeded.car.id).first { $0.id == added.id })
        #expect(onDevice == added)
        #expect(onDevice.nextDate == CalendarDay(iso: "2027-03-10"))
        let after = try await garage.vehicle(id: seeded.car.id, userID: device.userID, now: Self.now)
        #expect(after.expenses.count == 3)
        #expect(after.costs.total == Decimal(string: "117.75")!, "32.50 and the registration's 85.25")

        // "Once", as the page's choice sends it, is a one-off.
        let once = try await garage.addExpense(
            GarageExpenseForm(vehicleID: seeded.car.id, kind: "parking", amount: "12", every: "none"),
            userID: device.userID, now: Self.now)
        #expect(once.intervalMonths == nil && once.date == CalendarDay(iso: "2026-03-15") && once.category == "Parking")
    }

    @Test func aBadExpenseIsRefusedByFieldAndWritesNothing() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let device = try await harness.garageDevice("careless-payer@example.com")
        let seeded = try await GarageRecordsTests.seed(device.store)
        try await device.sync()
        let garage = GarageRecordsTests.records(harness)
        let car = seeded.car.id
        let cases: [(GarageExpenseForm, [String])] = [
            (GarageExpenseForm(vehicleID: car, kind: "fuel", amount: "10"), ["kind \"fuel\" is not a kind of expense"]),
            (GarageExpenseForm(vehicleID: car, kind: "", amount: ""), ["kind is empty", "amount is empty"]),
            (GarageExpenseForm(vehicleID: car, kind: "tolls", amount: "-4"), ["amount -4 is negative"]),
            (GarageExpenseForm(vehicleID: car, kind: "tolls", amount: "4.555"), ["amount \"4.555\" is not an amount"]),
            (
                GarageExpenseForm(vehicleID: car, kind: "tolls", amount: String(repeating: "9", count: 100_000)),
                ["is not an amount"]
            ),
            (
                GarageExpenseForm(vehicleID: car, kind: "tolls", amount: "4", date: "2026-03-16"),
                ["date 2026-03-16 is in the future"]
            ),
            (GarageExpenseForm(vehicleID: car, kind: "tolls", amount: "4", date: "16/03/2026"), ["is not a day"]),
            (GarageExpenseForm(vehicleID: car, kind: "tolls", amount: "4", every: "weekly"), ["repeats \"weekly\""]),
            (
                GarageExpenseForm(
                    vehicleID: car, kind: "tolls", description: String(repeating: "d", count: 201), amount: "4"),
                ["description is 201 characters"]
            ),
            (
                GarageExpenseForm(
                    vehicleID: car, kind: "tolls", amount: "4", notes: String(repeating: "n", count: 4_001)),
                ["notes are 4001 characters"]
            ),
        ]
        for (form, phrases) in cases {
            let error = await #expect(throws: ServiceError.self) {
                try await garage.addExpense(form, userID: device.userID, now: Self.now)
            }
            #expect(error?.code == .validationFailed)
            for phrase in phrases {
                #expect(error?.message.contains(phrase) == true, "\(error?.message ?? "") names \(phrase)")
            }
        }
        // Another user's vehicle, or none at all.
        let stranger = try await harness.garageDevice("not-the-owner@example.com")
        let missing = await #expect(throws: ServiceError.self) {
            try await garage.addExpense(
                GarageExpenseForm(vehicleID: car, kind: "tolls", amount: "4"), userID: stranger.userID, now: Self.now)
        }
        #expect(missing?.code == .notFound)

        let report = try await device.sync()
        #expect(report.receivedSaves == 0)
        #expect(try await device.store.expenses(of: car).isEmpty)
        #expect(
            try await GarageRecordsTests.records(harness).vehicle(id: car, userID: device.userID, now: Self.now)
                .expenses.isEmpty)
    }
}
