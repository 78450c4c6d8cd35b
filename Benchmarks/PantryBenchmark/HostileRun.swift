import ArgumentParser
import BenchmarkSupport
import Foundation
import HearthExchange

/// `hostile`: the household dashboard at 16 connections alone, then again while an attacker sends hostile
/// documents (1,000-deep selections, a fragment bomb, 300 aliased introspections, junk) signed out, each
/// from another address, at 100 a second. Both throughputs and p99s, and the server's peak memory.
struct HostileRun: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hostile", abstract: "Measure the dashboard alone and under a stream of hostile GraphQL documents."
    )

    @Option(help: "Seconds each measurement runs.") var seconds = 10
    @Option(help: "Seconds of warm-up before the quiet measurement.") var warmup = 3
    @Option(help: "wrk connections for the dashboard.") var connections = 16
    @Option(help: "Hostile documents per second.") var attacksPerSecond = 100.0
    @Option(help: "Bytes of each junk document (every fourth attack).") var junkBytes = 262_144
    @Option(help: "Pantry items in the household.") var items = 2_000
    @Option(help: "Recipes in the household.") var recipes = 50
    @Flag(help: "Print the results as JSON on stdout and no progress.") var json = false

    struct Report: Codable {
        var seconds: Int
        var connections: Int
        var attacksPerSecond: Double
        var quiet: Wrk.Figures
        var attacked: Wrk.Figures
        var attack: Attacker.Tally
        var serverPeakMegabytes: Double
        var serverMegabytesBefore: Double
        var loadAverage: String

        var throughputRatio: Double { attacked.requestsPerSecond / quiet.requestsPerSecond }
        var p99Ratio: Double { Double(attacked.p99Microseconds) / Double(max(quiet.p99Microseconds, 1)) }

        func table() -> String {
            func ms(_ microseconds: Int) -> String { String(format: "%.1f ms", Double(microseconds) / 1000) }
            let statuses = attack.statuses.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(
                separator: ", ")
            return """
                | run | requests/s | p50 | p99 | errors |
                |---|---|---|---|---|
                | dashboard alone, \(connections) connections | \(Int(quiet.requestsPerSecond)) | \(ms(quiet.p50Microseconds)) | \(ms(quiet.p99Microseconds)) | \(quiet.non2xx + quiet.socketErrors) |
                | dashboard under \(Int(attacksPerSecond)) hostile documents/s | \(Int(attacked.requestsPerSecond)) | \(ms(attacked.p50Microseconds)) | \(ms(attacked.p99Microseconds)) | \(attacked.non2xx + attacked.socketErrors) |

                Under attack: \(String(format: "%.2f", throughputRatio))× the throughput, p99 \(String(format: "%.2f", p99Ratio))× the quiet run's.
                Attacker: \(attack.sent) sent, answered \(statuses), \(attack.failures) failed, slowest answer \(Int(attack.slowestMilliseconds)) ms.
                Server memory: \(Int(serverMegabytesBefore)) MB before the attack, peak \(Int(serverPeakMegabytes)) MB. Load average: \(loadAverage).
                """
        }
    }

    func run() async throws {
        guard Wrk.executable != nil else {
            FileHandle.standardError.write(
                Data("PantryBenchmark hostile skipped: wrk is not installed (apt-get install wrk).\n".utf8))
            return
        }
        let progress = ProgressLine(enabled: !json) { _ in "" }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-hostile-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        progress.draw("starting hearth serve…")
        // The benchmark's client is the reverse proxy here: it names each attack's address in X-Forwarded-For.
        let server = try await ChildServer.start(
            ["serve", "--data-dir", folder.appendingPathComponent("data").path],
            environment: ["HEARTH_TRUSTED_PROXIES": "127.0.0.1"])
        do {
            let token = try await GraphQLClient.signUp(base: server.base)
            let seeded = try await PantrySeed(items: items, recipes: recipes).seed(
                base: server.base, token: token, progress: progress.draw)
            let bodyFile = folder.appendingPathComponent("dashboard.json")
            try Dashboard.body(householdID: seeded.householdID).write(to: bodyFile)
            let environment = ["HEARTH_LOAD_BODY": bodyFile.path, "HEARTH_LOAD_TOKEN": token]
            func dashboard(_ seconds: Int) async throws -> Wrk.Figures {
                try await Wrk.run(
                    script: DashboardScript.url, url: server.base + "/graphql", scenario: "dashboard",
                    connections: connections, seconds: seconds, environment: environment)
            }
            if warmup > 0 {
                progress.draw("warming up for \(warmup) s…")
                _ = try await dashboard(warmup)
            }
            progress.draw("the dashboard alone for \(seconds) s…")
            let quiet = try await dashboard(seconds)
            let before = server.memory.current
            let attacker = try Attacker(
                url: server.base + "/graphql", perSecond: attacksPerSecond, junkBytes: junkBytes)
            progress.draw("the dashboard under \(Int(attacksPerSecond)) hostile documents a second for \(seconds) s…")
            let attack = attacker.start()
            let attacked = try await dashboard(seconds)
            attack.cancel()
            let tally = await attack.value
            let report = Report(
                seconds: seconds, connections: connections, attacksPerSecond: attacksPerSecond, quiet: quiet,
                attacked: attacked, attack: tally,
                serverPeakMegabytes: server.memory.peak, serverMegabytesBefore: before,
                loadAverage: (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)).map {
                    $0.split(separator: " ").prefix(3).joined(separator: " ")
                } ?? "")
            // The server still answers as it did: an attack that crashed or wedged it fails the run here.
            _ = try await Dashboard.answer(base: server.base, token: token, body: try Data(contentsOf: bodyFile))
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
}
