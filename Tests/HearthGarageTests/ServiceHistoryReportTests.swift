import Foundation
import GRDB
import HearthCore
import HearthReports
import HearthTestSupport
import Testing

@testable import HearthGarage

@Suite(.timeLimit(.minutes(10))) struct ServiceHistoryReportTests {
    static let vin = "1HGCM82633A004352"

    /// A Civic with four logged services (one repair without a service) in 2024 and 2025.
    func garage(recorder: any GarageChangeRecorder = NoGarageChangeRecorder()) async throws -> (
        GarageStore, Vehicle, [ServiceLog]
    ) {
        let (store, _) = try TestSupport.store(now: TestSupport.date(2025, 3, 10, 14), recorder: recorder)
        let car = try await store.addVehicle(
            Vehicle(
                name: "Daily", make: "Honda", model: "Accord", year: 2003, currentMileage: 36_500,
                vin: Self.vin, licensePlate: "HRT 123"))
        let oil = try await store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        let tires = try await store.addService(ServiceDraft(preset: "Tire Rotation"), to: car.id)
        var logs: [ServiceLog] = []
        logs.append(
            try await store.completeService(
                oil.id, on: TestSupport.day(2024, 3, 2), mileage: 30_000, cost: "49.99", notes: "0W-20 synthetic"
            ).log)
        logs.append(
            try await store.completeService(tires.id, on: TestSupport.day(2024, 9, 1), mileage: 31_000, cost: "25.00")
                .log)
        let repair = ServiceLog(
            vehicleID: car.id, title: "Brake pads", performedDate: TestSupport.day(2024, 11, 5),
            mileageAtService: 33_000,
            cost: 310, costCategory: .repair, notes: "Front pads and rotors")
        logs.append(try await store.write { tx in try tx.insert(repair) })
        logs.append(
            try await store.completeService(oil.id, on: TestSupport.day(2025, 1, 15), mileage: 36_000, cost: "79.78")
                .log)
        return (store, try await store.vehicle(id: car.id), logs)
    }

    @Test func historyPDFHasTheVehicleEveryServiceAndPageNumbers() async throws {
        guard try PDFTools.ready() else { return }
        let (store, car, _) = try await garage()
        let folder = try TemporaryFolder(prefix: "hearth-history")
        let reports = ServiceHistoryPDFService(store: store)
        let file = try await reports.writeHistory(
            for: car.id, to: folder.url, format: .pdf, options: ServiceHistoryOptions())
        #expect(file.url.lastPathComponent == "Daily_Service_History.pdf")
        #expect(file.pageCount == 1)
        try await PDFTools.check(file.url)
        let text = try await PDFTools.text(file.url)
        for expected in [
            "Daily", "DAILY", Self.vin, "Accord", "Honda", "36,500 mi", "HRT 123", "Oil Change", "Tire Rotation",
            "Brake pads",
            "0W-20 synthetic", "$49.99", "$25.00", "$310.00", "$79.78", "$464.77", "2024-03-02", "30,000",
            // The brutalist theme sets its page bands in upper case, as its labels.
            "PAGE 1 OF 1",
            "GENERATED 2025-03-10",
        ] {
            #expect(text.contains(expected), "\(expected) missing from:\n\(text)")
        }
        // Oldest first.
        let first = try #require(text.range(of: "2024-03-02"))
        let last = try #require(text.range(of: "2025-01-15"))
        #expect(first.lowerBound < last.lowerBound)

        let noTotal = try await reports.historyDocument(
            for: car.id, options: ServiceHistoryOptions(includeTotal: false))
        let html = try HTMLRenderer().render(noTotal)
        #expect(!html.contains("$464.77") && html.contains("$79.78") && html.contains("<tbody>"))
    }

    @Test func aLongHistoryContinuesOnNumberedPages() async throws {
        guard try PDFTools.ready() else { return }
        let (store, car, _) = try await garage()
        try await store.write { tx in
            for index in 0..<80 {
                try tx.insert(
                    ServiceLog(
                        vehicleID: car.id, title: "Wash \(index)",
                        performedDate: TestSupport.day(2020, 1, 1).adding(months: index % 40),
                        mileageAtService: 1_000 + index * 300, cost: 12, costCategory: .maintenance))
            }
        }
        let folder = try TemporaryFolder(prefix: "hearth-history")
        let file = try await ServiceHistoryPDFService(store: store).writeHistory(
            for: car.id, to: folder.file("long.pdf"), format: .pdf, options: ServiceHistoryOptions())
        let pages = try #require(file.pageCount)
        #expect(pages >= 2)
        try await PDFTools.check(file.url)
        let text = try await PDFTools.text(file.url)
        #expect(text.contains("PAGE 1 OF \(pages)") && text.contains("PAGE \(pages) OF \(pages)"))
    }

    @Test func attachmentsBecomePicturesAndOtherFilesAreListed() async throws {
        guard try PDFTools.ready() else { return }
        let (store, car, logs) = try await garage()
        let folder = try TemporaryFolder(prefix: "hearth-history")
        let receipt = folder.file("receipt.jpg")
        let photo = folder.file("pads.png")
        let invoice = folder.file("invoice.txt")
        try TestImages.jpeg(width: 64, height: 40) { x, y in (UInt8(200 - x), UInt8(100 + y), 60) }.write(to: receipt)
        try TestImages.png(width: 40, height: 30, colorType: .rgba) { x, y, c in
            c == 3 ? (x < 20 ? 255 : 128) : (x * 6 + y * 4 + c * 50) % 256
        }.write(to: photo)
        try Data("Invoice 42".utf8).write(to: invoice)
        try await store.attach(receipt.path, to: logs[0].id, caption: "Oil receipt")
        try await store.attach(photo.path, to: logs[2].id)
        try await store.attach(invoice.path, to: logs[2].id, caption: "Invoice")
        #expect(try await store.attachments(of: car.id).map(\.fileName) == ["receipt.jpg", "pads.png", "invoice.txt"])

        let reports = ServiceHistoryPDFService(store: store)
        let url = folder.file("with-attachments.pdf")
        let file = try await reports.writeHistory(
            for: car.id, to: url, format: .pdf, options: ServiceHistoryOptions(includeAttachments: true))
        try await PDFTools.check(file.url)
        let listing = try await PDFTools.run("pdfimages", ["-list", url.path]).stdout
        let rows = listing.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").map(String.init) }
        #expect(
            rows.filter { $0[2] == "image" }.map { "\($0[3])x\($0[4]) \($0[8])" } == ["64x40 jpeg", "40x30 image"],
            "\(listing)")
        #expect(rows.filter { $0[2] == "smask" }.count == 1)
        let text = try await PDFTools.text(url)
        #expect(
            text.contains("2024-03-02 · Oil Change — Oil receipt")
                && text.contains("2024-11-05 · Brake pads — pads.png"))
        #expect(text.contains("Invoice (invoice.txt)"))
        let render = try await PDFTools.run("pdftoppm", ["-png", "-r", "40", url.path, folder.file("page").path])
        #expect(render.status == 0 && render.stderr.isEmpty, "\(render.stderr)")

        // Without the option, no pictures.
        let plain = try await reports.writeHistory(
            for: car.id, to: folder.file("plain.pdf"), format: .pdf, options: ServiceHistoryOptions())
        #expect(
            try await PDFTools.run("pdfimages", ["-list", plain.url.path]).stdout.split(separator: "\n").count == 2)

        // A picture that is gone, or damaged, is an error naming it.
        try FileManager.default.removeItem(at: receipt)
        await expectError("receipt.jpg of the 2024-03-02 · Oil Change entry cannot be read") {
            _ = try await reports.historyDocument(for: car.id, options: ServiceHistoryOptions(includeAttachments: true))
        }
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: receipt)
        let damaged = await expectError("\"receipt.jpg\" cannot be used") {
            _ = try await reports.writeHistory(
                for: car.id, to: folder.url, format: .pdf, options: ServiceHistoryOptions(includeAttachments: true))
        }
        #expect(damaged?.code == .invalidImage)
    }

    @Test func attachmentsAreStoredByPathAndGoWithTheirLog() async throws {
        let recorder = CollectingRecorder()
        let (store, car, logs) = try await garage(recorder: recorder)
        let folder = try TemporaryFolder(prefix: "hearth-attach")
        let file = folder.file("a.png")
        try TestImages.png(width: 1, height: 1, colorType: .gray) { _, _, _ in 0 }.write(to: file)
        await expectError("There is no file at") {
            try await store.attach(folder.file("missing.png").path, to: logs[0].id)
        }
        await expectError("is a folder") { try await store.attach(folder.url.path, to: logs[0].id) }
        await expectError("Service log") { try await store.attach(file.path, to: UUID()) }
        let attachment = try await store.attach(file.path, to: logs[1].id, caption: "  ")
        #expect(attachment.caption == nil && attachment.path == file.standardizedFileURL.path)
        try await store.removeVehicle(car.id)
        let left = try await store.read { db in try ServiceLogAttachment.fetchCount(db) }
        #expect(left == 0)
        // Both the attaching and the deletion reach the change recorder (a sync outbox).
        #expect(recorder.changes.filter { $0.entity == .serviceLogAttachment }.map(\.kind) == [.insert, .delete])
    }

    @Test func yearlyCostsByCategoryWithABarChart() async throws {
        guard try PDFTools.ready() else { return }
        let (store, car, _) = try await garage()
        let reports = ServiceHistoryPDFService(store: store)
        let summary = try await reports.costSummary(for: car.id, year: 2024)
        #expect(summary.total == Decimal(string: "384.99"))
        #expect(summary.categories.map(\.label) == ["Maintenance", "Repair"])
        #expect(summary.categories.map(\.total) == [Decimal(string: "74.99")!, 310])
        #expect(summary.entries.map(\.service) == ["Oil Change", "Tire Rotation", "Brake pads"])
        #expect(summary.monthlyTotals[2] == Decimal(string: "49.99") && summary.monthlyTotals[10] == 310)
        #expect(try await reports.costSummary(for: car.id, year: 2023).entries.isEmpty)

        let folder = try TemporaryFolder(prefix: "hearth-costs")
        let file = try await reports.writeCosts(for: car.id, year: 2024, to: folder.url, format: .pdf)
        #expect(file.url.lastPathComponent == "Daily_Costs_2024.pdf")
        try await PDFTools.check(file.url)
        let text = try await PDFTools.text(file.url)
        for expected in [
            "2024 COSTS", "BY CATEGORY", "BY MONTH", "Maintenance", "Repair", "Upgrade", "$74.99", "$310", "$384.99",
            "Brake pads", "Nov",
        ] {
            #expect(text.contains(expected), "\(expected) missing from:\n\(text)")
        }
        let qdf = folder.file("costs.qdf.pdf")
        #expect(
            try await PDFTools.run("qpdf", ["--qdf", "--object-streams=disable", file.url.path, qdf.path]).status
                == 0)
        let content = String(decoding: try Data(contentsOf: qdf), as: UTF8.self)
        #expect(content.contains(" re f") && content.contains(" l\n"))

        let html = try await reports.writeCosts(for: car.id, year: 2024, to: folder.file("costs.html"), format: .html)
        let page = try String(contentsOf: html.url, encoding: .utf8)
        #expect(page.contains("<svg") && page.contains("$384.99") && !page.contains("http"))
    }

    @Test func yearlyCostsCountExpenses() async throws {
        guard try PDFTools.ready() else { return }
        let (store, car, _) = try await garage()
        try await store.write { tx in
            try tx.insert(
                GarageExpense(
                    vehicleID: car.id, date: CalendarDay(year: 2024, month: 5, day: 2)!, amount: 600,
                    category: "Insurance", createdAt: tx.now))
            try tx.insert(
                GarageExpense(
                    vehicleID: car.id, date: CalendarDay(year: 2024, month: 7, day: 9)!, odometer: 45_000,
                    amount: Decimal(string: "12.5")!, category: "Parking", createdAt: tx.now))
        }
        let reports = ServiceHistoryPDFService(store: store)
        let summary = try await reports.costSummary(for: car.id, year: 2024)
        #expect(summary.total == Decimal(string: "997.49"))
        #expect(summary.categories.map(\.label) == ["Maintenance", "Repair", "Insurance", "Parking"])
        #expect(summary.entries.map(\.categoryLabel).contains("Insurance"))
        #expect(try await store.serviceCost(of: car.id, in: 2024) == summary.total)
        let folder = try TemporaryFolder(prefix: "hearth-costs-expenses")
        let file = try await reports.writeCosts(for: car.id, year: 2024, to: folder.url, format: .pdf)
        let text = try await PDFTools.text(file.url)
        for expected in ["Insurance", "Parking", "$600", "$997.49"] {
            #expect(text.contains(expected), "\(expected) missing")
        }
    }

    @Test func fileNamesAreSafe() {
        #expect(
            ServiceHistoryPDFService.historyFileName(for: Vehicle(make: "Honda", model: "Civic", year: 2019))
                == "2019_Honda_Civic_Service_History.pdf")
        #expect(
            ServiceHistoryPDFService.historyFileName(
                for: Vehicle(name: "Mom's car / red", make: "", model: "", year: 0), format: .html)
                == "Moms_car_red_Service_History.html")
        #expect(
            ServiceHistoryPDFService.costsFileName(for: Vehicle(name: "Van", make: "", model: "", year: 0), year: 2025)
                == "Van_Costs_2025.pdf")
    }
}

@Suite(.serialized, .timeLimit(.minutes(10))) struct GarageReportCLITests {
    @Test func historyAndCostsCommandsWriteFiles() async throws {
        guard try PDFTools.ready() else { return }
        let cli = try HearthCLI()
        try await cli.run(
            "vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year", "2019", "--mileage",
            "42000",
            "--vin", ServiceHistoryReportTests.vin)
        try await cli.run("service", "add", "Daily", "--preset", "Oil Change")
        let done = try await cli.run(
            "service", "done", "Daily", "Oil Change", "--date", "2024-05-04", "--mileage", "40000", "--cost", "49.99")
        #expect(done.status == 0, "\(done.stderr)")
        try await cli.run(
            "service", "done", "Daily", "Oil Change", "--date", "2024-11-20", "--mileage", "41500", "--cost", "120",
            "--category", "repair")

        let pdf = cli.dataDirectory.appendingPathComponent("history.pdf")
        let history = try await cli.run("history", "Daily", "-o", pdf.path)
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.hasPrefix("Wrote \(pdf.path) (1 page, "))
        try await PDFTools.check(pdf)
        let text = try await PDFTools.text(pdf)
        #expect(
            text.contains("Oil Change") && text.contains("$49.99") && text.contains("$169.99")
                && text.contains("PAGE 1 OF 1"))

        let folder = cli.dataDirectory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let html = try await cli.run("history", "Daily", "-o", folder.path, "--format", "html", "--no-total")
        #expect(html.status == 0, "\(html.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("Daily_Service_History.html"), encoding: .utf8)
        #expect(page.contains("Oil Change") && !page.contains("$169.99"))

        let costs = try await cli.run("costs", "Daily", "--year", "2024", "-o", folder.path, "--json")
        #expect(costs.status == 0, "\(costs.stderr)")
        let written = try JSONDecoder.hearth.decode(GarageReportFile.self, from: Data(costs.stdout.utf8))
        #expect(written.url.lastPathComponent == "Daily_Costs_2024.pdf" && written.format == .pdf)
        try await PDFTools.check(written.url)
        let summary = try await cli.json(YearlyCostSummary.self, "costs", "Daily", "--year", "2024")
        #expect(
            summary.total == Decimal(string: "169.99") && summary.categories.map(\.label) == ["Maintenance", "Repair"])
        let printed = try await cli.run("costs", "Daily", "--year", "2024")
        #expect(printed.stdout.contains("Daily in 2024: $169.99 over 2 entries."))

        let photo = cli.dataDirectory.appendingPathComponent("receipt.png")
        try TestImages.png(width: 12, height: 8, colorType: .rgb) { x, y, c in (x * 20 + y * 9 + c * 60) % 256 }.write(
            to: photo)
        let attached = try await cli.run(
            "attach", "Daily", photo.path, "--service", "oil change", "--date", "2024-05-04", "--caption", "Receipt")
        #expect(
            attached.status == 0 && attached.stdout.contains("Attached receipt.png to oil change on 2024-05-04."),
            "\(attached.stderr)")
        let withPictures = try await cli.run("history", "Daily", "-o", pdf.path, "--attachments")
        #expect(withPictures.status == 0, "\(withPictures.stderr)")
        #expect(try await PDFTools.run("pdfimages", ["-list", pdf.path]).stdout.contains(" 12     8  rgb"))
        #expect(try await PDFTools.text(pdf).contains("2024-05-04 · Oil Change — Receipt"))

        for (arguments, phrase) in [
            (
                ["attach", "Daily", photo.path, "--service", "Oil Change", "--date", "2023-01-01"],
                "Daily has no Oil Change entry on 2023-01-01"
            ),
            (["history", "Van", "-o", pdf.path], "No vehicle is called \"Van\""),
            (["history", "Daily", "-o", "/nonexistent-folder/x.pdf"], "Cannot write"),
            (["costs", "Daily", "--year", "20"], "is not a year"),
        ] {
            let result = try await cli.run(arguments)
            #expect(result.status != 0 && result.stderr.contains(phrase), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }
}
