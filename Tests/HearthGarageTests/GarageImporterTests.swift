import Foundation
import GRDB
import HearthCore
import HearthExchange
import Testing

@testable import HearthGarage

@Suite struct GarageImporterTests {
    /// A store at 1 June 2024 with one vehicle at `mileage`.
    static func setUp(mileage: Int = 100_000, recorder: any GarageChangeRecorder = NoGarageChangeRecorder())
        async throws -> (GarageStore, Vehicle)
    {
        let (store, _) = try TestSupport.store(now: TestSupport.date(2024, 6, 1), recorder: recorder)
        let car = try await store.addVehicle(
            Vehicle(name: "Mine", make: "Honda", model: "Civic", year: 2015, currentMileage: mileage))
        return (store, car)
    }

    static func run(
        _ store: GarageStore, _ car: Vehicle, _ fixture: String, source: ImportSource = .auto, dryRun: Bool = false,
        configure: (inout ImportOptions) -> Void = { _ in }
    ) async throws -> ImportReport {
        var options = ImportOptions(vehicleID: car.id, source: source, dryRun: dryRun)
        configure(&options)
        return try await GarageImporter(store: store).importFile(at: TestSupport.fixture(fixture), options: options)
    }

    // MARK: Fuelly / aCar

    @Test func acarMultiSectionExport() async throws {
        let recorder = CollectingRecorder()
        let (store, car) = try await Self.setUp(recorder: recorder)
        let report = try await Self.run(store, car, "acar-export.csv")
        #expect(report.format == "Fuelly (aCar) export")
        #expect(report.rowsRead == 12)
        #expect(report.fuelImported == 6)
        #expect(report.servicesImported == 4)
        #expect(report.skipped == 2)
        #expect(report.skippedRows.byReason["trip records are not imported"] == 1)
        // Any other kind of event is an expense that counts in the year's cost.
        #expect(report.expensesImported == 1)
        #expect(report.skippedRows.listed.contains { $0.reason.contains("--from-vehicle \"Tacoma\"") })
        #expect(report.sourceVehicles == ["Civic", "Tacoma"])
        #expect(report.servicesCreated == ["Oil Change", "Brake Inspection", "Tire Rotation", "Wiper Blades"])
        #expect(report.dateOrder == .monthFirst)
        #expect(report.highestOdometer == 108_015)

        let fuel = try await store.fuelLogs(of: car.id)
        #expect(fuel.map(\.odometer) == [106_421, 106_733, 107_040, 107_388, 107_702, 108_015])
        let first = try #require(fuel.first)
        #expect(first.date == TestSupport.day(2023, 1, 3))
        #expect(first.gallons == Decimal(string: "10.214"))
        #expect(first.totalCost == Decimal(string: "35.74"))
        #expect(first.station == "Shell – Main St")
        #expect(fuel[2].isPartial && !fuel[2].missedPrevious)
        #expect(fuel[3].missedPrevious)
        #expect(fuel[1].notes == "Cheap gas, finally")

        let logs = try await store.logs(of: car.id)
        let byTitle = Dictionary(uniqueKeysWithValues: logs.map { ($0.title ?? "", $0) })
        #expect(byTitle["Oil Change"]?.cost == Decimal(string: "79.78"))
        #expect(byTitle["Oil Change"]?.notes == "At Jiffy Lube. Synthetic 0W-20")
        #expect(byTitle["Brake Inspection"]?.costCategory == .repair)
        #expect(byTitle["Brake Inspection"]?.notes == "At Midas. Front pads, \"squealing\" fixed")
        // One visit for two services: the cost is split without losing a cent.
        #expect(byTitle["Tire Rotation"]?.cost == Decimal(string: "22.51"))
        #expect(byTitle["Wiper Blades"]?.cost == Decimal(string: "22.50"))

        // Imported history set up the services and moved them forward.
        let services = try await store.services(of: car.id)
        let oil = try #require(services.first { $0.name == "Oil Change" })
        #expect(oil.lastPerformed == TestSupport.day(2023, 2, 14) && oil.lastMileage == 107_350)
        #expect(oil.dueDate == TestSupport.day(2023, 8, 14) && oil.dueMileage == 112_350)
        #expect(logs.allSatisfy { $0.serviceID != nil })
        // The odometer moved to the highest imported reading, with a snapshot.
        #expect(try await store.vehicle(id: car.id).currentMileage == 108_015)
        #expect(try await store.snapshots(of: car.id).contains { $0.source == .import && $0.mileage == 108_015 })
        // Every inserted record was reported to the recorder.
        #expect(recorder.changes.filter { $0.entity == .fuelLog && $0.kind == .insert }.count == 6)
        #expect(recorder.changes.filter { $0.entity == .serviceLog && $0.kind == .insert }.count == 4)
    }

    @Test func importingTheSameFileTwiceAddsNothing() async throws {
        let recorder = CollectingRecorder()
        let (store, car) = try await Self.setUp(recorder: recorder)
        _ = try await Self.run(store, car, "acar-export.csv")
        let before = try await TestSupport.snapshot(store)
        let changes = recorder.changes.count
        let again = try await Self.run(store, car, "acar-export.csv")
        #expect(again.imported == 0)
        #expect(again.alreadyImported == 11)
        #expect(again.skipped == 2)
        #expect(again.servicesCreated.isEmpty)
        #expect(try await TestSupport.snapshot(store) == before)
        #expect(recorder.changes.count == changes)
    }

    @Test func chooseAnotherVehicleOfTheFile() async throws {
        let (store, car) = try await Self.setUp()
        let report = try await Self.run(store, car, "acar-export.csv") { $0.sourceVehicle = "tacoma" }
        #expect(report.fuelImported == 1)
        #expect(report.servicesImported == 0)
        #expect(report.skipped == 11)
        let missing = await expectError("has no vehicle called \"Van\"") {
            _ = try await Self.run(store, car, "acar-export.csv") { $0.sourceVehicle = "Van" }
        }
        #expect(missing?.message.contains("\"Civic\", \"Tacoma\"") == true)
    }

    @Test func fuellyWebExport() async throws {
        let (store, car) = try await Self.setUp(mileage: 50_000)
        let report = try await Self.run(store, car, "fuelly-web.csv")
        #expect(report.format == "fuelly.com export")
        #expect(report.fuelImported == 6)
        #expect(report.skipped == 2)
        #expect(report.skippedRows.listed.map(\.line) == [4, 9])
        #expect(report.skippedRows.listed[1].reason == "the date is not a date: \"2024-99-99\"")
        #expect(report.dateOrder == .monthFirst)
        #expect(report.notes.isEmpty)
        let fuel = try await store.fuelLogs(of: car.id)
        #expect(fuel.count == 6)
        let first = try #require(fuel.first)
        #expect(first.date == TestSupport.day(2024, 1, 5))
        // price per gallon × gallons, to the cent.
        #expect(first.totalCost == Decimal(string: "32.58"))
        #expect(fuel.contains { $0.odometer == nil && $0.notes == "no odometer that day" })
        #expect(fuel.contains { $0.isPartial && $0.notes == "\"Top tier\" gas" })
        #expect(fuel.contains { $0.missedPrevious && $0.notes == "Tags: road trip" })
        #expect(fuel.contains { $0.notes == "Rain all week, AC on. Tags: commute" })
        #expect(try await store.vehicle(id: car.id).currentMileage == 53_661)
    }

    @Test func metricFuellyExportWithDayFirstDates() async throws {
        let (store, car) = try await Self.setUp(mileage: 0)
        let report = try await Self.run(store, car, "fuelly-web-metric.csv")
        #expect(report.dateOrder == .dayFirst)
        #expect(report.distanceUnit == .kilometers)
        let fuel = try await store.fuelLogs(of: car.id)
        #expect(
            fuel.map(\.date) == [
                TestSupport.day(2024, 1, 5), TestSupport.day(2024, 1, 19), TestSupport.day(2024, 2, 2),
            ])
        #expect(fuel.first?.odometer == 74_875)  // 120,500 km
        #expect(fuel.first?.gallons == Decimal(string: "9.862"))  // 37.33 litres
        #expect(fuel.first?.totalCost == Decimal(string: "69.4"))
        // The user can overrule the file.
        let (other, otherCar) = try await Self.setUp(mileage: 0)
        let forced = try await Self.run(other, otherCar, "fuelly-web-metric.csv") { $0.distanceUnit = .miles }
        #expect(forced.distanceUnit == .miles)
        #expect(try await other.fuelLogs(of: otherCar.id).first?.odometer == 120_500)
    }

    // MARK: Drivvo

    @Test func drivvoEnglishWithBareCRAndQuirks() async throws {
        let (store, car) = try await Self.setUp(mileage: 30_000)
        let report = try await Self.run(store, car, "drivvo-en.csv")
        #expect(report.format == "Drivvo export")
        #expect(report.rowsRead == 7)
        #expect(report.fuelImported == 3)
        // Nothing is lost: the expense is a cost record, and the service without an odometer keeps its cost.
        #expect(report.servicesImported == 3)
        #expect(report.expensesImported == 1)
        #expect(report.skipped == 0)
        #expect(report.distanceUnit == .miles)  // "32,4 mpg"
        #expect(report.dateOrder == nil)  // year-first dates: no order was chosen
        let fuel = try await store.fuelLogs(of: car.id)
        #expect(fuel.map(\.odometer) == [31_250, 31_620, nil])  // "0.0" is not recorded
        #expect(fuel.map(\.isPartial) == [false, true, false])
        #expect(fuel.first?.gallons == 12)
        #expect(fuel.first?.totalCost == Decimal(string: "41.51"))
        let logs = try await store.logs(of: car.id).sorted { ($0.title ?? "") < ($1.title ?? "") }
        #expect(logs.map(\.title) == ["Air Filter", "Oil Change", "Wiper Blades"])
        // One visit, total repeated on each item: counted once.
        #expect(logs.map(\.cost) == [nil, Decimal(string: "119.9"), 30])
        #expect(logs[1].notes == "Spring service. 5W-30")
        #expect(logs[2].mileageAtService == 0)
        #expect(logs[2].notes == "The file gives no odometer reading (line 19); the mileage is shown as 0.")
        // A log without a reading does not set the service's last mileage to 0.
        let wipers = try #require(try await store.services(of: car.id).first { $0.name == "Wiper Blades" })
        #expect(wipers.lastMileage == nil)
        let expenses = try await store.expenses(of: car.id)
        #expect(expenses.map(\.category) == ["Parking"])
        #expect(expenses.first?.amount == 12 && expenses.first?.odometer == 31_400)
        #expect(expenses.first?.date == TestSupport.day(2023, 4, 8))
        // Services and expenses make the year's cost.
        #expect(try await store.serviceCost(of: car.id, in: 2023) == Decimal(string: "161.9"))
    }

    @Test func drivvoInSpanishPortugueseAndRussian() async throws {
        let (es, esCar) = try await Self.setUp(mileage: 0)
        let spanish = try await Self.run(es, esCar, "drivvo-es.csv")
        #expect(spanish.fuelImported == 2 && spanish.servicesImported == 2 && spanish.skipped == 0)
        #expect(spanish.distanceUnit == .kilometers)
        let esFuel = try await es.fuelLogs(of: esCar.id)
        #expect(esFuel.map(\.odometer) == [28_092, 28_390])
        #expect(esFuel.map(\.isPartial) == [false, true])
        #expect(esFuel.first?.gallons == Decimal(string: "10.567"))  // 40 litres
        let esLogs = try await es.logs(of: esCar.id)
        #expect(Set(esLogs.compactMap(\.title)) == ["Oil Change", "Tire Rotation"])
        #expect(esLogs.compactMap(\.cost) == [85])

        let (pt, ptCar) = try await Self.setUp(mileage: 0)
        let portuguese = try await Self.run(pt, ptCar, "drivvo-pt.csv")
        #expect(portuguese.fuelImported == 2 && portuguese.servicesImported == 1)
        #expect(try await pt.fuelLogs(of: ptCar.id).map(\.isPartial) == [false, true])
        let ptLog = try #require(try await pt.logs(of: ptCar.id).first)
        #expect(ptLog.title == "Oil Change")
        #expect(ptLog.cost == 350)
        #expect(ptLog.notes == "Revisão. óleo sintético")

        let (ru, ruCar) = try await Self.setUp(mileage: 0)
        let russian = try await Self.run(ru, ruCar, "drivvo-ru.csv")
        #expect(russian.fuelImported == 2 && russian.servicesImported == 1)
        #expect(russian.distanceUnit == .kilometers)  // "6,414 л/100км"
        #expect(try await ru.fuelLogs(of: ruCar.id).map(\.odometer) == [305_585, 305_963])
        #expect(try await ru.fuelLogs(of: ruCar.id).map(\.totalCost) == [2_092, 1_587])
        let ruLog = try #require(try await ru.logs(of: ruCar.id).first)
        #expect(ruLog.title == "Oil Change")
        #expect(ruLog.mileageAtService == 305_777)
        #expect(ruLog.cost == 4_500)
        #expect(try await ru.vehicle(id: ruCar.id).currentMileage == 305_963)
    }

    // MARK: Simply Auto and generic

    @Test func simplyAutoWithSpilledServiceNames() async throws {
        let (store, car) = try await Self.setUp(mileage: 70_000)
        let report = try await Self.run(store, car, "simply-auto-Fuel_Log.csv")
        #expect(report.format == "Simply Auto export")
        #expect(report.fuelImported == 3)
        #expect(report.servicesImported == 3)
        #expect(report.expensesImported == 1)
        #expect(report.skipped == 2)
        #expect(report.sourceVehicles == ["Accord", "Minivan"])
        #expect(try await store.expenses(of: car.id).map(\.category) == ["Car Wash"])
        #expect(report.dateOrder == nil)  // day, month and year in columns of their own
        #expect(report.notes.count == 1 && report.notes[0].contains("miles were assumed"))
        let fuel = try await store.fuelLogs(of: car.id)
        #expect(
            fuel.map(\.date) == [
                TestSupport.day(2023, 7, 3), TestSupport.day(2023, 7, 17), TestSupport.day(2023, 7, 31),
            ])
        #expect(fuel.last?.isPartial == true)
        let logs = try await store.logs(of: car.id)
        let costs = Dictionary(uniqueKeysWithValues: logs.map { ($0.title ?? "", $0.cost) })
        #expect(
            costs == [
                "Oil Change": Decimal(string: "44.98"), "Tire Rotation": Decimal(string: "44.97"),
                "Brake Inspection": 120,
            ])
        #expect(logs.first { $0.title == "Brake Inspection" }?.notes == "front pads")
    }

    @Test func genericMappingWithSemicolonsAndDecimalCommas() async throws {
        let (store, car) = try await Self.setUp(mileage: 0)
        let mapping = try GenericMapping.parse([
            "date=Datum", "odometer=Kilometerstand", "cost=Betrag", "service=Arbeit", "volume=Liter", "notes=Notiz",
        ])
        let report = try await Self.run(store, car, "generic-semicolon.csv", source: .generic) {
            $0.mapping = mapping
            $0.distanceUnit = .kilometers
        }
        #expect(report.fuelImported == 1 && report.servicesImported == 2)
        #expect(report.dateOrder == .dayFirst)
        let logs = try await store.logs(of: car.id).sorted { $0.performedDate < $1.performedDate }
        #expect(logs.map(\.title) == ["Ölwechsel und Filter", "Zahnriemen"])
        #expect(logs.map(\.cost) == [Decimal(string: "89.9"), Decimal(string: "1234.56")])
        #expect(logs.first?.mileageAtService == 28_036)
        #expect(logs.first?.performedDate == TestSupport.day(2024, 2, 14))
        let fuel = try #require(try await store.fuelLogs(of: car.id).first)
        #expect(fuel.totalCost == Decimal(string: "72.15"))
        #expect(fuel.gallons == Decimal(string: "10.91"))  // 41.3 litres

        await expectError("no column for --map volume=\"Litres\"") {
            _ = try await Self.run(store, car, "generic-semicolon.csv", source: .generic) {
                $0.mapping = GenericMapping(date: "Datum", volume: "Litres")
            }
        }
        await expectError("needs its columns named") {
            _ = try await Self.run(store, car, "generic-semicolon.csv", source: .generic)
        }
        #expect(throws: ServiceError.self) { try GenericMapping.parse(["when=Datum"]) }
        #expect(throws: ServiceError.self) { try GenericMapping.parse(["odometer=Km"]) }
    }

    // MARK: Dry runs and bad files

    @Test func dryRunReportsWithoutWriting() async throws {
        let recorder = CollectingRecorder()
        let (store, car) = try await Self.setUp(recorder: recorder)
        let before = try await TestSupport.snapshot(store)
        let changes = recorder.changes.count
        let progress = Locked<[ExchangeProgress]>([])
        let rehearsal = try await GarageImporter(store: store).importFile(
            at: TestSupport.fixture("acar-export.csv"), options: ImportOptions(vehicleID: car.id, dryRun: true),
            progress: { value in progress.withLock { $0.append(value) } }
        )
        #expect(rehearsal.dryRun)
        #expect(
            rehearsal.fuelImported == 6 && rehearsal.servicesImported == 4 && rehearsal.expensesImported == 1
                && rehearsal.skipped == 2)
        #expect(rehearsal.servicesCreated.count == 4)
        #expect(try await TestSupport.snapshot(store) == before)
        #expect(recorder.changes.count == changes)
        #expect(progress.withLock { $0.last?.fraction } == 1)
        // The real import then matches the rehearsal.
        let real = try await Self.run(store, car, "acar-export.csv")
        #expect(real.imported == rehearsal.imported && real.skippedRows.byReason == rehearsal.skippedRows.byReason)
    }

    @Test func badFilesAreRefusedWithNothingWritten() async throws {
        let (store, car) = try await Self.setUp()
        _ = try await Self.run(store, car, "fuelly-web.csv")
        let before = try await TestSupport.snapshot(store)
        let cases: [(fixture: String, source: ImportSource, phrase: String)] = [
            ("empty.csv", .auto, "empty.csv is empty"),
            ("photo.png", .auto, "photo.png is not a text file"),
            ("fuelly-web-semicolon.csv", .auto, "separates its fields with ';'"),
            ("unterminated-quote.csv", .auto, "quote opened on line 3 that is never closed"),
            ("drivvo-en.csv", .fuelly, "looks like a Drivvo export, not a Fuelly export"),
            ("acar-export.csv", .drivvo, "looks like a Fuelly (aCar) export, not a Drivvo export"),
            ("simply-auto-Fuel_Log.csv", .drivvo, "looks like a Simply Auto export"),
            ("fuelly-web.csv", .simplyauto, "looks like a fuelly.com export, not a Simply Auto export"),
            ("generic-semicolon.csv", .auto, "Could not tell which app wrote generic-semicolon.csv"),
        ]
        for item in cases {
            let error = await expectError(item.phrase) {
                _ = try await Self.run(store, car, item.fixture, source: item.source)
            }
            #expect(error?.code == .validationFailed, "\(item.fixture)")
            #expect(try await TestSupport.snapshot(store) == before, "\(item.fixture) changed the garage")
        }
        await expectError("does not exist") { _ = try await Self.run(store, car, "no-such-file.csv") }
    }

    @Test func anUnterminatedQuoteFoundLateRollsBackEverything() async throws {
        // The file's conventions settle on the first rows, so the quote is only found mid-import.
        let folder = try TestSupport.temporaryDirectory()
        let url = folder.appendingPathComponent("late-quote.csv")
        var text = "car_name,odometer,miles,gallons,price,fuelup_date,notes\n"
        for index in 0..<3_000 {
            text += "Civic,\(10_000 + index * 300),300.5,9.5,3.25,\(index % 12 + 1)/\(index % 28 + 1)/2023,ok\n"
        }
        text += "Civic,999999,300.5,9.5,3.25,01/01/2024,\"never closed\n"
        try Data(text.utf8).write(to: url)
        let (store, car) = try await Self.setUp()
        let before = try await TestSupport.snapshot(store)
        await expectError("never closed") {
            _ = try await GarageImporter(store: store).importFile(at: url, options: ImportOptions(vehicleID: car.id))
        }
        #expect(try await TestSupport.snapshot(store) == before)
    }

    @Test func ambiguousDatesAreReadMonthFirstWithANote() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let url = folder.appendingPathComponent("ambiguous.csv")
        try Data("car_name,odometer,gallons,price,fuelup_date\nCivic,1000,10.5,3.25,03/04/2024\n".utf8).write(to: url)
        let (store, car) = try await Self.setUp(mileage: 0)
        let report = try await GarageImporter(store: store).importFile(
            at: url, options: ImportOptions(vehicleID: car.id))
        #expect(report.notes.first?.contains("--date-order day-first") == true)
        #expect(try await store.fuelLogs(of: car.id).first?.date == TestSupport.day(2024, 3, 4))
        let (other, otherCar) = try await Self.setUp(mileage: 0)
        _ = try await GarageImporter(store: other).importFile(
            at: url, options: ImportOptions(vehicleID: otherCar.id, dateOrder: .dayFirst))
        #expect(try await other.fuelLogs(of: otherCar.id).first?.date == TestSupport.day(2024, 4, 3))
    }

    // MARK: Losing nothing

    /// Writes `text` to a temporary file named `name`.
    static func file(_ name: String, _ text: String) throws -> URL {
        let url = try TestSupport.temporaryDirectory().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    static func run(_ store: GarageStore, _ car: Vehicle, url: URL) async throws -> ImportReport {
        try await GarageImporter(store: store).importFile(
            at: url, options: ImportOptions(vehicleID: car.id, source: .drivvo))
    }

    @Test func drivvoColumnsWithUnknownHeaderWordsAreReadByPosition() async throws {
        // German headers, which the importer has no words for: the layout's positions decide.
        let url = try Self.file(
            "drivvo-de.csv",
            """
            ##Refuelling
            "Kilometerstand","Datum","Kraftstoff","Preis","Gesamtkosten","Liter","Volltank","Tankstelle","Fahrer","Grund","Notiz","Durchschnittsverbrauch"
            "81200.0","2024-02-03 08:00:00","Super","1.799","71.96","40.0","Ja","Aral","Jan","","","7,1 l/100km"
            "81800.0","2024-02-20 17:30:00","Super","1.819","54.57","30.0","Nein","Shell","Jan","","halb",""
            ##Service
            "Kilometerstand","Datum","Gesamtkosten","Wartungsart(en)","Wartungsname","Fahrer","Zahlungsart","Notiz","Titel","Rabatt"
            "81500.0","2024-02-10 10:00:00","149.00","Ölwechsel","","Jan","Karte","5W-30","Inspektion","0.00"
            ##Expense
            "Kilometerstand","Datum","Gesamtkosten","Ausgabenart(en)","Fahrer","Zahlungsart","Notiz"
            "81600.0","2024-02-12 09:00:00","310.00","Versicherung","Jan","Überweisung","Jahresbeitrag"

            """)
        let (store, car) = try await Self.setUp(mileage: 0)
        let report = try await Self.run(store, car, url: url)
        #expect(
            report.fuelImported == 2 && report.servicesImported == 1 && report.expensesImported == 1
                && report.skipped == 0)
        #expect(report.distanceUnit == .kilometers)  // "7,1 l/100km"
        let fuel = try await store.fuelLogs(of: car.id)
        #expect(fuel.map(\.totalCost) == [Decimal(string: "71.96"), Decimal(string: "54.57")])
        #expect(fuel.map(\.isPartial) == [false, true])
        #expect(fuel.map(\.station) == ["Aral", "Shell"])
        #expect(fuel.first?.gallons == Decimal(string: "10.567"))  // 40 litres
        let log = try #require(try await store.logs(of: car.id).first)
        #expect(log.title == "Ölwechsel" && log.cost == 149 && log.notes == "Inspektion. 5W-30")
        let expense = try #require(try await store.expenses(of: car.id).first)
        #expect(expense.category == "Versicherung" && expense.amount == 310 && expense.notes == "Jahresbeitrag")
        // The report says which columns were read by position.
        #expect(
            report.notes.contains {
                $0.contains("the refuelling section") && $0.contains("\"Gesamtkosten\" as total cost")
                    && $0.contains("\"Volltank\" as full tank")
            })
        #expect(
            report.notes.contains {
                $0.contains("the service section") && $0.contains("\"Wartungsart(en)\" as service types")
            })
    }

    @Test func drivvoSectionsWithUnknownTitlesAreToldByTheirColumns() async throws {
        let url = try Self.file(
            "drivvo-fr.csv",
            """
            ##Ravitaillement
            "Odomètre","Date","Carburant","Prix","Coût total","Litres","Réservoir plein","Station","Conducteur","Raison","Note","Consommation moyenne"
            "50100.0","2024-03-01 08:00:00","SP95","1.899","75.96","40.0","Oui","Total","Zoé","","","6,2 l/100km"
            ##Dépense
            "Odomètre","Date","Coût total","Type(s) de dépense","Conducteur","Moyen de paiement","Note"
            "50200.0","2024-03-05 12:00:00","2.40","Péage","Zoé","Carte",""
            ##Entretien
            "Odomètre","Date","Coût total","Type(s) d'entretien","Nom de l'entretien","Conducteur","Moyen de paiement","Note","Titre","Remise"
            "50300.0","2024-03-09 10:00:00","89.00","Vidange","","Zoé","Carte","","","0.00"

            """)
        let (store, car) = try await Self.setUp(mileage: 0)
        let report = try await Self.run(store, car, url: url)
        #expect(
            report.fuelImported == 1 && report.expensesImported == 1 && report.servicesImported == 1
                && report.skipped == 0)
        #expect(
            report.notes.contains("Section \"Ravitaillement\" was read as the refuelling section from its 12 columns."))
        #expect(report.notes.contains("Section \"Entretien\" was read as the service section from its 10 columns."))
        #expect(try await store.expenses(of: car.id).first?.category == "Péage")
        #expect(try await store.logs(of: car.id).first?.cost == 89)
    }

    @Test func aRowWithADateAndACostIsNeverSkippedForWantOfAName() async throws {
        let url = try Self.file(
            "drivvo-nameless.csv",
            """
            ##Service
            "Odometer","Date","Total cost","Service type(s)","Service name","Driver","Payment method","Note","Title","Discount"
            "42000.0","2024-01-10 09:00:00","65.00","","","Ana","Cash","shop visit","","0.00"
            "42100.0","2024-01-20 09:00:00","","","","Ana","Cash","","","0.00"
            ##Expense
            "Odometer","Date","Total cost","Expense type(s)","Driver","Payment method","Note"
            "42050.0","2024-01-15 09:00:00","18.00","","Ana","Cash",""
            "42060.0","2024-01-16 09:00:00","","Parking","Ana","Cash",""

            """)
        let (store, car) = try await Self.setUp(mileage: 0)
        let report = try await Self.run(store, car, url: url)
        #expect(report.servicesImported == 1 && report.expensesImported == 1)
        #expect(
            report.skippedRows.byReason == [
                "the service has neither a name nor a cost": 1, "the expense has no amount": 1,
            ])
        let log = try #require(try await store.logs(of: car.id).first)
        #expect(log.title == "Service" && log.cost == 65 && log.mileageAtService == 42_000)
        #expect(log.notes == "The file gives no service name (line 3). shop visit")
        #expect(try await store.expenses(of: car.id).first?.category == "Expense")
        // Importing again adds nothing.
        let again = try await Self.run(store, car, url: url)
        #expect(again.imported == 0 && again.alreadyImported == 2)
    }

    @Test func theDateOrderNoteAppearsOnlyWhenADateWasAmbiguous() async throws {
        // 13/…: settled day-first by evidence, no note.
        let settled = try Self.file(
            "settled.csv", "car_name,odometer,gallons,price,fuelup_date\nCivic,1000,10.5,3.25,13/04/2024\n")
        // Only unambiguous shapes (a date whose day and month are equal): nothing to warn about.
        let equal = try Self.file(
            "equal.csv", "car_name,odometer,gallons,price,fuelup_date\nCivic,1000,10.5,3.25,05/05/2024\n")
        for url in [settled, equal] {
            let (store, car) = try await Self.setUp(mileage: 0)
            let report = try await GarageImporter(store: store).importFile(
                at: url, options: ImportOptions(vehicleID: car.id))
            #expect(!report.notes.contains { $0.contains("month-first") }, "\(url.lastPathComponent)")
        }
        let ambiguous = try Self.file(
            "ambiguous.csv", "car_name,odometer,gallons,price,fuelup_date\nCivic,1000,10.5,3.25,03/04/2024\n")
        let (store, car) = try await Self.setUp(mileage: 0)
        let report = try await GarageImporter(store: store).importFile(
            at: ambiguous, options: ImportOptions(vehicleID: car.id))
        #expect(report.notes.contains { $0.contains("month-first") })
    }
}
