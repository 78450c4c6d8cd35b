import Foundation
import HearthTestSupport
import Testing

/// The web pages in a real browser: Chromium driven by selenium (with Debian's chromedriver) against a real
/// `hearth serve` that mails through a real SMTP server, and garage and money databases synced by the real
/// `hearth` command line. Screenshots of every page at 390 and 1280 pixels are kept in `.build/web-screenshots`.
@Suite("Web pages in Chromium", .serialized, .timeLimit(.minutes(15)))
struct WebBrowserTests {
    static let script = VenvPython.repository.appendingPathComponent("scripts/web/browser_flows.py")
    static let screenshots = VenvPython.repository.appendingPathComponent(".build/web-screenshots")
    static let password = "long enough password"

    static let chromedriver = ExternalTool(
        name: "chromedriver", variable: "HEARTH_CHROMEDRIVER",
        candidates: [URL(fileURLWithPath: "/usr/bin/chromedriver")],
        install: "apt-get install chromium chromium-driver (.ci/run does)")

    /// Python with selenium and the system's chromedriver; nil (skipped, or failed on CI) without them.
    static func tools() async throws -> (python: URL, driver: URL)? {
        guard let driver = try chromedriver.required() else { return nil }
        guard
            let python = try await VenvPython.interpreter(
                importing: "selenium", variable: "HEARTH_SELENIUM_PYTHON",
                install: "python3 -m venv .build/venv && .build/venv/bin/pip install selenium==4.50.0 (.ci/run does)")
        else { return nil }
        return (python, driver)
    }

    /// Runs the browser script and returns the checks it made; its failure fails the test with its reason.
    static func browse(_ python: URL, _ arguments: [String]) async throws -> [String] {
        let run = try await ChildProcess.run(python, [script.path] + arguments)
        #expect(run.status == 0, "the browser flows failed: \(run.stderr.suffix(3_000))")
        struct Report: Decodable {
            var checks: [String]
            var screenshots: [String]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        for path in report.screenshots {
            #expect(FileManager.default.fileExists(atPath: path), "screenshot \(path)")
        }
        return report.checks
    }

    @Test(
        "a household's pantry in Chromium: sign up with a mailed code, items, use and undo, a second member sees changes live, recipes, shopping, JavaScript off, accessibility"
    )
    func pantry() async throws {
        guard let (python, driver) = try await Self.tools() else { return }
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        try await ServerProcess.running(
            dataDirectory: scratchDirectory("hearth-web-browser"),
            arguments: [
                "--smtp-url", "smtp://127.0.0.1:\(smtp.port)?starttls=off", "--mail-from", "hearth@example.com",
            ]
        ) { server in
            let checks = try await Self.browse(
                python, [server.base, smtp.folder.url.path, Self.screenshots.path, driver.path, "pantry"])
            #expect(checks.contains("the second browser shows the first's change without a reload"))
            #expect(checks.contains("with JavaScript off, undo works"))
            #expect(checks.filter { $0.contains("every control has an accessible name") }.count == 7)
            #expect(checks.filter { $0.contains("the Tab key reaches all") }.count == 7)
        }
    }

    @Test(
        "garage and money synced from the command line show the command line's figures, and the pages' writes reach the device at its next sync"
    )
    func garageAndMoney() async throws {
        guard let (python, driver) = try await Self.tools() else { return }
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        let device = scratchDirectory("hearth-web-device")
        let email = "driver-\(UUID().uuidString.prefix(8))@example.com".lowercased()
        try await ServerProcess.running(
            dataDirectory: scratchDirectory("hearth-web-records"),
            arguments: [
                "--smtp-url", "smtp://127.0.0.1:\(smtp.port)?starttls=off", "--mail-from", "hearth@example.com",
            ]
        ) { server in
            func hearth(_ arguments: String...) async throws -> String {
                let run = try await ChildProcess.run(
                    try ChildProcess.product("hearth"), arguments, environment: ["HEARTH_DATA_DIR": device.path])
                #expect(run.status == 0, "hearth \(arguments.joined(separator: " ")): \(run.stderr)")
                return run.stdout
            }
            _ = try await hearth(
                "garage", "vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year", "2019",
                "--mileage", "42000")
            _ = try await hearth("garage", "service", "add", "Daily", "--preset", "Oil Change")
            _ = try await hearth("garage", "service", "add", "Daily", "--preset", "Tire Rotation")
            for (day, odometer, gallons) in [
                ("2026-01-05", "42000", "10"), ("2026-01-15", "42300", "10"), ("2026-01-25", "42620", "10.5"),
            ] {
                _ = try await hearth(
                    "garage", "fuel", "add", "Daily", "--odometer", odometer, "--gallons", gallons, "--cost", "36",
                    "--date", day)
            }
            _ = try await hearth(
                "garage", "expenses", "add", "Daily", "--kind", "insurance", "--description", "Geico policy",
                "--amount", "640", "--date", "2026-01-02", "--every", "1y")
            let card = device.appendingPathComponent("card.pdf")
            try Data("%PDF-1.4 card".utf8).write(to: card)
            _ = try await hearth(
                "garage", "documents", "add", "Daily", card.path, "--kind", "insurance", "--label", "Geico card",
                "--expires", "2027-01-01")
            _ = try await hearth("finance", "people", "add", "--name", "Ana")
            _ = try await hearth("finance", "people", "add", "--name", "Ben")
            _ = try await hearth("finance", "groups", "add", "--name", "Trip", "--member", "Ana", "--member", "Ben")
            _ = try await hearth(
                "finance", "expenses", "add", "--group", "Trip", "--title", "Dinner", "--amount", "90", "--paid-by",
                "Ana", "--split", "Ana", "--split", "Ben")
            _ = try await hearth(
                "finance", "transactions", "add", "--title", "Groceries", "--amount", "-54.20", "--category",
                "Food & Dining")
            _ = try await hearth(
                "finance", "transactions", "add", "--title", "Salary", "--amount", "3200", "--category", "Income")
            _ = try await hearth(
                "finance", "subscriptions", "add", "--name", "Streaming", "--price", "12.99", "--cycle", "monthly",
                "--next", "2027-01-10")
            _ = try await hearth(
                "garage", "sync", "--server", server.base, "--email", email, "--password", Self.password, "--sign-up")
            _ = try await hearth(
                "finance", "sync", "--server", server.base, "--email", email, "--password", Self.password)

            // An odometer photo drawn by the OCR set's generator, and what `hearth garage ocr odometer` reads in it: the
            // page must read the same.
            let photos = device.appendingPathComponent("photos")
            let drawn = try await ChildProcess.run(
                python,
                [
                    VenvPython.repository.appendingPathComponent("scripts/ocr/generate.py").path, photos.path,
                    "--odometers", "1", "--vins", "0",
                ])
            #expect(drawn.status == 0, "the odometer photo: \(drawn.stderr)")
            let manifest = try String(contentsOf: photos.appendingPathComponent("manifest.tsv"), encoding: .utf8)
            let photo = photos.appendingPathComponent(
                String(try #require(manifest.split(separator: "\n").first?.split(separator: "\t").first)))
            let ocr = try await ChildProcess.run(
                try ChildProcess.product("hearth"),
                ["garage", "ocr", "odometer", photo.path, "--vehicle", "Daily", "--json"],
                environment: ["HEARTH_DATA_DIR": device.path])
            let expected = """
                {"odometerPhoto": "\(photo.path)", "odometerReading": \(ocr.stdout.isEmpty ? "null" : ocr.stdout),
                 "due": \(try await hearth("garage", "due", "--json")), "summary": \(try await hearth("finance", "summary", "--json")),
                 "balances": \(try await hearth("finance", "balances", "Trip", "--json")),
                 "fuel": \(try await hearth("garage", "fuel", "Daily", "--json")),
                 "logService": "Oil Change", "serviceMileage": 42700, "newMileage": 42750,
                 "document": "Geico card", "expense": "Bridge toll"}
                """
            let expectedFile = device.appendingPathComponent("expected.json")
            try Data(expected.utf8).write(to: expectedFile)
            let checks = try await Self.browse(
                python,
                [
                    server.base, smtp.folder.url.path, Self.screenshots.path, driver.path, "records", email,
                    expectedFile.path,
                ])
            #expect(checks.contains { $0.hasPrefix("the due list of Daily is the command line's") })
            #expect(checks.contains { $0.hasPrefix("a calendar app reads the reminders from the address") })
            #expect(checks.contains("with JavaScript off, a subscription is resumed"))
            #expect(checks.contains("the rename is undone from the page"))
            #expect(
                checks.contains { $0.hasPrefix("the odometer photo reads on the page as the command line reads it") })

            // The device receives the pages' writes at its next sync.
            _ = try await hearth("garage", "sync", "--server", server.base)
            _ = try await hearth("finance", "sync", "--server", server.base)
            let services = try await hearth("garage", "service", "list", "Daily", "--json")
            #expect(services.contains("\"mileageAtService\" : 42700"))
            #expect(try await hearth("garage", "vehicle", "list", "--json").contains("\"currentMileage\" : 42950"))
            let expenses = try await hearth("garage", "expenses", "list", "Daily", "--json")
            #expect(expenses.contains("Bridge toll") && expenses.contains("4.75"), "the page's expense: \(expenses)")
            #expect(try await hearth("finance", "transactions", "list", "--json").contains("Bakery"))
            let balances = try await hearth("finance", "balances", "Trip", "--json")
            #expect(!balances.contains("\"balance\" : 60"), "the suggested payments were recorded: \(balances)")
            #expect(
                balances.contains("\"balance\" : -25") && balances.contains("\"balance\" : 25"),
                "square, then the boat corrected to exact amounts on its page: Ben owes Ana 25: \(balances)")
            let people = try await hearth("finance", "people", "list", "--json")
            #expect(people.contains("\"Ben\"") && !people.contains("Benedict"), "the rename undone: \(people)")
            let groups = try await hearth("finance", "groups", "list", "--json")
            #expect(!groups.contains("Flat"), "the group undone with JavaScript off: \(groups)")
            let fuel = try await hearth("garage", "fuel", "Daily", "--json")
            #expect(
                fuel.contains("\"gallons\" : 10.4") && fuel.contains("\"odometer\" : 42950"),
                "the page's fill-up: \(fuel)")
            let transactions = try await hearth("finance", "transactions", "list", "--json")
            #expect(transactions.contains("-56.2"), "the page's correction: \(transactions)")
            #expect(transactions.contains("Hardware store"), "the statement imported on the page")
            #expect(try await hearth("finance", "budget", "show", "--json").contains("Food & Dining"))
            let subscriptions = try await hearth("finance", "subscriptions", "list", "--json")
            #expect(subscriptions.contains("\"isActive\" : true"), "paused, then resumed with JavaScript off")

            // The files kept on the pages reach the device: the garage's at its sync, into its documents folder;
            // the group expense's receipt on asking, checked against the record.
            let receipt = try Data(contentsOf: Self.screenshots.appendingPathComponent("receipt.png"))
            let folder = device.appendingPathComponent("documents")
            let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(
                kept.contains { (try? Data(contentsOf: folder.appendingPathComponent($0))) == receipt },
                "the service's receipt downloaded at the garage's sync: \(kept)")
            #expect(kept.contains { $0.contains("-photo-") }, "the vehicle's photo downloaded: \(kept)")
            let documents = try await hearth("garage", "documents", "list", "Daily", "--json")
            #expect(documents.contains("Geico card") && documents.contains("fileAsset"), "\(documents)")
            let boat = try #require(
                try await hearth("finance", "expenses", "list", "--group", "Trip", "--json")
                    .firstMatch(of: /"id" : "([0-9A-F-]{36})",[^}]*?"receiptAsset"/).map { String($0.1) })
            let saved = device.appendingPathComponent("boat-receipt.png")
            _ = try await hearth(
                "finance", "expenses", "receipt", boat, "--output", saved.path, "--server", server.base)
            #expect(try Data(contentsOf: saved) == receipt, "the group expense's receipt, downloaded by the device")
        }
    }

    @Test("in Chromium, every open-redirect form of the table, signed in or signing in, ends on the server's own host")
    func redirectsStayHome() async throws {
        guard let (python, driver) = try await Self.tools() else { return }
        let table = VenvPython.repository.appendingPathComponent("scripts/web/open-redirects.json")
        let script = VenvPython.repository.appendingPathComponent("scripts/web/hostile_visitor.py")
        try await ServerProcess.running(dataDirectory: scratchDirectory("hearth-web-redirects")) { server in
            let run = try await ChildProcess.run(python, [script.path, server.base, driver.path, table.path])
            #expect(run.status == 0, "the redirect checks failed: \(run.stderr.suffix(3_000))")
            struct Report: Decodable { var checks: [String] }
            let checks = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8)).checks
            struct Table: Decodable {
                struct Row: Decodable { var local: Bool }
                var redirects: [Row]
            }
            let rows = try JSONDecoder().decode(Table.self, from: Data(contentsOf: table)).redirects
            // Each row twice, signed in and signing in.
            #expect(checks.filter { $0.contains("ends on this server") }.count == 2 * rows.count)
            #expect(checks.filter { $0.contains("ends on /pantry") }.count == 2 * rows.filter { !$0.local }.count)
            #expect(rows.filter { !$0.local }.count >= 30)
        }
    }
}
