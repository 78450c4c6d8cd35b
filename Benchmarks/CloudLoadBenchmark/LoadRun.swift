import ArgumentParser
import BenchmarkSupport
import Foundation
import HearthExchange
import HearthTestSupport

/// The default command: the load table, and the soak when asked for.
struct LoadRun: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Measure requests/s, p50/p99 and peak memory of the record server under load.")

    @Option(help: "Seconds each measurement runs.") var seconds = 10
    @Option(help: "Connection counts to measure, comma-separated.") var connections = "8,32"
    @Option(help: "Users the load is spread over.") var users = 40
    @Option(help: "Records per modify request.") var batch = 10
    @Option(help: "Records seeded per user for lookup and query.") var seeded = 200
    @Option(help: "Scenarios, comma-separated: health, modify, changes, lookup, query.") var scenarios =
        "health,modify,changes,lookup,query"
    @Option(help: "A postgres:// URL; defaults to HEARTH_TEST_POSTGRES_URL. Each run uses its own schema and drops it.")
    var postgres: String?
    @Option(help: "PostgreSQL connections of the server (hearth serve's --database-connections).")
    var databaseConnections: Int?
    @Option(
        help:
            "Seconds of mixed load at the largest connection count on SQLite, sampling the server's memory (0: no soak)."
    ) var soak = 0
    @Flag(help: "Print the results as JSON on stdout and no progress.") var json = false

    func validate() throws {
        guard seconds > 0, users > 0, (1...400).contains(batch), seeded >= 20, soak >= 0 else {
            throw ValidationError(
                "--seconds and --users must be positive, --batch 1…400, --seeded at least 20, --soak 0 or more.")
        }
        guard !connectionCounts.isEmpty, connectionCounts.allSatisfy({ $0 > 0 }) else {
            throw ValidationError("--connections must list positive numbers, such as 8,32.")
        }
        let known: Set = ["health", "modify", "changes", "lookup", "query"]
        guard !scenarioList.isEmpty, scenarioList.allSatisfy(known.contains) else {
            throw ValidationError("--scenarios takes health, modify, changes, lookup and query.")
        }
    }

    var connectionCounts: [Int] {
        connections.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
    var scenarioList: [String] { scenarios.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }

    func run() async throws {
        let progress = ProgressLine(enabled: !json) { _ in "" }
        var report = LoadReport(seconds: seconds, users: users, batch: batch)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        progress.draw("hello-world baseline…")
        let hello = try await ChildServer.start(["hello-world"])
        for count in connectionCounts {
            let (figures, cpu) = try await hello.measure {
                try await Wrk.run(
                    script: LoadScript.url, url: hello.base + "/health", scenario: "get", connections: count,
                    seconds: seconds, environment: [:])
            }
            report.rows.append(
                LoadReport.Row(
                    server: "hello-world", scenario: "health", connections: count, figures: figures,
                    serverCPUMicroseconds: cpu, serverPeakMegabytes: hello.memory.peak))
        }
        await hello.stop()

        var stores: [(name: String, database: String?)] = [("sqlite", nil)]
        let url = postgres ?? ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"]
        if let url, !url.isEmpty {
            stores.append(("postgres", url))
        } else if !json {
            FileHandle.standardError.write(
                Data("PostgreSQL skipped: give --postgres or set HEARTH_TEST_POSTGRES_URL.\n".utf8))
        }
        for store in stores {
            let schema = "load_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
            var arguments = ["serve", "--data-dir", folder.appendingPathComponent(store.name).path]
            if let database = store.database {
                arguments += ["--database", database + (database.contains("?") ? "&" : "?") + "schema=\(schema)"]
            }
            if let databaseConnections { arguments += ["--database-connections", String(databaseConnections)] }
            let server = try await ChildServer.start(arguments)
            do {
                progress.draw("\(store.name): signing up \(users) users and seeding \(seeded) records each…")
                let tokens = try await LoadUsers.prepare(
                    base: server.base, count: users, seeded: seeded, folder: folder)
                var environment = [
                    "HEARTH_LOAD_TOKENS": tokens.path, "HEARTH_LOAD_BATCH": String(batch),
                    "HEARTH_LOAD_SEEDED": String(seeded),
                ]
                for scenario in scenarioList {
                    for count in connectionCounts {
                        progress.draw("\(store.name): \(scenario) at \(count) connections for \(seconds) s…")
                        environment["HEARTH_LOAD_RUN"] = "\(scenario)\(count)"
                        let url = scenario == "health" ? server.base + "/health" : server.base
                        let (figures, cpu) = try await server.measure {
                            try await Wrk.run(
                                script: LoadScript.url, url: url, scenario: scenario == "health" ? "get" : scenario,
                                connections: count, seconds: seconds, environment: environment)
                        }
                        report.rows.append(
                            LoadReport.Row(
                                server: store.name, scenario: scenario, connections: count, figures: figures,
                                serverCPUMicroseconds: cpu, serverPeakMegabytes: server.memory.peak))
                    }
                }
                if soak > 0, store.name == "sqlite" {
                    environment["HEARTH_LOAD_RUN"] = "soak"
                    report.soak = try await Soak.run(
                        server: server, seconds: soak, connections: connectionCounts.max() ?? 32,
                        environment: environment, progress: progress)
                }
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
            // Removed before the next server starts, so the kernel is not still writing this server's database to
            // disk during the next one's rows.
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(store.name))
            if let database = store.database { try await Self.dropSchema(schema, url: database) }
        }
        progress.finish()
        print(json ? try report.json() : report.table())
    }

    /// Drops the run's schema through psql, so repeated runs leave nothing behind.
    static func dropSchema(_ schema: String, url: String) async throws {
        let plain = url.split(separator: "?").first.map(String.init) ?? url
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["psql", plain, "-qc", "DROP SCHEMA IF EXISTS \(schema) CASCADE"])
        if result.status != 0 {
            FileHandle.standardError.write(Data("Could not drop schema \(schema): \(result.stderr)\n".utf8))
        }
    }
}
