import Foundation
import HearthCore
import HearthReports
import HearthTestSupport
import Testing

@testable import HearthGarage

/// `hearth garage report --all`: every vehicle's costs, miles, cost per mile and next due service, with
/// figures worked by hand, in PDF (checked by qpdf and poppler), HTML, JSON and text.
@Suite(.timeLimit(.minutes(10))) struct FleetReportTests {
    /// The history tests' Accord (four services in 2024–25, now 36,500 mi) with two expenses, and a van
    /// with no logs whose inspection is due in three weeks.
    func fleet() async throws -> (GarageStore, accord: Vehicle, van: Vehicle) {
        let (store, car, _) = try await ServiceHistoryReportTests().garage()
        try await store.write { tx in
            try tx.insert(
                GarageExpense(
                    vehicleID: car.id, date: TestSupport.day(2024, 5, 2), amount: 600, category: "Insurance",
                    createdAt: tx.now))
            try tx.insert(
                GarageExpense(
                    vehicleID: car.id, date: TestSupport.day(2024, 7, 9), odometer: 32_000,
                    amount: Decimal(string: "12.50")!, category: "Parking", createdAt: tx.now))
        }
        let van = try await store.addVehicle(
            Vehicle(name: "Work Van", make: "Ford", model: "Transit", year: 2021, currentMileage: 18_000))
        _ = try await store.addService(
            ServiceDraft(name: "Inspection", dueDate: TestSupport.day(2025, 3, 31), isRecurring: false), to: van.id)
        _ = try await store.addService(
            ServiceDraft(name: "Wipers", dueDate: TestSupport.day(2025, 9, 1), isRecurring: false), to: van.id)
        return (store, car, van)
    }

    @Test func figuresPerVehicleAndForTheFleet() async throws {
        let (store, accord, van) = try await fleet()
        let reports = ServiceHistoryPDFService(store: store)
        let all = try await reports.fleetSummary()
        #expect(all.rows.map(\.vehicle) == [accord.displayName, van.displayName])
        let car = try #require(all.rows.first)
        // 49.99 + 25.00 + 310.00 + 79.78 in services; 600 + 12.50 in expenses.
        #expect(car.serviceCost == Decimal(string: "464.77"))
        #expect(car.expenseCost == Decimal(string: "612.50"))
        #expect(car.cost == Decimal(string: "1077.27"))
        // Readings 30,000 … 36,000 logged, 32,000 on the parking receipt, 36,500 now: 6,500 miles.
        #expect(car.distance == 6_500)
        #expect(car.costPerMile == Decimal(string: "0.166"))  // 1077.27 / 6500 = 0.16573…
        // The tire rotation was due on 2025-03-01 or at 36,000 miles: overdue, ahead of the oil change.
        #expect(car.nextDue?.service == "Tire Rotation")
        #expect(car.nextDue?.status == .overdue)
        #expect(car.nextDue?.dueMileage == 36_000)
        let vanRow = try #require(all.rows.last)
        #expect(vanRow.cost == 0 && vanRow.distance == nil && vanRow.costPerMile == nil)
        #expect(
            vanRow.nextDue == .init(service: "Inspection", status: .dueSoon, expected: TestSupport.day(2025, 3, 31)))
        #expect(all.total == Decimal(string: "1077.27"))
        #expect(all.distance == 6_500)
        #expect(all.costPerMile == Decimal(string: "0.166"))

        // 2024 alone: 384.99 + 612.50 over 30,000 … 33,000 (today's reading is not of 2024).
        let year = try await reports.fleetSummary(year: 2024)
        let car2024 = try #require(year.rows.first)
        #expect(car2024.cost == Decimal(string: "997.49"))
        #expect(car2024.distance == 3_000)
        #expect(car2024.costPerMile == Decimal(string: "0.332"))  // 997.49 / 3000 = 0.33249…
        #expect(try await store.serviceCost(of: accord.id, in: 2024) == car2024.cost)
    }

    @Test func pdfAndHTMLShowEveryVehicleAndTheTotals() async throws {
        guard try PDFTools.ready() else { return }
        let (store, accord, _) = try await fleet()
        let folder = try TemporaryFolder(prefix: "hearth-fleet")
        let reports = ServiceHistoryPDFService(store: store, deterministic: true)
        let pdf = try await reports.writeFleet(to: folder.url, format: .pdf)
        #expect(pdf.url.lastPathComponent == "Fleet_Report.pdf")
        #expect(pdf.pageCount == 1)
        try await PDFTools.check(pdf.url)
        let text = try await PDFTools.text(pdf.url)
        for expected in [
            "FLEET REPORT", accord.displayName, "Work Van", "$1,077.27", "$612.50", "6,500", "$0.166", "Tire Rotation",
            "OVERDUE", "Inspection", "DUE SOON", "2025-03-31", "Page 1 of 1",
        ] {
            #expect(text.localizedCaseInsensitiveContains(expected), "\(expected) missing from:\n\(text)")
        }
        let html = try await reports.writeFleet(year: 2024, to: folder.url, format: .html)
        #expect(html.url.lastPathComponent == "Fleet_Report_2024.html")
        let page = try String(contentsOf: html.url, encoding: .utf8)
        for expected in ["<svg", "$997.49", "3,000", "$0.332", "Work Van"] {
            #expect(page.contains(expected), "\(expected) missing from the HTML")
        }
    }

    @Test func theCommandPrintsWritesAndRefusesWithoutAll() async throws {
        let cli = try HearthCLI()
        let empty = try await cli.run("report", "--all")
        #expect(empty.status == 0 && empty.stdout.contains("No vehicles yet"), "\(empty.stdout)\(empty.stderr)")
        #expect(
            try await cli.run(
                "vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year", "2019",
                "--mileage", "41000"
            ).status == 0)
        #expect(try await cli.run("service", "add", "Daily", "--preset", "Oil Change").status == 0)
        let done = try await cli.run(
            "service", "done", "Daily", "Oil Change", "--date", "2026-02-01", "--mileage", "36000", "--cost", "79.95")
        #expect(done.status == 0, "\(done.stderr)")

        let text = try await cli.run("report", "--all")
        #expect(text.status == 0)
        // 79.95 over 36,000 … 41,000 miles: $0.016 a mile.
        #expect(text.stdout.contains("$79.95 over 5,000 miles, $0.016 a mile"), "\(text.stdout)")
        let summary = try await cli.json(FleetSummary.self, "report", "--all")
        #expect(summary.rows.map(\.distance) == [5_000])
        let written = try await cli.run("report", "--all", "--year", "2026", "-o", cli.dataDirectory.path)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(
            FileManager.default.fileExists(
                atPath: cli.dataDirectory.appendingPathComponent("Fleet_Report_2026.pdf").path))

        let refused = try await cli.run("report")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("Give --all for the fleet report"), "\(refused.stderr)")
        let badYear = try await cli.run("report", "--all", "--year", "12")
        #expect(badYear.status != 0 && badYear.stderr.contains("--year 12 is not a year"), "\(badYear.stderr)")
    }

    @Test func anEmptyGarageSaysHowToStart() async throws {
        let (store, _) = try TestSupport.store(now: TestSupport.date(2025, 3, 10, 14))
        let reports = ServiceHistoryPDFService(store: store)
        #expect(try await reports.fleetSummary().rows.isEmpty)
        let document = try await reports.fleetDocument()
        #expect(document.blocks.contains(.paragraph("No vehicles yet. Add one with `hearth garage vehicle add`.")))
    }
}
