import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthGarage

/// `hearth garage expenses`, `service edit|delete`, `fuel edit|delete`, `export` and `import` of an export,
/// run as a user would.
@Suite(.serialized, .timeLimit(.minutes(10))) struct GarageExpensesCLITests {
    @Test func expensesEditsAndAnExportThatImportsBackExactly() async throws {
        let cli = try HearthCLI()
        #expect(
            try await cli.run("vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic").status == 0)

        // Expenses: a yearly one, its validation, listing, editing and deleting by the id a list prints.
        let insurance = try await cli.json(
            GarageExpense.self, "expenses", "add", "Daily", "--kind", "insurance", "--amount", "640",
            "--description", "Geico", "--date", "2024-01-15", "--every", "1y")
        #expect(insurance.intervalMonths == 12 && insurance.nextDate == CalendarDay(year: 2025, month: 1, day: 15))
        let added = try await cli.run(
            "expenses", "add", "Daily", "--kind", "tolls", "--amount", "7.25", "--date", "2024-06-02")
        #expect(
            added.status == 0 && added.stdout.contains("Recorded Tolls (tolls), $7.25 on 2024-06-02"), "\(added.stderr)"
        )
        let kind = try await cli.run("expenses", "add", "Daily", "--kind", "fuel", "--amount", "5")
        #expect(
            kind.status != 0 && kind.stderr.contains("use one of insurance, registration, taxes, parking, tolls, other")
        )
        let negative = try await cli.run("expenses", "add", "Daily", "--kind", "parking", "--amount=-5")
        #expect(negative.status != 0 && negative.stderr.contains("An expense cannot be negative (got -5)"))
        let stranger = try await cli.run("expenses", "add", "Truck", "--amount", "5")
        #expect(stranger.status != 0 && stranger.stderr.contains("No vehicle is called \"Truck\""))
        let listed = try await cli.run("expenses", "Daily")
        #expect(
            listed.stdout.contains("2024-01-15  insurance  Geico        $640.00  1y     2025-01-15"), "\(listed.stdout)"
        )
        let prefix = String(insurance.id.uuidString.prefix(8))
        #expect(listed.stdout.contains(prefix))
        let edited = try await cli.json(GarageExpense.self, "expenses", "edit", prefix, "--amount", "655.10")
        #expect(edited.amount == Decimal(string: "655.10") && edited.id == insurance.id)
        let due = try await cli.json([VehicleDue].self, "due", "Daily")
        #expect(
            due.first?.expenses.map(\.expense.id) == [insurance.id] && due.first?.expenses.first?.status == .overdue)
        let costs = try await cli.json(YearlyCostSummary.self, "costs", "Daily", "--year", "2024")
        #expect(costs.total == Decimal(string: "662.35"))
        let missing = try await cli.run("expenses", "delete", "abcd1234")
        #expect(
            missing.status != 0
                && missing.stderr.contains("There is no expense with the id abcd1234; nothing was changed"))

        // Service log and fill-up corrections.
        #expect(try await cli.run("service", "add", "Daily", "--preset", "Oil Change").status == 0)
        let done = try await cli.json(
            ServiceCompletion.self, "service", "done", "Daily", "Oil Change", "--date", "2024-02-01", "--mileage",
            "41000",
            "--cost", "49.99")
        let history = try await cli.run("service", "list", "Daily")
        #expect(history.stdout.contains(String(done.log.id.uuidString.prefix(8))), "\(history.stdout)")
        let fixed = try await cli.json(
            ServiceLog.self, "service", "edit", String(done.log.id.uuidString.prefix(8)), "--cost", "55")
        #expect(fixed.cost == 55)
        for (date, odometer) in [("2024-03-01", "41000"), ("2024-03-09", "41300")] {
            let fill = try await cli.run(
                "fuel", "add", "Daily", "--date", date, "--odometer", odometer, "--gallons", "10", "--cost", "35")
            #expect(fill.status == 0, "\(fill.stderr)")
        }
        let fuel = try await cli.json(FuelEconomy.self, "fuel", "Daily")
        #expect(fuel.averageMPG == 30)
        let second = try #require(fuel.entries.last?.fillUp)
        let refueled = try await cli.run("fuel", "edit", String(second.id.uuidString.prefix(8)), "--gallons", "12")
        #expect(refueled.stdout.contains("Average 25.0 mpg over 300 miles"), "\(refueled.stdout)\(refueled.stderr)")

        // Export, import into another database, export again: the same bytes.
        let first = cli.dataDirectory.appendingPathComponent("first")
        let exported = try await cli.run("export", "--format", "csv", "-o", first.path)
        #expect(exported.status == 0 && exported.stdout.contains("Exported"), "\(exported.stderr)")
        let other = cli.dataDirectory.appendingPathComponent("other.sqlite").path
        let imported = try await cli.run("import", first.path, "--db", other)
        #expect(
            imported.status == 0 && imported.stdout.contains("Imported vehicles: 1, services: 1, service-records: 1"),
            "\(imported.stdout)\(imported.stderr)")
        let second2 = cli.dataDirectory.appendingPathComponent("second")
        #expect(try await cli.run("export", "-o", second2.path, "--db", other).status == 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: first.path) {
            #expect(
                try Data(contentsOf: first.appendingPathComponent(name))
                    == Data(contentsOf: second2.appendingPathComponent(name)), "\(name)")
        }
        let json = cli.dataDirectory.appendingPathComponent("garage.json")
        #expect(try await cli.run("export", "-o", json.path).status == 0)
        let jsonCopy = cli.dataDirectory.appendingPathComponent("copy.sqlite").path
        #expect(try await cli.run("import", json.path, "--db", jsonCopy).status == 0)
        let again = cli.dataDirectory.appendingPathComponent("again.json")
        #expect(try await cli.run("export", "-o", again.path, "--db", jsonCopy).status == 0)
        #expect(try Data(contentsOf: json) == Data(contentsOf: again))

        // A bad file leaves the database as it was.
        let bad = cli.dataDirectory.appendingPathComponent("bad")
        try FileManager.default.copyItem(at: first, to: bad)
        let expenses = bad.appendingPathComponent("expenses.csv")
        try (try String(contentsOf: expenses, encoding: .utf8) + "not,a,record\n").write(
            to: expenses, atomically: true, encoding: .utf8)
        let refused = try await cli.run("import", bad.path)
        #expect(refused.status != 0 && refused.stderr.contains("expenses.csv line 4"), "\(refused.stderr)")
        let after = cli.dataDirectory.appendingPathComponent("after")
        #expect(try await cli.run("export", "-o", after.path).status == 0)
        #expect(
            try Data(contentsOf: first.appendingPathComponent("expenses.csv"))
                == Data(contentsOf: after.appendingPathComponent("expenses.csv")))
        let deleted = try await cli.run("fuel", "delete", String(second.id.uuidString.prefix(8)))
        #expect(deleted.status == 0 && deleted.stdout.contains("No average now"), "\(deleted.stdout)")
    }
}
