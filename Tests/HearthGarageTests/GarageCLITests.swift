import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthGarage

/// Runs the real `hearth` binary, as a user would, with its data in a temporary folder.
struct HearthCLI {
    let dataDirectory: URL
    var environment: [String: String] = [:]

    init() throws {
        dataDirectory = try TestSupport.temporaryDirectory()
    }

    @discardableResult
    func run(_ arguments: String...) async throws -> ChildProcess.Result { try await run(arguments) }

    /// Runs `hearth garage ARGUMENTS` in the data folder, with stdout and stderr piped (not a terminal).
    func run(_ arguments: [String]) async throws -> ChildProcess.Result {
        let env = ["HEARTH_DATA_DIR": dataDirectory.path, "TZ": "America/New_York"].merging(environment) { $1 }
        return try await ChildProcess.run(
            ChildProcess.product("hearth"), ["garage"] + arguments, environment: env, directory: dataDirectory)
    }

    /// Runs with `--json` and decodes stdout.
    func json<T: Decodable>(_ type: T.Type, _ arguments: String...) async throws -> T {
        let result = try await run(arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder.hearth.decode(type, from: Data(result.stdout.utf8))
    }
}

@Suite(.serialized, .timeLimit(.minutes(10))) struct GarageCLITests {
    @Test func fuelEconomyVehicleShowAndAsk() async throws {
        let cli = try HearthCLI()
        #expect(
            try await cli.run(
                "vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--mileage", "20000"
            ).status == 0)
        for (date, odometer, gallons, cost, extra) in [
            ("2024-05-01", "20000", "10", "35.00", [String]()), ("2024-05-05", "20150", "4", "14.00", ["--partial"]),
            ("2024-05-09", "20300", "6", "21.00", []),
        ] {
            let added = try await cli.run(
                ["fuel", "add", "Daily", "--date", date, "--odometer", odometer, "--gallons", gallons, "--cost", cost]
                    + extra)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let shown = try await cli.run("fuel", "Daily")
        #expect(shown.stdout.contains("2024-05-09  20,300    6.00     $21.00  full     30.0 mpg"), "\(shown.stdout)")
        #expect(shown.stdout.contains("Average 30.0 mpg over 300 miles; fuel cost $0.117 per mile."))
        let metric = try await cli.run("fuel", "show", "Daily", "--units", "l/100km")
        #expect(metric.stdout.contains("Average 7.8 l/100km over 483 km; fuel cost $0.072 per km."), "\(metric.stdout)")
        let economy = try await cli.json(FuelEconomy.self, "fuel", "Daily")
        #expect(economy.averageMPG == 30 && economy.entries.count == 3)
        let bad = try await cli.run("fuel", "add", "Daily", "--gallons", "ten")
        #expect(bad.status != 0 && bad.stderr.contains("\"ten\" is not a fuel quantity"))

        let show = try await cli.run("vehicle", "show", "Daily")
        #expect(show.stdout.contains("Fuel       Average 30.0 mpg over 300 miles"), "\(show.stdout)")
        #expect(try await cli.run("due").stdout.contains("Fuel: 30.0 mpg average over 300 miles"))

        let asked = try await cli.run("ask", "Update mileage to 21,000 miles")
        #expect(asked.stdout == "Daily now reads 21,000 miles.\n", "\(asked.stderr)")
        let due = try await cli.run("ask", "What's", "due", "on", "my", "car?")
        #expect(due.stdout == "Nothing is due on Daily.\n")
        let unclear = try await cli.run("ask", "sing a song")
        #expect(unclear.status != 0 && unclear.stderr.contains("I didn't understand \"sing a song\""))
    }

    @Test func vehiclesServicesMileageAndDue() async throws {
        let cli = try HearthCLI()
        let added = try await cli.run(
            "vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year", "2019",
            "--mileage", "42000", "--vin", "1HGCM82643A004352", "--marbete", "03/2030")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("Added Daily ("))
        #expect(added.stderr.contains("warning: The VIN's check digit is 4 but should be 3"))
        // The default database is garage.sqlite in HEARTH_DATA_DIR.
        #expect(FileManager.default.fileExists(atPath: cli.dataDirectory.appendingPathComponent("garage.sqlite").path))

        let list = try await cli.run("vehicle", "list")
        #expect(list.stdout.contains("Daily  2019 Honda Civic  42,000"))
        let vehicles = try await cli.json([Vehicle].self, "vehicle", "list")
        #expect(
            vehicles.count == 1 && vehicles[0].marbeteExpirationMonth == 3 && vehicles[0].marbeteExpirationYear == 2030)

        #expect(try await cli.run("service", "add", "Daily", "--preset", "Oil Change").status == 0)
        let custom = try await cli.json(
            ServiceItem.self, "service", "add", "daily", "--name", "Timing Belt", "--interval-miles", "90000",
            "--last-mileage", "10000")
        #expect(custom.dueMileage == 100_000 && custom.dueDate == nil)

        let mileage = try await cli.run("mileage", "Daily", "42600")
        #expect(mileage.stdout.contains("Daily now reads 42,600 miles."))
        let done = try await cli.run(
            "service", "done", "Daily", "oil change", "--cost", "49.99", "--notes", "synthetic")
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout.contains("at 42,600 miles for $49.99"))

        let due = try await cli.run("due")
        #expect(due.status == 0)
        #expect(due.stdout.contains("SERVICE"))
        #expect(due.stdout.contains("EFFECTIVE"))
        #expect(due.stdout.contains("Oil Change"))
        #expect(due.stdout.contains("47,600"))
        #expect(due.stdout.contains("Marbete"))
        let summaries = try await cli.json([VehicleDue].self, "due", "Daily")
        let oil = try #require(summaries.first?.items.first { $0.service.name == "Oil Change" })
        #expect(oil.service.dueMileage == 47_600 && oil.status == .good)
        #expect(summaries.first?.marbete?.expiresOn == CalendarDay(year: 2030, month: 3, day: 31))

        let history = try await cli.run("service", "list", "Daily")
        #expect(history.stdout.contains("History (1):"))
        #expect(history.stdout.contains("$49.99"))
    }

    @Test func badInputIsAClearErrorOnStderr() async throws {
        let cli = try HearthCLI()
        try await cli.run("vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year", "2019")
        let cases: [([String], String)] = [
            (["service", "done", "Daily", "Oil Change"], "No service is called \"Oil Change\""),
            (["mileage", "Van", "100"], "No vehicle is called \"Van\""),
            (
                ["vehicle", "add", "--make", "Honda", "--model", "Fit", "--year", "2010", "--marbete", "13/2025"],
                "Marbete month 13"
            ),
            (["vehicle", "remove", "Daily"], "Add --yes to confirm"),
            (["vin", "decode", "ABC"], "has 3 characters; a VIN has exactly 17"),
            (["service", "add", "Daily", "--preset", "Flux"], "There is no preset called \"Flux\""),
            (
                ["service", "add", "Daily", "--name", "X", "--due-date", "31/12/2025"],
                "is not a date; write it as yyyy-MM-dd"
            ),
        ]
        for (arguments, phrase) in cases {
            let result = try await cli.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains(phrase), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"), "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        let cost = try await cli.run("service", "add", "Daily", "--preset", "Oil Change")
        #expect(cost.status == 0)
        let invalid = try await cli.run("service", "done", "Daily", "Oil Change", "--cost", "4,99")
        #expect(invalid.status != 0 && invalid.stderr.contains("INVALID AMOUNT"))
        #expect(try await cli.json(ServiceLogs.self, "service", "list", "Daily").logs.isEmpty)
    }

    struct ServiceLogs: Decodable { var logs: [ServiceLog] }

    @Test func importsDryRunsAndRefusesBadFiles() async throws {
        let cli = try HearthCLI()
        try await cli.run(
            "vehicle", "add", "--name", "Civic", "--make", "Honda", "--model", "Civic", "--year", "2015", "--mileage",
            "100000")
        let file = TestSupport.fixture("acar-export.csv").path
        let dry = try await cli.run("import", file, "--vehicle", "Civic", "--dry-run")
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout.hasPrefix(
                "Dry run: would import 11 records into Civic from acar-export.csv (Fuelly (aCar) export): 6 fill-ups, 4 service logs, 1 expense."
            ))
        #expect(dry.stdout.contains("Nothing was written."))
        // Piped output: no progress on stderr.
        #expect(dry.stderr.isEmpty)
        #expect(try await cli.json(ServiceLogs.self, "service", "list", "Civic").logs.isEmpty)

        let real = try await cli.json(ImportReport.self, "import", file, "--vehicle", "Civic")
        #expect(
            real.fuelImported == 6 && real.servicesImported == 4 && real.expensesImported == 1 && real.skipped == 2
                && !real.dryRun)
        let again = try await cli.run("import", file, "--vehicle", "Civic", "--source", "fuelly")
        #expect(again.stdout.contains("Imported 0 records"))
        #expect(again.stdout.contains("Already in the garage (not added again): 11."))
        #expect(again.stdout.contains("1 × trip records are not imported"))

        let wrong = try await cli.run(
            "import", TestSupport.fixture("drivvo-en.csv").path, "--vehicle", "Civic", "--source", "simplyauto")
        #expect(wrong.status != 0)
        #expect(
            wrong.stderr.contains(
                "drivvo-en.csv looks like a Drivvo export, not a Simply Auto export; use --source drivvo"))
        let empty = try await cli.run("import", TestSupport.fixture("empty.csv").path, "--vehicle", "Civic")
        #expect(empty.status != 0 && empty.stderr.contains("empty.csv is empty"))
        let generic = try await cli.run(
            "import", TestSupport.fixture("generic-semicolon.csv").path, "--vehicle", "Civic", "--source", "generic",
            "--map", "date=Datum", "--map", "service=Arbeit", "--map", "cost=Betrag", "--map",
            "odometer=Kilometerstand",
            "--distance-unit", "km")
        #expect(generic.status == 0, "\(generic.stderr)")
        #expect(generic.stdout.contains("2 service logs"))
        #expect(generic.stdout.contains("1 × the row has neither a service name nor a fuel quantity"))
        let logs = try await cli.json(ServiceLogs.self, "service", "list", "Civic").logs
        #expect(logs.count == 6)
    }

    @Test func remindersAndTheirCalendarFeed() async throws {
        let cli = try HearthCLI()
        try await cli.run(
            "vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year", "2019", "--mileage",
            "42000")
        try await cli.run("service", "add", "Daily", "--preset", "Oil Change")
        let ics = cli.dataDirectory.appendingPathComponent("garage.ics")
        let listed = try await cli.run("reminders", "--ics", ics.path)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Oil Change due in 30 days"))
        #expect(listed.stdout.contains("MILEAGE_REMINDER"))
        #expect(listed.stderr.contains("Wrote 5 reminders to"))
        let feed = try String(contentsOf: ics, encoding: .utf8)
        #expect(feed.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(feed.components(separatedBy: "BEGIN:VEVENT").count == 6)
        let pending = try await cli.json([ScheduledReminder].self, "reminders", "list")
        let mileage = try #require(pending.first { $0.category == .mileageReminder })
        let acted = try await cli.run("reminders", "act", mileage.id, "update-now", "--mileage", "42500")
        #expect(acted.status == 0, "\(acted.stderr)")
        #expect(acted.stdout.contains("Daily now reads 42,500 miles."))
        let refused = try await cli.run("reminders", "act", mileage.id, "mark-done")
        #expect(refused.status != 0 && refused.stderr.contains("has no \"Mark Done\" action"))
    }

    @Test func vinDecodeOfflineAndOnlineAgainstAConfiguredServer() async throws {
        let cli = try HearthCLI()
        let offline = try await cli.json(VINOutput.self, "vin", "decode", "1HGCM82633AOO4352")
        #expect(
            offline.vin == "1HGCM82633A004352" && offline.corrected && offline.checkDigitValid
                && offline.modelYear == 2003)
        #expect(offline.region == "North America" && offline.manufacturer == "Honda" && offline.nhtsa == nil)

        try await FakeNHTSA.serve { base, hits in
            var cli = cli
            cli.environment["HEARTH_NHTSA_VPIC_URL"] = base.absoluteString
            cli.environment["HEARTH_NHTSA_API_URL"] = base.absoluteString
            let online = try await cli.run("vin", "decode", "1HGCM82633A004352", "--online")
            #expect(online.status == 0, "\(online.stderr)")
            #expect(online.stdout.contains("Make"))
            #expect(online.stdout.contains("HONDA"))
            #expect(online.stdout.contains("PASSENGER CAR"))
            #expect(online.stdout.contains("3.0 L, 6 cyl"))
            #expect(hits.withLock { $0["vin:1HGCM82633A004352|"] } == 1)

            try await cli.run("vehicle", "add", "--make", "Honda", "--model", "Accord", "--year", "2003")
            let recalls = try await cli.run("recalls", "2003 Honda Accord")
            #expect(recalls.status == 0, "\(recalls.stderr)")
            #expect(recalls.stdout.contains("2 recalls for the 2003 Honda Accord"))
            #expect(recalls.stdout.contains("15V320000  AIR BAGS  [DO NOT DRIVE, PARK OUTSIDE]"))
            try await cli.run("vehicle", "add", "--make", "Honda", "--model", "Nothing", "--year", "2003")
            let none = try await cli.run("recalls", "2003 Honda Nothing")
            #expect(none.stdout.contains("NHTSA lists no recalls"))

            // A flag beats the environment.
            let flagged = try await cli.run(
                "vin", "decode", "1HGCM82633A004352", "--online", "--vpic-url", "http://127.0.0.1:1")
            #expect(flagged.status != 0)
            #expect(flagged.stderr.contains("127.0.0.1:1"))
        }
    }

    @Test func recallsForAVINAndForAVehicleKnownOnlyByItsVIN() async throws {
        try await FakeNHTSA.serve { base, hits in
            var cli = try HearthCLI()
            cli.environment["HEARTH_NHTSA_VPIC_URL"] = base.absoluteString
            cli.environment["HEARTH_NHTSA_API_URL"] = base.absoluteString
            // A VIN (with an O read as 0): vPIC names the make, model and year the recall search needs.
            let byVIN = try await cli.run("recalls", "1HGCM82633AOO4352")
            #expect(byVIN.status == 0, "\(byVIN.stderr)")
            #expect(byVIN.stdout.contains("2 recalls for the 2003 HONDA Accord"), "\(byVIN.stdout)")
            #expect(byVIN.stdout.contains("19V182000  AIR BAGS:FRONTAL:DRIVER SIDE:INFLATOR MODULE"))
            #expect(hits.withLock { $0["vin:1HGCM82633A004352|"] } == 1)
            #expect(hits.withLock { $0["recalls:HONDA|Accord|2003"] } == 1)
            let json = try await cli.run("recalls", "1HGCM82633A004352", "--json")
            #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.count == 2)

            // A vehicle with only a name and a VIN is searched by what its VIN decodes to.
            #expect(try await cli.run("vehicle", "add", "--name", "Coupe", "--vin", "1HGCM82633A004352").status == 0)
            let byVehicle = try await cli.run("recalls", "Coupe")
            #expect(byVehicle.status == 0, "\(byVehicle.stderr)")
            #expect(byVehicle.stdout.contains("2 recalls for the 2003 HONDA Accord"))

            // A VIN vPIC knows nothing of, and a text that is neither a vehicle nor a VIN, say so.
            let unknown = try await cli.run("recalls", "ZZZZZZZZZZZZZZZZZ")
            #expect(unknown.status != 0)
            #expect(unknown.stderr.contains("NHTSA has no data for VIN ZZZZZZZZZZZZZZZZZ"), "\(unknown.stderr)")
            let neither = try await cli.run("recalls", "Van")
            #expect(neither.status != 0)
            #expect(
                neither.stderr.contains("No vehicle is called \"Van\"")
                    && neither.stderr.contains("Or give a 17-character VIN"), "\(neither.stderr)")
            // Too short for a VIN, and no vehicle of that name.
            let partial = try await cli.run("recalls", "1HGCM826")
            #expect(partial.status != 0)
        }
    }

    struct VINOutput: Decodable {
        var vin: String
        var corrected: Bool
        var checkDigitValid: Bool
        var modelYear: Int?
        var region: String
        var manufacturer: String?
        var nhtsa: VINDecoding?
    }
}
