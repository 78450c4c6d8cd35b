// FinanceBenchmark: the finance store against raw SQLite (its C API) in the same run.
//
//     swift run -c release FinanceBenchmark [--insert-rows 100000] [--large-rows 1000000] [--runs 5] [--dir PATH]
//                                           [--python PATH]
//     swift run -c release FinanceBenchmark statements [--rows 1000000] [--dir PATH] [--python PATH]
//
// The CSV import is also measured against Benchmarks/FinanceBenchmark/finance_import.py (Python's csv and
// sqlite3 modules, from the standard library) on the same file; --python names the interpreter (python3).
//
// `statements` measures bank statement imports (a CSV export and an OFX file) against
// Benchmarks/FinanceBenchmark/statement_import.py (Python's csv module, and ofxtools for OFX); --python must
// then have ofxtools (the repository's .build/venv does).
//
// Prints each measurement with its baseline and the ratio. Progress goes to stderr on a terminal only.
import Foundation
import GRDBSQLite
import HearthFinance

let arguments = CommandLine.arguments

// A child process that only exports, so its peak memory is the export's own.
if arguments.count >= 5, arguments[1] == "--export-child" {
    let result = try await ExportChild.run(mode: arguments[2], database: arguments[3], output: arguments[4])
    print(result)
    exit(0)
}

func option(_ name: String, _ fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let value = Int(arguments[index + 1])
    else { return fallback }
    return value
}

let insertRows = option("--insert-rows", 100_000)
let largeRows = option("--large-rows", 1_000_000)
let runs = max(1, option("--runs", 5))
let folder: URL = {
    if let index = arguments.firstIndex(of: "--dir"), index + 1 < arguments.count {
        return URL(fileURLWithPath: arguments[index + 1])
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("hearth-finance-benchmark-\(getpid())")
}()
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { if !arguments.contains("--keep") { try? FileManager.default.removeItem(at: folder) } }

var bench = Benchmark(folder: folder, runs: runs)
if let index = arguments.firstIndex(of: "--python"), index + 1 < arguments.count { bench.python = arguments[index + 1] }
if arguments.count > 1, arguments[1] == "statements" {
    try bench.statements(rows: option("--rows", 1_000_000))
    exit(0)
}
print(
    "FinanceBenchmark: \(insertRows) rows for inserts (median of \(runs) runs), \(largeRows) rows for fetches (median of \(max(runs * 4, 21)) runs) and export"
)
print("SQLite \(String(cString: sqlite3_libversion())), files in \(folder.path)")
print("")
let insertRate = try await bench.insert(rows: insertRows)
try await bench.large(rows: largeRows, insertRate: insertRate)
