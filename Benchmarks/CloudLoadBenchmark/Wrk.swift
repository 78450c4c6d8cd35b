import Foundation
import HearthTestSupport

/// One wrk run of the scenario script `wrk/load.lua` and the figures it printed.
struct Wrk {
    /// What wrk measured in one run.
    struct Figures: Codable {
        var requests: Int
        var durationMicroseconds: Int
        var p50Microseconds: Int
        var p90Microseconds: Int
        var p99Microseconds: Int
        var maxMicroseconds: Int
        var non2xx: Int
        var socketErrors: Int

        var requestsPerSecond: Double { Double(requests) / (Double(durationMicroseconds) / 1_000_000) }
    }

    /// The script, found from this source file: the benchmark runs from the repository it was built in.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("wrk/load.lua")

    /// Runs wrk against `url` with `connections` connections for `seconds`, in scenario `scenario`.
    static func run(url: String, scenario: String, connections: Int, seconds: Int, environment: [String: String]) async throws -> Figures {
        guard let wrk = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map({ URL(fileURLWithPath: String($0)).appendingPathComponent("wrk") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else { throw LoadError("wrk is not installed: apt-get install wrk") }
        let threads = min(2, connections)
        let result = try await ChildProcess.run(
            wrk, ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--timeout", "10s", "-s", script.path, url],
            environment: environment.merging(["HEARTH_LOAD_SCENARIO": scenario]) { $1 }
        )
        guard result.status == 0,
              let line = result.stdout.split(separator: "\n").first(where: { $0.hasPrefix("HEARTH_LOAD ") })
        else { throw LoadError("wrk failed (\(scenario), \(connections) connections): \(result.stdout) \(result.stderr)") }
        return try JSONDecoder().decode(Figures.self, from: Data(line.dropFirst("HEARTH_LOAD ".count).utf8))
    }
}
