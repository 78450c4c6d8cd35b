import Foundation
import GRDB
import GRDBSQLite
import HearthFinance
import HearthStore

extension Benchmark {
    /// The JSON export and both imports, each in its own process, into new stores, at the full size and at a
    /// quarter of it (peak memory must not grow with the rows); the CSV import also against the Python
    /// script on the same file.
    func exchangeJSON(_ database: URL, rows count: Int, insertRate: Double) throws {
        print("JSON export, and imports of \(count) transactions (each in its own process, into a new store)")
        let json = folder.appendingPathComponent("export.json")
        let csv = folder.appendingPathComponent("ours.csv")
        let export = try child("json-export", database: database, output: json)
        print(
            "  " + pad("exportJSON")
                + String(
                    format: "%8.2f s   peak %6.1f MB  (%@, file %.0f MB)", export.seconds, export.peakMB, export.detail,
                    megabytes(json)))
        print(
            "  insertTransactions ran at \(Int(insertRate)) rows/s above; goals: imports ≥ 0.5× that, CSV ≥ 2× the Python script"
        )
        let quarter = count / 4
        let smallCSV = folder.appendingPathComponent("quarter.csv")
        let smallJSON = folder.appendingPathComponent("quarter.json")
        try Self.head(of: csv, rows: quarter, to: smallCSV, json: false)
        try Self.head(of: json, rows: quarter, to: smallJSON, json: true)
        for (rows, csvFile, jsonFile) in [(quarter, smallCSV, smallJSON), (count, csv, json)] {
            let jsonImport = try child("json-import", database: freshDatabase("from-json-\(rows)"), output: jsonFile)
            let csvImport = try child("csv-import", database: freshDatabase("from-csv-\(rows)"), output: csvFile)
            let python = try pythonImport(csvFile, into: freshDatabase("python-\(rows)", schema: false))
            guard python.inserted == rows, csvImport.detail == "\(rows) rows", jsonImport.detail == "\(rows) rows"
            else {
                throw BenchmarkError(
                    "the imports of \(rows) rows disagree: CSV \(csvImport.detail), JSON \(jsonImport.detail), Python \(python.inserted)"
                )
            }
            func line(_ name: String, _ result: ChildResult, file: URL) {
                let rate = Double(rows) / result.seconds
                print(
                    "  " + pad(name)
                        + String(
                            format: "%8.2f s   peak %6.1f MB  %9.0f rows/s  %.2f× insertTransactions  (file %.0f MB)",
                            result.seconds, result.peakMB, rate, rate / insertRate, megabytes(file)))
            }
            print("  \(rows) rows:")
            line("  importJSON", jsonImport, file: jsonFile)
            line("  importTransactionsCSV", csvImport, file: csvFile)
            line("  Python csv + sqlite3, same CSV", python.result, file: csvFile)
            print(
                "    CSV import vs the Python script: \(String(format: "%.2f", python.result.seconds / csvImport.seconds))× its speed (goal ≥ 2)"
            )
        }
    }

    func megabytes(_ url: URL) -> Double {
        Double((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0) / 1_048_576
    }

    /// A new database path; with `schema`, the finance schema is created in it first (outside any clock).
    func freshDatabase(_ name: String, schema: Bool = true) throws -> URL {
        let url = folder.appendingPathComponent("\(name).sqlite")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        if schema { _ = try FinancePersistenceService.open(at: url, calendar: Self.utc) }
        return url
    }

    /// The first `rows` transactions of an export: the header line(s) and the first rows of a CSV, or of a
    /// JSON export (whose transactions come last, one per line).
    static func head(of source: URL, rows: Int, to target: URL, json: Bool) throws {
        let text = try String(contentsOf: source, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if json {
            guard let start = lines.firstIndex(where: { $0.hasPrefix("\"transactions\":[") }) else {
                throw BenchmarkError("no transactions in \(source.path)")
            }
            lines = Array(lines[...(start + rows)])
            lines[lines.count - 1] = lines[lines.count - 1].dropLast()  // the comma after the last kept value
            lines.append("]}")
        } else {
            lines = Array(lines[...rows])
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: target)
    }

    /// Runs the Python baseline on `file`.
    func pythonImport(_ file: URL, into database: URL) throws -> (result: ChildResult, inserted: Int) {
        progress("importing with Python")
        defer { clearProgress() }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "finance_import.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, script.path, file.path, database.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        struct Output: Decodable {
            let seconds: Double
            let inserted: Int
            let maxrss_kb: Int
        }
        guard process.terminationStatus == 0, let output = try? JSONDecoder().decode(Output.self, from: data) else {
            throw BenchmarkError("\(script.path) failed: \(String(decoding: data, as: UTF8.self))")
        }
        return (
            ChildResult(
                seconds: output.seconds, peakMB: Double(output.maxrss_kb) / 1024, detail: "\(output.inserted) rows"),
            output.inserted
        )
    }
}
