import ArgumentParser
import BenchmarkSupport
import Foundation
import HearthExchange
import HearthTestSupport

/// The default command: seed, check both servers give the same answer, measure both, print the table.
struct DashboardRun: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Measure the dashboard query on Hearth and on Strawberry.")

    @Option(help: "Seconds each measurement runs.") var seconds = 10
    @Option(help: "Seconds of warm-up at the middle connection count before each server's measurements.") var warmup = 3
    @Option(help: "Connection counts to measure, comma-separated.") var connections = "1,16,64"
    @Option(help: "Pantry items in the household.") var items = 2_000
    @Option(help: "Recipes in the household.") var recipes = 50
    @Option(help: "uvicorn worker processes for Strawberry.") var workers = 2
    @Option(help: "The venv Strawberry runs from; created when missing.") var venv: String?
    @Option(help: "Servers to measure, comma-separated: hearth, hearth-uncached (keeping no answers), strawberry.")
    var servers = "hearth,hearth-uncached,strawberry"
    @Option(
        help:
            "Writes per second to the household (a small consume of one item) while each server is measured; 0 for none."
    ) var writesPerSecond = 0.0
    @Flag(help: "Print the results as JSON on stdout and no progress.") var json = false

    func validate() throws {
        guard seconds > 0, warmup >= 0, items >= 100, recipes >= 5, workers >= 1, (0...1_000).contains(writesPerSecond)
        else {
            throw ValidationError(
                "--seconds and --workers must be positive, --warmup 0 or more, --items at least 100, --recipes at least 5 and --writes-per-second from 0 to 1000."
            )
        }
        guard !connectionCounts.isEmpty, connectionCounts.allSatisfy({ $0 > 0 }) else {
            throw ValidationError("--connections must list positive numbers, such as 1,16,64.")
        }
        guard !serverList.isEmpty, serverList.allSatisfy(["hearth", "hearth-uncached", "strawberry"].contains) else {
            throw ValidationError("--servers takes hearth, hearth-uncached and strawberry.")
        }
    }

    var connectionCounts: [Int] {
        connections.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
    var serverList: [String] { servers.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }

    func run() async throws {
        guard Wrk.executable != nil else {
            FileHandle.standardError.write(
                Data("PantryBenchmark skipped: wrk is not installed (apt-get install wrk).\n".utf8))
            return
        }
        let progress = ProgressLine(enabled: !json) { _ in "" }
        let venvURL =
            venv.map { URL(fileURLWithPath: $0) }
            ?? Strawberry.repository.appendingPathComponent(".build/strawberry-venv")
        let withStrawberry = serverList.contains("strawberry")
        if withStrawberry, let reason = try await Strawberry.prepare(venv: venvURL, progress: progress.draw) {
            FileHandle.standardError.write(Data("PantryBenchmark skipped: \(reason).\n".utf8))
            return
        }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-pantry-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dataDirectory = folder.appendingPathComponent("data")

        progress.draw("starting hearth serve…")
        let hearth = try await ChildServer.start(["serve", "--data-dir", dataDirectory.path])
        var running = [("hearth", hearth)]
        do {
            let token = try await GraphQLClient.signUp(base: hearth.base)
            let seeded = try await PantrySeed(items: items, recipes: recipes).seed(
                base: hearth.base, token: token, progress: progress.draw)
            let body = try Dashboard.body(householdID: seeded.householdID)
            let bodyFile = folder.appendingPathComponent("dashboard.json")
            try body.write(to: bodyFile)
            let hearthAnswer = try await Dashboard.answer(base: hearth.base, token: token, body: body)

            var report = DashboardReport(
                seconds: seconds, items: items, recipes: recipes, shoppingLines: seeded.shoppingLines, workers: workers,
                answerBytes: hearthAnswer.bytes)
            report.writesPerSecond = writesPerSecond
            let writer = try await Writer(
                base: hearth.base, token: token, householdID: seeded.householdID, perSecond: writesPerSecond)
            report.summary = Self.summary(hearthAnswer.canonical)
            if withStrawberry {
                progress.draw("starting Strawberry (\(workers) uvicorn workers)…")
                let strawberry = try await Strawberry.start(
                    venv: venvURL, database: dataDirectory.appendingPathComponent("cloud.sqlite"), workers: workers)
                running.append(("strawberry", strawberry))
                report.strawberryVersions = await Strawberry.versions(venv: venvURL)
                let strawberryAnswer = try await Self.firstAnswer(base: strawberry.base, token: token, body: body)
                guard strawberryAnswer.canonical == hearthAnswer.canonical else {
                    throw LoadError(
                        "Hearth and Strawberry answer the dashboard differently, \(Dashboard.firstDifference(hearthAnswer.canonical, strawberryAnswer.canonical))"
                    )
                }
                report.strawberryAnswerBytes = strawberryAnswer.bytes
            }

            let environment = ["HEARTH_LOAD_BODY": bodyFile.path, "HEARTH_LOAD_TOKEN": token]
            let middle = connectionCounts.sorted()[connectionCounts.count / 2]
            if serverList.contains("hearth-uncached") {
                // The same data and server, keeping no answers: every request builds its answer.
                progress.draw("starting hearth serve keeping no answers…")
                let uncached = try await ChildServer.start(
                    ["serve", "--data-dir", dataDirectory.path], environment: ["HEARTH_GRAPHQL_ANSWER_CACHE_MB": "0"])
                running.append(("hearth-uncached", uncached))
                let answer = try await Dashboard.answer(base: uncached.base, token: token, body: body)
                guard answer.canonical == hearthAnswer.canonical else {
                    throw LoadError(
                        "Hearth answers the dashboard differently without kept answers, \(Dashboard.firstDifference(hearthAnswer.canonical, answer.canonical))"
                    )
                }
            }
            for (name, server) in running where serverList.contains(name) {
                if warmup > 0 {
                    progress.draw("\(name): warming up at \(middle) connections for \(warmup) s…")
                    _ = try await Wrk.run(
                        script: DashboardScript.url, url: server.base + "/graphql", scenario: "dashboard",
                        connections: middle, seconds: warmup, environment: environment)
                }
                for count in connectionCounts {
                    progress.draw("\(name): dashboard at \(count) connections for \(seconds) s…")
                    let writes = writer.start()
                    let (figures, cpu) = try await server.measure {
                        try await Wrk.run(
                            script: DashboardScript.url, url: server.base + "/graphql", scenario: "dashboard",
                            connections: count, seconds: seconds, environment: environment)
                    }
                    writes.cancel()
                    var row = DashboardReport.Row(
                        server: name, connections: count, figures: figures, serverCPUMicroseconds: cpu,
                        serverPeakMegabytes: server.memory.peak)
                    row.writes = try await writes.value
                    report.rows.append(row)
                }
            }
            report.loadAverage =
                (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)).map {
                    $0.split(separator: " ").prefix(3).joined(separator: " ")
                } ?? ""
            for (_, server) in running { await server.stop() }
            progress.finish()
            print(json ? try report.json() : report.table())
        } catch {
            for (_, server) in running { await server.stop() }
            progress.finish()
            throw error
        }
    }

    /// The first answer of a server that has just started (its workers may still be starting): tries for 30 s.
    static func firstAnswer(base: String, token: String, body: Data) async throws -> (canonical: String, bytes: Int) {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            do {
                return try await Dashboard.answer(base: base, token: token, body: body)
            } catch  where ContinuousClock.now < deadline && !(error is LoadError) {
                try await Task.sleep(for: .milliseconds(200))
            }
        }
    }

    /// What the answer holds: how many items, recipes and lines.
    static func summary(_ canonical: String) -> String {
        guard case .object(let root) = try? JSONDecoder().decode(JSONValue.self, from: Data(canonical.utf8)),
            case .object(let data) = root["data"]
        else { return "" }
        func count(_ key: String) -> Int { if case .array(let list) = data[key] { list.count } else { 0 } }
        return
            "\(count("expiring")) items due soon or past, \(count("cookableRecipes")) ranked recipes, \(count("shoppingList")) shopping lines"
    }
}

/// Writes to the household at a steady rate while a server is measured: each consumes a thousandth of a unit of
/// the item with the most stock, through Hearth's GraphQL (Strawberry reads the same database file). Every write
/// moves the pantry's data revision on, so the next dashboard is built again.
struct Writer {
    let base: String
    let token: String
    let itemID: String
    let perSecond: Double

    init(base: String, token: String, householdID: String, perSecond: Double) async throws {
        self.base = base
        self.token = token
        self.perSecond = perSecond
        let data = try await GraphQLClient.data(
            base: base, token: token, query: "query($h: String!) { items(householdId: $h) { id quantity } }",
            variables: ["h": householdID])
        let items = (data["items"] as? [[String: Any]]) ?? []
        guard let most = items.max(by: { ($0["quantity"] as? Double ?? 0) < ($1["quantity"] as? Double ?? 0) }),
            let id = most["id"] as? String
        else {
            throw LoadError("the household has no items to write to")
        }
        self.itemID = id
    }

    /// Writes until cancelled; the task's value is how many writes succeeded (a failed one ends the run).
    func start() -> Task<Int, any Error> {
        Task { [self] in
            guard perSecond > 0 else { return 0 }
            let started = ContinuousClock.now
            var done = 0
            while true {
                do {
                    try await Task.sleep(until: started + .seconds(Double(done + 1) / perSecond), clock: .continuous)
                } catch {
                    return done
                }
                _ = try await GraphQLClient.data(
                    base: base, token: token,
                    query: "mutation($i: String!) { consume(itemId: $i, quantity: 0.001) { quantity } }",
                    variables: ["i": itemID])
                done += 1
            }
        }
    }
}

/// The wrk script of the dashboard, found from this source file.
enum DashboardScript {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "wrk/dashboard.lua")
}
