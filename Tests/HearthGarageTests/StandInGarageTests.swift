import Foundation
import GRDB
import HearthCore
import HearthTestSupport
import Logging
import Testing

@testable import HearthGarage

/// The garage's services against ``StandInGarage``: what each computes from the records it is given, and
/// what it asked the store for.
@Suite struct StandInGarageTests {
    static let civic = Vehicle(
        id: UUID(), name: "Daily", make: "Honda", model: "Civic", year: 2019, currentMileage: 42_000)

    /// The Civic with an oil change (logged in May 2023 and January 2024), a tire rotation, a detailing with
    /// no due values, and two registration fees.
    static func records(oilDue: CalendarDay = TestSupport.day(2024, 3, 5)) -> (StandInGarage.Records, oil: ServiceItem)
    {
        let oil = ServiceItem(vehicleID: civic.id, name: "Oil Change", dueDate: oilDue)
        let rotation = ServiceItem(vehicleID: civic.id, name: "Tire Rotation", dueDate: TestSupport.day(2024, 6, 1))
        let detailing = ServiceItem(vehicleID: civic.id, name: "Detailing")
        let logs = [
            ServiceLog(
                vehicleID: civic.id, serviceID: oil.id, performedDate: TestSupport.day(2024, 1, 20),
                mileageAtService: 41_000,
                cost: Decimal(string: "55.00"), costCategory: .maintenance),
            ServiceLog(
                vehicleID: civic.id, serviceID: oil.id, performedDate: TestSupport.day(2023, 5, 1),
                mileageAtService: 35_000,
                cost: Decimal(string: "49.99"), costCategory: .maintenance),
        ]
        let expenses = [
            GarageExpense(
                vehicleID: civic.id, date: TestSupport.day(2024, 2, 1), amount: 120, category: "Registration"),
            GarageExpense(
                vehicleID: civic.id, date: TestSupport.day(2023, 7, 1), amount: 100, category: "Registration"),
        ]
        let records = StandInGarage.Records(
            vehicles: [civic], services: [oil, rotation, detailing], logs: logs, expenses: expenses,
            costs: [2023: Decimal(string: "149.99")!, 2024: 175]
        )
        return (records, oil)
    }

    // MARK: GarageTransacting

    @Test func remindersShowTheYearsCostsAndRescheduleInTheStoresTransaction() async throws {
        let (records, oil) = Self.records(oilDue: TestSupport.day(2024, 4, 15))
        let garage = try await StandInGarage.make(now: TestSupport.date(2024, 3, 1, 8), records: records)
        let reminders = ReminderService(store: garage, adapters: [], logger: Logger(label: "test.reminders"))

        let result = try await reminders.perform(
            .viewCosts, reminderID: "yearly-roundup-\(Self.civic.id.uuidString)-2023")
        guard case .costs(let vehicle, let year, let total, let logs, let expenses) = result else {
            Issue.record("Viewing a roundup's costs answered \(result)")
            return
        }
        // Only 2023's log and expense, and the total the store gave.
        #expect(vehicle == Self.civic && year == 2023 && total == Decimal(string: "149.99"))
        #expect(logs.map(\.performedDate) == [TestSupport.day(2023, 5, 1)])
        #expect(expenses.map(\.amount) == [100])
        // The action was followed by a reschedule, in one write of the store, from the vehicle and service it holds.
        let pending = try await reminders.pending()
        #expect(pending.contains { $0.id == "service-\(oil.id.uuidString)-due" })
        #expect(
            garage.calls == [
                .vehicle(Self.civic.id), .logs(Self.civic.id), .expenses(Self.civic.id),
                .serviceCost(Self.civic.id, year: 2023),
                .write, .read,
            ])
        #expect(garage.events == [.reminderAction(kind: .yearlyRoundup, action: .viewCosts)])
    }

    @Test func theIconChoiceIsKeptInTheStoresDatabase() async throws {
        let garage = try await StandInGarage.make(now: TestSupport.date(2024, 3, 10), records: Self.records().0)
        let icons = AppIconService(store: garage)
        #expect(try await icons.current() == .standard)
        #expect(try await icons.choose(" Midnight ").id == "midnight")
        #expect(try await icons.current().id == "midnight")
        #expect(garage.calls == [.read, .write, .read])
        #expect(garage.events == [.appIconChanged(icon: .midnight)])
    }

    @Test func anImportWritesThroughTheStoresTransactionAndReportsOnce() async throws {
        let vehicle = Vehicle(name: "Mine", make: "Honda", model: "Civic", year: 2015, currentMileage: 100_000)
        let garage = try await StandInGarage.make(
            now: TestSupport.date(2024, 6, 1), records: StandInGarage.Records(vehicles: [vehicle]))
        let importer: any GarageImporting = GarageImporter(store: garage)
        let report = try await importer.importFile(
            at: TestSupport.fixture("acar-export.csv"), options: ImportOptions(vehicleID: vehicle.id), progress: nil)
        #expect(!report.dryRun)
        #expect(
            report.fuelImported == 6 && report.servicesImported == 4 && report.expensesImported == 1
                && report.skipped == 2)
        // What the import wrote is in the database the store's transactions run on.
        let saved = try await garage.read { db in
            try ServiceItem.filter(Column("vehicleID") == vehicle.id).fetchCount(db)
        }
        #expect(saved == report.servicesCreated.count && saved == 4)
        #expect(garage.calls == [.read, .writeOrRehearse(dryRun: false), .read])
        #expect(garage.events == [.importFinished(format: .fuellyAndroid, outcome: .partial)])
    }

    @Test func theWatchIsSentWhatTheStoreSaysIsDue() async throws {
        let garage = try await StandInGarage.make(now: TestSupport.date(2024, 3, 10), records: Self.records().0)
        let watch = RecordingWatch(reachable: true)
        try await WatchSessionService(store: garage, transport: watch).publishState()
        let sent = try #require(watch.contexts.first)
        #expect(watch.contexts.count == 1)
        #expect(sent.generatedAt == garage.now)
        let entry = try #require(sent.vehicles.first)
        #expect(entry.name == "Daily" && entry.mileage == 42_000 && entry.status == .overdue)
        #expect(entry.nextDue.first?.name == "Oil Change")
        // Saved as unsent, read back, sent, then marked sent.
        #expect(garage.calls == [.due(nil), .write, .read, .write])
    }

    // MARK: GarageReading

    @Test func theWidgetShowsWhatTheStoreSaysIsDue() async throws {
        let garage = try await StandInGarage.make(now: TestSupport.date(2024, 3, 10), records: Self.records().0)
        let url = try TestSupport.temporaryDirectory().appendingPathComponent("widget.json")
        let written = try await WidgetDataService(store: garage, fileURL: url).writeSnapshot()
        #expect(try WidgetDataService.read(from: url) == written)
        #expect(written.generatedAt == garage.now)
        let entry = try #require(written.vehicles.first)
        #expect(written.vehicles.count == 1)
        // The oil change was due 5 March: overdue on the 10th. The detailing has no due values and is left out.
        #expect(entry.name == "Daily" && entry.mileage == 42_000 && entry.status == .overdue)
        #expect(entry.nextDue.first?.name == "Oil Change" && entry.nextDue.first?.daysLeft == -5)
        #expect(!entry.nextDue.contains { $0.name == "Detailing" })
        #expect(garage.calls == [.due(nil)])
    }

    @Test func aYearsCostSummaryIsMadeFromTheStoresLogsAndExpenses() async throws {
        let garage = try await StandInGarage.make(now: TestSupport.date(2024, 3, 10), records: Self.records().0)
        let summary = try await ServiceHistoryPDFService(store: garage).costSummary(for: Self.civic.id, year: 2023)
        #expect(summary.total == Decimal(string: "149.99"))
        #expect(summary.entries.map(\.service) == ["Oil Change", "Registration"])
        #expect(summary.entries.map(\.date) == [TestSupport.day(2023, 5, 1), TestSupport.day(2023, 7, 1)])
        #expect(
            garage.calls == [
                .vehicle(Self.civic.id), .services(Self.civic.id), .logs(Self.civic.id), .expenses(Self.civic.id),
            ])
        // A vehicle the store does not have is the store's not-found error.
        let stranger = UUID()
        await #expect(throws: ServiceError.self) {
            try await ServiceHistoryPDFService(store: garage).costSummary(for: stranger, year: 2023)
        }
        #expect(garage.calls.last == .vehicle(stranger))
    }

    // MARK: VINLookingUp

    @Test func aRecallSearchTakesTheVehicleNHTSADecodes() async throws {
        let nhtsa = StandInNHTSA(known: [
            "1HGCM82633A004352": ["Make": "HONDA", "Model": "Accord", "ModelYear": "2003", "ErrorCode": "0"]
        ])
        let events = TrackedEvents()
        let lookup: any VINLookingUp = VINLookup(nhtsa: nhtsa, analytics: events)
        // Typed in lower case with spaces: the VIN is read as it would be printed.
        let vehicle = try await lookup.vehicle(forVIN: " 1hgcm82633a004352 ")
        #expect(vehicle.make == "HONDA" && vehicle.model == "Accord" && vehicle.modelYear == 2003)
        // A VIN NHTSA has no data for is its no-data error, and counted as not found.
        let unknown = "5YJSA1E26HF000337"
        let error = await #expect(throws: ServiceError.self) { try await lookup.vehicle(forVIN: unknown) }
        #expect(error?.code == .noData)
        // A VIN with a character missing is caught offline: NHTSA is not asked.
        let short = await #expect(throws: ServiceError.self) {
            try await lookup.decode("1HGCM82633A00435", online: true, modelYear: nil)
        }
        #expect(short?.code == .validationFailed)
        #expect(nhtsa.calls == [.decodeVIN("1HGCM82633A004352", modelYear: nil), .decodeVIN(unknown, modelYear: nil)])
        #expect(
            events.events == [
                .vinDecoded(outcome: .decoded), .vinDecoded(outcome: .notFound), .vinDecoded(outcome: .failed),
            ])
    }

    // MARK: GarageWriting

    @Test func theAssistantUpdatesTheMileageThroughTheStore() async throws {
        let garage = try await StandInGarage.make(now: TestSupport.date(2024, 3, 10), records: Self.records().0)
        let assistant: any GarageAssisting = GarageAssistant(store: garage)
        let update = try await assistant.ask("Update mileage to 45k")
        #expect(update.text == "Daily now reads 45,000 miles.")
        #expect(update.mileageUpdate?.snapshot.mileage == 45_000)
        let due = try await assistant.ask("What's due on my car?")
        #expect(due.text == "Daily has 1 service needing attention: Oil Change is overdue by 5 days.")
        #expect(
            garage.calls == [
                .vehicles, .updateMileage(Self.civic.id, to: 45_000, source: .voice),
                .vehicles, .due(nil),
            ])
    }
}
