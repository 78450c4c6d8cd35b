import Foundation
import GRDBSQLite
import HearthFinance

/// Exports or imports in a process of its own and reports "seconds peakMB detail" on stdout.
///
/// Opening the database (its pragmas and schema) happens before the clock starts, as in the Python
/// baseline and the raw loop.
enum ExportChild {
    static func run(mode: String, database: String, output: String) async throws -> String {
        let clock = ContinuousClock()
        let count: Int
        let start: ContinuousClock.Instant
        switch mode {
        case "ours":
            let store = try FinancePersistenceService.open(at: URL(fileURLWithPath: database))
            start = clock.now
            count = try await store.exportTransactionsCSV(to: URL(fileURLWithPath: output), progress: nil)
        case "json-export":
            let store = try FinancePersistenceService.open(at: URL(fileURLWithPath: database))
            start = clock.now
            try await store.exportJSON(to: URL(fileURLWithPath: output))
            count = try await store.countTransactions(matching: TransactionQuery())
        case "json-import", "csv-import":
            // `database` is a new store; `output` is the file to read.
            let store = try FinancePersistenceService.open(at: URL(fileURLWithPath: database))
            let file = URL(fileURLWithPath: output)
            start = clock.now
            let summary =
                mode == "json-import"
                ? try await store.importJSON(from: file)
                : try await store.importTransactionsCSV(from: file, progress: nil)
            count = summary.inserted[.transaction] ?? 0
        case "statement-csv", "statement-ofx":
            // `database` is a new store; `output` is the statement to read.
            let store = try FinancePersistenceService.open(at: URL(fileURLWithPath: database))
            let options =
                mode == "statement-csv"
                ? StatementImportOptions(format: .csv, dayFirst: true, decimalComma: true)
                : StatementImportOptions(format: .ofx)
            start = clock.now
            count = try await store.importStatement(from: URL(fileURLWithPath: output), options: options).added
        default:
            let raw = try RawSQLite(path: database)
            start = clock.now
            count = try rawExport(raw, output: output)
        }
        let seconds = start.duration(to: clock.now).seconds
        return String(format: "%.3f %.1f %d rows", seconds, peakMegabytes(), count)
    }

    /// VmHWM from /proc/self/status: the most memory this process has held.
    static func peakMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return -1 }
        return kilobytes / 1024
    }

    /// The same CSV, written by a plain C-API loop with the same formatting rules.
    static func rawExport(_ raw: RawSQLite, output: String) throws -> Int {
        let statement = try raw.prepare(
            """
            SELECT id, date, title, subtitle, amount, category, isRecurring, tags, updatedAt FROM financeTransaction ORDER BY date, localID
            """)
        defer { sqlite3_finalize(statement) }
        guard let file = fopen(output, "w") else { throw BenchmarkError("cannot write \(output)") }
        defer { fclose(file) }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 18)
        buffer.append(contentsOf: "id,date,title,subtitle,amount,category,isRecurring,tags,updatedAt\n".utf8)
        var count = 0
        func text(_ column: Int32) -> String { String(cString: sqlite3_column_text(statement, column)) }
        func field(_ value: String) {
            if value.utf8.contains(where: { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }) {
                buffer.append(34)
                for byte in value.utf8 {
                    if byte == 34 { buffer.append(34) }
                    buffer.append(byte)
                }
                buffer.append(34)
            } else {
                buffer.append(contentsOf: value.utf8)
            }
        }
        while sqlite3_step(statement) == SQLITE_ROW {
            let blob = sqlite3_column_blob(statement, 0)!.assumingMemoryBound(to: UInt8.self)
            let id = UUID(
                uuid: (
                    blob[0], blob[1], blob[2], blob[3], blob[4], blob[5], blob[6], blob[7],
                    blob[8], blob[9], blob[10], blob[11], blob[12], blob[13], blob[14], blob[15]
                ))
            buffer.append(contentsOf: id.uuidString.utf8)
            buffer.append(44)
            buffer.append(
                contentsOf: FinanceParsing.timestamp(
                    Date(timeIntervalSince1970: Double(sqlite3_column_int64(statement, 1)) / 1000)
                ).utf8)
            buffer.append(44)
            field(text(2))
            buffer.append(44)
            field(text(3))
            buffer.append(44)
            let cents = sqlite3_column_int64(statement, 4)
            buffer.append(
                contentsOf:
                    "\(cents < 0 ? "-" : "")\(cents.magnitude / 100).\(cents.magnitude % 100 < 10 ? "0" : "")\(cents.magnitude % 100)"
                    .utf8)
            buffer.append(44)
            field(text(5))
            buffer.append(44)
            buffer.append(contentsOf: (sqlite3_column_int64(statement, 6) != 0 ? "true" : "false").utf8)
            buffer.append(44)
            field(text(7).split(separator: ";").joined(separator: ";"))
            buffer.append(44)
            buffer.append(
                contentsOf: FinanceParsing.timestamp(
                    Date(timeIntervalSince1970: Double(sqlite3_column_int64(statement, 8)) / 1000)
                ).utf8)
            buffer.append(10)
            count += 1
            if buffer.count >= 1 << 18 {
                fwrite(buffer, 1, buffer.count, file)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        fwrite(buffer, 1, buffer.count, file)
        return count
    }
}
