import BenchmarkSupport
import Foundation
import HearthExchange

/// Everything one run measured, as a table or JSON.
struct DashboardReport: Codable {
    /// One wrk run against one server.
    struct Row: Codable {
        var server: String
        var connections: Int
        var figures: Wrk.Figures
        /// Server CPU time (user and system, all its processes) per request, in microseconds.
        var serverCPUMicroseconds: Double
        var serverPeakMegabytes: Double
        /// Writes made to the household while this row was measured.
        var writes = 0
    }

    var seconds: Int
    var items: Int
    var recipes: Int
    var shoppingLines: Int
    var workers: Int
    var answerBytes: Int
    var strawberryAnswerBytes: Int?
    var summary = ""
    var strawberryVersions = ""
    var loadAverage = ""
    var writesPerSecond = 0.0
    var rows: [Row] = []

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    func table() -> String {
        let strawberry = Dictionary(
            rows.filter { $0.server == "strawberry" }.map { ($0.connections, $0.figures.requestsPerSecond) },
            uniquingKeysWith: { $1 })
        let lines = rows.map { row -> [String] in
            let ratio =
                row.server.hasPrefix("hearth")
                ? strawberry[row.connections].map { String(format: "%.2f×", row.figures.requestsPerSecond / $0) } ?? ""
                : ""
            return [
                row.server, String(row.connections), String(format: "%.0f", row.figures.requestsPerSecond), ratio,
                Self.milliseconds(row.figures.p50Microseconds), Self.milliseconds(row.figures.p99Microseconds),
                String(row.figures.non2xx + row.figures.socketErrors),
                String(format: "%.0f", row.serverCPUMicroseconds), String(format: "%.0f", row.serverPeakMegabytes),
            ]
        }
        var text =
            "\(seconds) s per run; \(items) items, \(recipes) recipes, \(shoppingLines) shopping lines; answer \(answerBytes) bytes (\(summary)); wrk on loopback\n"
        if writesPerSecond > 0 {
            let made = rows.map { "\($0.writes)" }.joined(separator: ", ")
            text += String(
                format: "Writes to the household during each row: %.4g a second (%@)\n", writesPerSecond, made)
        }
        if !strawberryVersions.isEmpty { text += "Strawberry: \(strawberryVersions), \(workers) uvicorn workers\n" }
        text += TextTable.render(
            ["server", "conns", "req/s", "vs Strawberry", "p50 ms", "p99 ms", "errors", "CPU µs/req", "peak RSS MB"],
            lines)
        if !text.hasSuffix("\n") { text += "\n" }
        if let hearth = rows.first(where: { $0.server == "hearth" && $0.connections == 16 }) {
            let ratio = strawberry[16].map { hearth.figures.requestsPerSecond / $0 }
            let p99 = Double(hearth.figures.p99Microseconds) / 1000
            text += String(
                format: "goal at 16 connections (≥3× Strawberry, p99 < 20 ms): %@×, p99 %.1f ms — %@\n",
                ratio.map { String(format: "%.2f", $0) } ?? "?", p99, (ratio ?? 0) >= 3 && p99 < 20 ? "met" : "not met")
        }
        text += "load average at the end: \(loadAverage)\n"
        return text
    }

    static func milliseconds(_ microseconds: Int) -> String { String(format: "%.1f", Double(microseconds) / 1000) }
}
