import Foundation
import GRDB
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthGarage

/// `exportArchive` and `importArchive`: every record out to CSV or JSON and back into SQLite files, exactly.
@Suite struct GarageArchiveTests {
    private static let now = TestSupport.date(2024, 3, 10, 12)

    /// A garage in a file of its own folder (so each has its own `documents` folder beside it).
    private func fileStore(_ folder: URL, _ name: String) throws -> GarageStore {
        let own = folder.appendingPathComponent((name as NSString).deletingPathExtension, isDirectory: true)
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        return try GarageStore.open(
            at: own.appendingPathComponent(name), timeZone: TestSupport.newYork, now: { Self.now })
    }

    /// A garage with one of everything, and text that CSV and JSON must carry: commas, quotes, line breaks,
    /// accents, an empty name, money with trailing zeros.
    private func richGarage(_ store: GarageStore, folder: URL) async throws {
        let receipt = folder.appendingPathComponent("receipt, 1.jpg")
        try Data([0xFF, 0xD8, 0xFF]).write(to: receipt)
        let car = try await store.addVehicle(
            Vehicle(
                name: "Daily", make: "Honda", model: "Civic", year: 2019, currentMileage: 42_000,
                vin: "1HGCM82633A004352", licensePlate: "ABC-123", notes: "Bought used, \"like new\"\nsecond line",
                marbeteExpirationMonth: 6, marbeteExpirationYear: 2024))
        let truck = try await store.addVehicle(Vehicle(make: "Ford", model: "F-150", year: 2015))
        try await store.addPreset(ServicePreset(name: "Diff Fluid", category: .fluids, defaultIntervalMonths: 24))
        let oil = try await store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        try await store.addService(
            ServiceDraft(name: "Inspection", intervalMonths: 12, notes: "Año, señor", renewal: .fixedSchedule),
            to: truck.id)
        let done = try await store.completeService(
            oil.id, on: TestSupport.day(2024, 2, 1), mileage: 41_500, cost: "49.90", notes: "5W-30, filter")
        try await store.attach(receipt.path, to: done.log.id, caption: "Invoice")
        try await store.write { tx in
            try tx.insert(
                ServiceLog(
                    vehicleID: truck.id, title: "Brakes", performedDate: TestSupport.day(2023, 11, 5),
                    mileageAtService: 90_000, cost: Decimal(string: "310.00"), costCategory: .repair,
                    createdAt: Self.now))
        }
        try await store.addFillUp(
            FillUpDraft(date: TestSupport.day(2024, 3, 1), odometer: 41_700, gallons: "10.125", cost: "35.10"),
            to: car.id)
        try await store.addFillUp(
            FillUpDraft(
                date: TestSupport.day(2024, 3, 5), odometer: 42_000, gallons: "4", cost: "14", isPartial: true,
                missedPrevious: true, station: "Shell"), to: car.id)
        try await store.addExpense(
            ExpenseDraft(
                kind: "insurance", description: "Geico, full cover", amount: "640.00",
                date: TestSupport.day(2023, 4, 1),
                notes: "policy \"A\"", every: "1y"), to: car.id)
        try await store.addExpense(ExpenseDraft(kind: "tolls", amount: "7.5", odometer: 41_900), to: car.id)
        try await store.updateMileage(car.id, to: 42_100, at: nil, source: .manual)
        let card = folder.appendingPathComponent("geico card.pdf")
        try Data("%PDF-1.4 insurance card".utf8).write(to: card)
        try await store.addDocument(
            DocumentDraft(
                kind: "insurance", label: "Geico, card", number: "P-1", issued: "2023-04-01",
                expires: "2024-04-01"), copying: card.path, to: car.id)
    }

    /// Every row of every synced garage table, as stored.
    private func contents(_ store: GarageStore) async throws -> [String] {
        try await store.read { db in
            var rows: [String] = []
            for table in GarageArchiveTable.all.map(\.table) {
                rows += try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY id").map { "\(table): \($0)" }
            }
            return rows
        }
    }

    /// The files of `folder` and of the folders in it, by their path inside it.
    private func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            if isFolder.boolValue {
                for (inner, data) in try self.files(in: url) { files["\(name)/\(inner)"] = data }
            } else {
                files[name] = try Data(contentsOf: url)
            }
        }
        return files
    }

    @Test(arguments: GarageArchiveFormat.allCases)
    func anExportImportedIntoAnEmptyGarageExportsTheSameBytes(format: GarageArchiveFormat) async throws {
        let folder = try TestSupport.temporaryDirectory()
        let original = try fileStore(folder, "original.sqlite")
        try await richGarage(original, folder: folder)
        let first = folder.appendingPathComponent(format == .csv ? "first" : "first.json")
        let written = try await original.exportArchive(format: format, to: first)
        #expect(written.counts["vehicles"] == 2 && written.counts["service-records"] == 2)
        #expect(written.counts["fuel-records"] == 2 && written.counts["expenses"] == 2)
        #expect(written.counts["attachments"] == 1 && written.counts["service-presets"] == 1)
        #expect(written.counts["documents"] == 1)
        #expect(written.documentFiles == (format == .csv ? 1 : 0))
        #expect(written.documentFilesLeftOut == (format == .csv ? 0 : 1))

        let copy = try fileStore(folder, "copy.sqlite")
        let read = try await copy.importArchive(from: first)
        #expect(read.counts == written.counts && read.unchanged == 0)
        #expect(read.documentFiles == written.documentFiles)
        #expect(read.documentFilesLeftOut == written.documentFilesLeftOut)
        let document = try #require(try await copy.documents(of: nil).first)
        let copied = try #require(copy.fileURL(of: document))
        if format == .csv {
            #expect(try Data(contentsOf: copied) == Data("%PDF-1.4 insurance card".utf8))
            let mode = try FileManager.default.attributesOfItem(atPath: copied.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        } else {
            #expect(!FileManager.default.fileExists(atPath: copied.path))
        }
        let second = folder.appendingPathComponent(format == .csv ? "second" : "second.json")
        try await copy.exportArchive(format: format, to: second)

        if format == .csv {
            let (a, b) = (try files(in: first), try files(in: second))
            #expect(
                Set(a.keys)
                    == Set(
                        GarageArchiveTable.all.map { "\($0.name).csv" } + [
                            "reminders.csv", "documents/\(document.fileName)",
                        ]
                    ))
            for (name, data) in a { #expect(b[name] == data, "\(name) differs") }
        } else {
            #expect(try Data(contentsOf: first) == Data(contentsOf: second))
        }
        #expect(try await contents(copy) == contents(original))
        #expect(try await contents(copy).count > 12)

        // Importing the same export again leaves everything as it is.
        let again = try await copy.importArchive(from: first)
        #expect(again.total == 0 && again.unchanged == written.total)
        #expect(try await contents(copy) == contents(original))
    }

    @Test func theCSVFilesUseLubeLoggersColumnNames() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let store = try fileStore(folder, "garage.sqlite")
        try await richGarage(store, folder: folder)
        let out = folder.appendingPathComponent("export")
        try await store.exportArchive(format: .csv, to: out)
        let fuel = try String(contentsOf: out.appendingPathComponent("fuel-records.csv"), encoding: .utf8)
        #expect(fuel.hasPrefix("Id,VehicleId,Date,Odometer,FuelConsumed,Cost,IsFillToFull,MissedFuelUp,Station,Notes,"))
        #expect(fuel.contains(",2024-03-05,42000,4,14,False,True,Shell,,"))
        let records = try String(contentsOf: out.appendingPathComponent("service-records.csv"), encoding: .utf8)
        #expect(records.contains(",2024-02-01,41500,,49.9,maintenance,\"5W-30, filter\","))
        #expect(records.contains(",2023-11-05,90000,Brakes,310,repair,,2024-03-10T16:00:00.000Z,"))
        let vehicles = try String(contentsOf: out.appendingPathComponent("vehicles.csv"), encoding: .utf8)
        #expect(vehicles.contains("\"Bought used, \"\"like new\"\"\nsecond line\""))
        let reminders = try String(contentsOf: out.appendingPathComponent("reminders.csv"), encoding: .utf8)
        #expect(reminders.hasPrefix("VehicleId,Description,Urgency,Metric,DueDate,DueOdometer,Notes\n"))
        #expect(reminders.contains(",Oil Change,NotUrgent,Both,2024-08-01,46500,"))
        #expect(reminders.contains(",\"Geico, full cover\",Urgent,Date,2024-04-01,,"))
    }

    @Test func aBadFileImportsNothingAndSaysWhereAndWhy() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let source = try fileStore(folder, "source.sqlite")
        try await richGarage(source, folder: folder)
        let export = folder.appendingPathComponent("export")
        try await source.exportArchive(format: .csv, to: export)
        let json = folder.appendingPathComponent("export.json")
        try await source.exportArchive(format: .json, to: json)

        // A garage with records of its own, which a refused import must leave exactly as they are.
        let target = try fileStore(folder, "target.sqlite")
        let own = try await TestSupport.addCivic(target)
        try await target.addExpense(ExpenseDraft(kind: "parking", amount: "4"), to: own.id)
        let before = try await TestSupport.snapshot(target)

        func broken(_ file: String, _ change: (String) -> String) throws -> URL {
            let copy = folder.appendingPathComponent("broken-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: export, to: copy)
            let url = copy.appendingPathComponent(file)
            try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
            return copy
        }
        let cases: [(URL, String)] = [
            (
                try broken("expenses.csv") { $0.replacingOccurrences(of: ",640,", with: ",-640,") },
                "expenses.csv line 2: An expense cannot be negative"
            ),
            (
                try broken("vehicles.csv") { $0.replacingOccurrences(of: ",2019,", with: ",twenty,") },
                ": Year is not a whole number: \"twenty\""
            ),
            (
                try broken("fuel-records.csv") { $0.replacingOccurrences(of: ",2024-03-01,", with: ",2024-02-30,") },
                "Date is not a day written yyyy-MM-dd"
            ),
            (
                try broken("fuel-records.csv") { $0.replacingOccurrences(of: ",Shell,", with: ",\"Shell,") },
                "fuel-records.csv"
            ),
            (
                try broken("services.csv") { $0.replacingOccurrences(of: ",fixedSchedule,", with: ",sometimes,") },
                "a value the record cannot hold: \"renewal\""
            ),
            (
                try broken("expenses.csv") { $0.replacingOccurrences(of: ",tolls,", with: ",fuel,") },
                "\"fuel\" is not an expense kind"
            ),
            (
                try broken("service-records.csv") {
                    $0.replacingOccurrences(of: "Id,VehicleId,ServiceId,", with: "Id,Car,ServiceId,")
                },
                "service-records.csv has no VehicleId column"
            ),
            (
                try broken("attachments.csv") { $0 + "ABC,1,2\n" },
                "attachments.csv line 3: the row has 3 fields where the header has 6"
            ),
        ]
        for (url, phrase) in cases {
            let error = await expectError(phrase) { _ = try await target.importArchive(from: url) }
            #expect(error?.message.lowercased().contains("nothing was imported") == true, "\(error?.message ?? "")")
            #expect(try await TestSupport.snapshot(target) == before, "\(phrase)")
        }

        // A record that refers to one the export does not hold.
        let orphan = try broken("vehicles.csv") { text in
            String(text.split(separator: "\n", omittingEmptySubsequences: false).prefix(1).joined()) + "\n"
        }
        await expectError("names vehicle") { _ = try await target.importArchive(from: orphan) }
        // An id the garage holds with other values.
        let clash = try fileStore(folder, "clash.sqlite")
        try await clash.importArchive(from: export)
        let expense = try #require(try await clash.read { db in try GarageExpense.fetchOne(db) })
        try await clash.updateExpense(expense.id, with: ExpenseDraft(amount: "1"))
        let clashBefore = try await TestSupport.snapshot(clash)
        await expectError("is already in this garage with other values") {
            _ = try await clash.importArchive(from: export)
        }
        #expect(try await TestSupport.snapshot(clash) == clashBefore)

        // A document whose copy would land outside the documents folder, a copy whose size is not its
        // record's, and a copy that is a link: refused, with the records and the documents folder as they were.
        let documentsFolder = try #require(target.documentsFolder)
        let filesBefore = (try? FileManager.default.contentsOfDirectory(atPath: documentsFolder.path)) ?? []
        let sourceDocument = try #require(try await source.documents(of: nil).first)
        let escaping = try broken("documents.csv") {
            $0.replacingOccurrences(of: sourceDocument.fileName, with: "../../evil.pdf")
        }
        try FileManager.default.moveItem(
            at: escaping.appendingPathComponent("documents/\(sourceDocument.fileName)"),
            to: escaping.appendingPathComponent("evil.pdf"))
        let grown = try broken("documents.csv") { $0 }
        try Data("%PDF-1.4 insurance card, changed".utf8).write(
            to: grown.appendingPathComponent("documents/\(sourceDocument.fileName)"))
        let linked = try broken("documents.csv") { $0 }
        let link = linked.appendingPathComponent("documents/\(sourceDocument.fileName)")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(
            at: link, withDestinationURL: folder.appendingPathComponent("geico card.pdf"))
        for (url, phrase) in [
            (escaping, "must be a plain file name"), (grown, "is 32 bytes, but its record in documents says 23"),
            (linked, "is not a regular file"),
        ] {
            await expectError(phrase) { _ = try await target.importArchive(from: url) }
            #expect(try await TestSupport.snapshot(target) == before, "\(phrase)")
            #expect(
                ((try? FileManager.default.contentsOfDirectory(atPath: documentsFolder.path)) ?? []) == filesBefore,
                "\(phrase)")
        }

        // JSON: another file, a syntax error, a value of the wrong type.
        let text = try String(contentsOf: json, encoding: .utf8)
        for (body, phrase) in [
            ("{\"format\":\"finance\",\"people\":[]}", "is not a Hearth garage export"),
            (String(text.dropLast(3)), "is not valid JSON"),
            (
                text.replacingOccurrences(of: "\"Year\":2019", with: "\"Year\":2019.5"),
                "\"Year\": expected null, true, false, a whole number or a string"
            ),
            (text.replacingOccurrences(of: "\"vehicles\":[", with: "\"cars\":["), "a section \"cars\""),
        ] {
            let url = folder.appendingPathComponent("bad-\(UUID().uuidString).json")
            try body.write(to: url, atomically: true, encoding: .utf8)
            await expectError(phrase) { _ = try await target.importArchive(from: url) }
            #expect(try await TestSupport.snapshot(target) == before, "\(phrase)")
        }
        await expectError("holds no vehicles.csv") { _ = try await target.importArchive(from: folder) }

        // Values too large to be a record's are refused before they are parsed.
        let long = String(repeating: "x", count: 70_000)
        let huge = try broken("expenses.csv") { $0.replacingOccurrences(of: "Geico, full cover", with: long) }
        await expectError("a value is at most 64 KB") { _ = try await target.importArchive(from: huge) }
        let hugeJSON = folder.appendingPathComponent("huge.json")
        try text.replacingOccurrences(of: "\"Name\":\"Daily\"", with: "\"Name\":\"\(long)\"").write(
            to: hugeJSON, atomically: true, encoding: .utf8)
        await expectError("one is at most 64 KB") { _ = try await target.importArchive(from: hugeJSON) }
        #expect(try await TestSupport.snapshot(target) == before)
    }
}
