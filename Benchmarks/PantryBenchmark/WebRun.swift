import ArgumentParser
import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import HearthCore
import HearthExchange
import HearthFinance
import HearthGarage
import HearthSync
import NIOCore
import NIOHTTP1

/// `web`: the pages a browser opens, against the GraphQL dashboard on the same data: a household's pantry page
/// (2,000 items), the garage page of a 10-vehicle account, a vehicle's page and the transactions page (two years
/// each), each driven by wrk with a session cookie, and their size with the stylesheet. The vehicle and
/// transactions pages are also read while the pages write every `--write-interval` ms (each read after a write
/// finds nothing kept), and with a notice, which makes them on every request.
struct WebRun: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract:
            "Measure the pantry, garage, vehicle and transactions pages against the GraphQL dashboard on the same data."
    )

    @Option(help: "Seconds each measurement runs.") var seconds = 10
    @Option(help: "Seconds of warm-up before each measurement.") var warmup = 3
    @Option(help: "wrk connections.") var connections = 16
    @Option(help: "Pantry items in the household.") var items = 2_000
    @Option(help: "Recipes in the household.") var recipes = 50
    @Option(help: "Vehicles in the garage.") var vehicles = 10
    @Option(
        help: "Measure only the pages whose scenario contains this text, as \"writing\" (the dashboard always runs).")
    var only: String?
    @Option(help: "Milliseconds between the writes made while the pages are read.") var writeInterval = 200
    @Flag(help: "Print the results as JSON on stdout and no progress.") var json = false

    struct Row: Codable {
        var name: String
        var figures: Wrk.Figures
        var bytes: Int
        /// The writes made from the pages while the row was measured, with its warm-up; nil for reads alone.
        var writes: Int?
        /// The median time a write took, with the page it sends the browser to.
        var writeMedianMicroseconds: Int?
    }

    /// One load: its row's name, wrk's scenario, the URL read, wrk's environment, the answer's size, and what
    /// is written meanwhile (the write's number), if anything.
    struct Scenario {
        var name: String
        var wrk: String
        var url: String
        var environment: [String: String]
        var bytes: Int
        var write: (@Sendable (Int) async throws -> Void)? = nil
    }

    struct Report: Codable {
        var seconds: Int
        var warmup: Int
        var connections: Int
        var rows: [Row]
        var stylesheetBytes: Int
        var loadAverage: String

        func table() -> String {
            func ms(_ microseconds: Int) -> String { String(format: "%.1f ms", Double(microseconds) / 1000) }
            let dashboard = rows[0].figures.requestsPerSecond
            var lines = [
                "| what | requests/s | against the dashboard | p50 | p99 | bytes (with the stylesheet) | errors | writes (median) |",
                "|---|---|---|---|---|---|---|---|",
            ]
            for row in rows {
                let size =
                    row.name.hasPrefix("GraphQL") ? "\(row.bytes)" : "\(row.bytes) (\(row.bytes + stylesheetBytes))"
                lines.append(
                    "| \(row.name) | \(Int(row.figures.requestsPerSecond)) | \(String(format: "%.2f×", row.figures.requestsPerSecond / dashboard)) | \(ms(row.figures.p50Microseconds)) | \(ms(row.figures.p99Microseconds)) | \(size) | \(row.figures.non2xx + row.figures.socketErrors) | \(row.writes.map { "\($0) (\(ms(row.writeMedianMicroseconds ?? 0)))" } ?? "") |"
                )
            }
            return
                (lines + [
                    "",
                    "\(connections) connections, \(seconds) s each after \(warmup) s of warm-up. Load average: \(loadAverage).",
                ]).joined(separator: "\n")
        }
    }

    func run() async throws {
        guard Wrk.executable != nil else {
            FileHandle.standardError.write(
                Data("PantryBenchmark web skipped: wrk is not installed (apt-get install wrk).\n".utf8))
            return
        }
        let progress = ProgressLine(enabled: !json) { _ in "" }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-web-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        progress.draw("starting hearth serve…")
        let server = try await ChildServer.start(["serve", "--data-dir", folder.appendingPathComponent("data").path])
        do {
            let token = try await GraphQLClient.signUp(base: server.base)
            let seeded = try await PantrySeed(items: items, recipes: recipes).seed(
                base: server.base, token: token, progress: progress.draw)
            progress.draw("seeding \(vehicles) vehicles and syncing them…")
            let car = try await seedGarage(base: server.base, token: token, folder: folder)
            progress.draw("seeding two years of transactions and syncing them…")
            try await seedMoney(base: server.base, token: token, folder: folder)
            let vehiclePath = "/garage/\(car.uuidString.lowercased())"

            let bodyFile = folder.appendingPathComponent("dashboard.json")
            try Dashboard.body(householdID: seeded.householdID).write(to: bodyFile)
            let dashboardBytes = try await Dashboard.answer(
                base: server.base, token: token, body: try Data(contentsOf: bodyFile)
            ).bytes
            let pantryPath = "/pantry/\(seeded.householdID)"
            let pantryBytes = try await Self.page(server.base + pantryPath, token: token).readableBytes
            let garageBytes = try await Self.page(server.base + "/garage", token: token).readableBytes
            let vehiclePage = String(buffer: try await Self.page(server.base + vehiclePath, token: token))
            let vehicleBytes = vehiclePage.utf8.count
            let transactionsBytes = try await Self.page(server.base + "/money/transactions", token: token)
                .readableBytes
            let vehicleAfreshBytes = try await Self.page(server.base + vehiclePath + "?notice=fuel", token: token)
                .readableBytes
            let transactionsAfreshBytes = try await Self.page(
                server.base + "/money/transactions?notice=transaction", token: token
            ).readableBytes
            let stylesheet = try await Self.page(server.base + "/static/hearth.css", token: token).readableBytes
            // The session's form token, as the vehicle page's forms carry it, for the writes below.
            guard let csrf = vehiclePage.firstMatch(of: /name="csrf" value="([^"]+)"/).map({ String($0.1) }) else {
                throw LoadError("\(vehiclePath) has no form to read the form token from")
            }

            func measure(_ name: String, script: URL, url: String, environment: [String: String]) async throws
                -> Wrk.Figures
            {
                if warmup > 0 {
                    progress.draw("\(name): warming up for \(warmup) s…")
                    _ = try await Wrk.run(
                        script: script, url: url, scenario: name, connections: connections, seconds: warmup,
                        environment: environment)
                }
                progress.draw("\(name) for \(seconds) s…")
                return try await Wrk.run(
                    script: script, url: url, scenario: name, connections: connections, seconds: seconds,
                    environment: environment)
            }
            let page = DashboardScript.url
            let cookie = ["HEARTH_LOAD_COOKIE": token]
            let mileageStart = 200_000
            let writeEvery = Duration.milliseconds(writeInterval)
            let scenarios: [Scenario] = [
                Scenario(
                    name: "GraphQL dashboard (POST /graphql)", wrk: "dashboard", url: server.base + "/graphql",
                    environment: ["HEARTH_LOAD_BODY": bodyFile.path, "HEARTH_LOAD_TOKEN": token],
                    bytes: dashboardBytes),
                Scenario(
                    name: "pantry page, \(items) items (GET \(pantryPath.prefix(16))…)", wrk: "pantry page",
                    url: server.base + pantryPath, environment: cookie, bytes: pantryBytes),
                Scenario(
                    name: "garage page, \(vehicles) vehicles (GET /garage)", wrk: "garage page",
                    url: server.base + "/garage", environment: cookie, bytes: garageBytes),
                Scenario(
                    name: "vehicle page, 2 years (GET /garage/{vehicle})", wrk: "vehicle page",
                    url: server.base + vehiclePath, environment: cookie, bytes: vehicleBytes),
                Scenario(
                    name: "transactions page, 2 years (GET /money/transactions)", wrk: "transactions page",
                    url: server.base + "/money/transactions", environment: cookie, bytes: transactionsBytes),
                // While the vehicle's mileage is written from the pages every `writeInterval` ms: every read after
                // a write finds no kept page and no kept figures, and makes them again (once for the reads that
                // ask meanwhile).
                Scenario(
                    name: "vehicle page while its mileage is written every \(writeInterval) ms",
                    wrk: "vehicle page writing",
                    url: server.base + vehiclePath, environment: cookie, bytes: vehicleBytes,
                    write: { number in
                        try await Self.post(
                            server.base + vehiclePath + "/mileage", token: token,
                            form: ["csrf": csrf, "mileage": String(mileageStart + number)])
                    }),
                Scenario(
                    name: "transactions page while a transaction is added every \(writeInterval) ms",
                    wrk: "transactions page writing", url: server.base + "/money/transactions", environment: cookie,
                    bytes: transactionsBytes,
                    write: { number in
                        try await Self.post(
                            server.base + "/money/transactions", token: token,
                            form: ["csrf": csrf, "title": "Snack \(number)", "amount": "-2.50"])
                    }),
                // The page a browser is sent to after each write carries its notice and is made on every
                // request (the figures are kept while the copy is the same): what rendering alone costs.
                Scenario(
                    name: "vehicle page with a notice, made on every request (GET …?notice=fuel)",
                    wrk: "vehicle page afresh", url: server.base + vehiclePath + "?notice=fuel", environment: cookie,
                    bytes: vehicleAfreshBytes),
                Scenario(
                    name: "transactions page with a notice, made on every request (GET …?notice=transaction)",
                    wrk: "transactions page afresh", url: server.base + "/money/transactions?notice=transaction",
                    environment: cookie, bytes: transactionsAfreshBytes),
            ]
            var rows: [Row] = []
            for (index, scenario) in scenarios.enumerated()
            where index == 0 || only.map({ scenario.wrk.contains($0) }) ?? true {
                let writer = scenario.write.map { write in
                    Task { () -> [Duration] in
                        var took: [Duration] = []
                        let clock = ContinuousClock()
                        while !Task.isCancelled {
                            let started = clock.now
                            do {
                                try await write(took.count)
                            } catch  where Task.isCancelled {
                                break  // the write in flight when the reads ended: not counted
                            }
                            took.append(clock.now - started)
                            try? await Task.sleep(for: writeEvery)
                        }
                        return took
                    }
                }
                let figures = try await measure(
                    scenario.wrk, script: page, url: scenario.url, environment: scenario.environment)
                writer?.cancel()
                let writes = try await writer?.value.sorted()
                rows.append(
                    Row(
                        name: scenario.name, figures: figures, bytes: scenario.bytes, writes: writes?.count,
                        writeMedianMicroseconds: writes.flatMap { $0.isEmpty ? nil : $0[$0.count / 2] }.map {
                            Int(($0.seconds * 1_000_000).rounded())
                        }))
            }
            let report = Report(
                seconds: seconds, warmup: warmup, connections: connections, rows: rows, stylesheetBytes: stylesheet,
                loadAverage: (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)).map {
                    $0.split(separator: " ").prefix(3).joined(separator: " ")
                } ?? "")
            await server.stop()
            progress.finish()
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
            } else {
                print(report.table())
            }
        } catch {
            await server.stop()
            progress.finish()
            throw error
        }
    }

    /// The page at `url` for the session `token`; a `LoadError` unless it answers 200.
    static func page(_ url: String, token: String) async throws -> ByteBuffer {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Cookie", value: "hearth_session=\(token)")
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 64 << 20)
        guard response.status.code == 200 else {
            throw LoadError("\(url) answered \(response.status.code): \(String(buffer: body).prefix(500))")
        }
        return body
    }

    /// Sends `form` to `url` as a browser's form post with the session `token`, and follows the answer to the page
    /// the browser is sent to next (with its notice), as a browser does; a `LoadError` unless that page answers
    /// 200 without a refusal.
    static func post(_ url: String, token: String, form: [String: String]) async throws {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Cookie", value: "hearth_session=\(token)")
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = form.map {
            "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
        }.joined(separator: "&")
        request.body = .bytes(ByteBuffer(string: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let answer = try await response.body.collect(upTo: 1 << 20)
        guard response.status.code == 200, !String(buffer: answer).contains("role=\"alert\"") else {
            let text = String(buffer: answer)
            let problem =
                text.firstMatch(of: /role="alert"><p>([^<]+)/).map { String($0.1) } ?? String(text.prefix(300))
            throw LoadError("\(url) answered \(response.status.code): \(problem)")
        }
    }

    /// `vehicles` vehicles, each with six services, two years of service logs and fill-ups, made on a garage
    /// database of the account's own and synced to the server as a device does; the first vehicle's id.
    func seedGarage(base: String, token: String, folder: URL) async throws -> UUID {
        let garage = try GarageSync.open(at: folder.appendingPathComponent("garage.sqlite"))
        let store = garage.store
        let today = CalendarDay(Date(), in: .current)
        let services: [(String, Int, Int)] = [
            ("Oil Change", 6, 5_000), ("Tire Rotation", 6, 6_000), ("Air Filter", 12, 15_000),
            ("Brake Fluid", 24, 30_000),
            ("Coolant", 36, 45_000), ("Spark Plugs", 60, 60_000),
        ]
        var first: UUID?
        for number in 0..<vehicles {
            let start = 20_000 + number * 7_000
            let vehicle = try await store.addVehicle(
                Vehicle(
                    name: "Car \(number + 1)", make: "Honda", model: "Civic", year: 2015 + number % 10,
                    currentMileage: start))
            first = first ?? vehicle.id
            var items: [ServiceItem] = []
            for (name, months, miles) in services {
                items.append(
                    try await store.addService(
                        ServiceDraft(name: name, intervalMonths: months, intervalMiles: miles), to: vehicle.id))
            }
            // Two years of driving, 30 miles a day: a fill-up every 10 days, a service log every month.
            for step in 0..<73 {
                let day = today.adding(days: -730 + step * 10)
                let odometer = start + step * 300
                _ = try await store.addFillUp(
                    FillUpDraft(
                        date: day, odometer: odometer, gallons: String(format: "%.3f", 9.5 + Double(step % 5) * 0.2),
                        cost: "38.50"), to: vehicle.id)
                if step % 3 == 0 {
                    try await store.completeService(
                        items[step / 3 % items.count].id, on: day, mileage: odometer, cost: "59.90")
                }
            }
        }
        let client = CloudClient(
            configuration: CloudClientConfiguration(serverURL: URL(string: base)!), httpClient: HTTPClient.shared,
            token: token)
        let engine = SyncEngine(database: store.database, outbox: garage.outbox, cloud: client)
        _ = try await engine.sync()
        guard let first else { throw LoadError("no vehicle was seeded; give --vehicles 1 or more") }
        return first
    }

    /// Two years of a household's transactions (three a day: groceries, a coffee, a bill or a salary), made on
    /// a finance database of the account's own and synced to the server as a device does.
    func seedMoney(base: String, token: String, folder: URL) async throws {
        let finance = try FinanceSync.open(at: folder.appendingPathComponent("finance.sqlite"))
        let now = Date()
        var transactions: [Transaction] = []
        for day in 0..<730 {
            let date = now.addingTimeInterval(-Double(day) * 86_400)
            transactions.append(
                Transaction(title: "Groceries \(day)", amount: -Decimal(20 + day % 40), category: .food, date: date))
            transactions.append(
                Transaction(title: "Coffee", amount: Decimal(string: "-3.80")!, category: .food, date: date))
            transactions.append(
                day % 30 == 0
                    ? Transaction(title: "Salary", amount: 3_200, category: .income, date: date)
                    : Transaction(
                        title: "Bus", amount: Decimal(string: "-2.50")!, category: .transportation, date: date))
        }
        _ = try await finance.store.insertTransactions(transactions)
        let client = CloudClient(
            configuration: CloudClientConfiguration(serverURL: URL(string: base)!), httpClient: HTTPClient.shared,
            token: token)
        let engine = SyncEngine(database: finance.store.database, outbox: finance.outbox, cloud: client)
        _ = try await engine.sync()
    }
}
