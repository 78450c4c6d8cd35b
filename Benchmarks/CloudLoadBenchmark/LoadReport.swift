import BenchmarkSupport
import Foundation
import HearthExchange

/// Everything one run measured, as a table or JSON.
struct LoadReport: Codable {
    /// One wrk run against one server.
    struct Row: Codable {
        var server: String
        var scenario: String
        var connections: Int
        var figures: Wrk.Figures
        /// Server CPU time (user and system) per request, in microseconds: what a request costs, whatever
        /// else the machine was doing.
        var serverCPUMicroseconds: Double
        var serverPeakMegabytes: Double
    }

    var seconds: Int
    var users: Int
    var batch: Int
    var rows: [Row] = []
    var soak: Soak.Result?

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    func table() -> String {
        let hello = Dictionary(
            rows.filter { $0.server == "hello-world" }.map { ($0.connections, $0.figures.requestsPerSecond) },
            uniquingKeysWith: { $1 })
        let lines = rows.map { row -> [String] in
            let ratio =
                row.scenario == "health" && row.server != "hello-world"
                ? hello[row.connections].map { String(format: "%.2f×", row.figures.requestsPerSecond / $0) } ?? "" : ""
            return [
                row.server, row.scenario, String(row.connections),
                String(format: "%.0f", row.figures.requestsPerSecond), ratio,
                Self.milliseconds(row.figures.p50Microseconds), Self.milliseconds(row.figures.p99Microseconds),
                String(row.figures.non2xx + row.figures.socketErrors),
                String(format: "%.0f", row.serverCPUMicroseconds), String(format: "%.0f", row.serverPeakMegabytes),
            ]
        }
        var text = "\(seconds) s per run, \(users) users, \(batch) records per modify request, wrk on loopback\n"
        text += TextTable.render(
            [
                "server", "scenario", "conns", "req/s", "vs hello", "p50 ms", "p99 ms", "errors", "CPU µs/req",
                "peak RSS MB",
            ], lines)
        if let soak {
            text += String(
                format:
                    "\nsoak: %d s of mixed load at %d connections, %.0f req/s, p99 %@ ms, %d errors; server RSS %@ MB; growth after the first minute %.1f%%\n",
                soak.seconds, soak.connections, soak.figures.requestsPerSecond,
                Self.milliseconds(soak.figures.p99Microseconds),
                soak.figures.non2xx + soak.figures.socketErrors,
                soak.samples.map { String(format: "%.0f", $0) }.joined(separator: " "), soak.growthAfterWarmup * 100)
        }
        return text
    }

    static func milliseconds(_ microseconds: Int) -> String { String(format: "%.1f", Double(microseconds) / 1000) }
}
