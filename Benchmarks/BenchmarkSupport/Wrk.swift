public import Foundation
import HearthTestSupport

/// One wrk run of a Lua script and the figures it printed: the script's `done` writes one line
/// `HEARTH_LOAD {json}` with the fields of ``Figures``.
public struct Wrk {
    /// What wrk measured in one run.
    public struct Figures: Codable, Sendable {
        public var requests: Int
        public var durationMicroseconds: Int
        public var p50Microseconds: Int
        public var p90Microseconds: Int
        public var p99Microseconds: Int
        public var maxMicroseconds: Int
        public var non2xx: Int
        public var socketErrors: Int

        public var requestsPerSecond: Double { Double(requests) / (Double(durationMicroseconds) / 1_000_000) }
    }

    /// wrk on the PATH; nil when it is not installed.
    public static var executable: URL? {
        ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("wrk") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs wrk with `script` against `url` with `connections` connections for `seconds`, in scenario `scenario`
    /// (passed to the script as HEARTH_LOAD_SCENARIO).
    public static func run(
        script: URL, url: String, scenario: String, connections: Int, seconds: Int, environment: [String: String]
    ) async throws -> Figures {
        guard let wrk = executable else { throw LoadError("wrk is not installed: apt-get install wrk") }
        let threads = min(2, connections)
        let result = try await ChildProcess.run(
            wrk, ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--timeout", "10s", "-s", script.path, url],
            environment: environment.merging(["HEARTH_LOAD_SCENARIO": scenario]) { $1 }
        )
        guard result.status == 0,
            let line = result.stdout.split(separator: "\n").first(where: { $0.hasPrefix("HEARTH_LOAD ") })
        else {
            throw LoadError("wrk failed (\(scenario), \(connections) connections): \(result.stdout) \(result.stderr)")
        }
        return try JSONDecoder().decode(Figures.self, from: Data(line.dropFirst("HEARTH_LOAD ".count).utf8))
    }
}
