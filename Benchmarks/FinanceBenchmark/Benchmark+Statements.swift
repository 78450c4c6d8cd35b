import Foundation
import HearthFinance

extension Benchmark {
    /// Statement imports of `rows` transactions — a bank's CSV export and an OFX 1.x file — each in its own
    /// process into a new store, at the full size and a tenth of it (peak memory must not grow with the
    /// rows), against a Python script on the same files: the csv module for CSV, and ofxtools' parser for
    /// OFX on the smaller file (it builds the whole document in memory).
    func statements(rows: Int) throws {
        print("Bank statement imports (each in its own process, into a new store)")
        let tenth = max(1, rows / 10)
        for count in [tenth, rows] {
            let csv = folder.appendingPathComponent("statement-\(count).csv")
            let ofx = folder.appendingPathComponent("statement-\(count).ofx")
            progress("writing \(count)-row statements")
            try Self.writeStatementCSV(csv, rows: count)
            try Self.writeStatementOFX(ofx, rows: count)
            clearProgress()
            print("  \(count) transactions:")
            for (kind, file) in [("csv", csv), ("ofx", ofx)] {
                let ours = try child(
                    "statement-\(kind)", database: freshDatabase("statement-\(kind)-\(count)"), output: file)
                guard ours.detail == "\(count) rows" else {
                    throw BenchmarkError("the \(kind) import of \(count) rows added \(ours.detail)")
                }
                let rate = Double(count) / ours.seconds
                print(
                    "    " + pad("importStatement (\(kind.uppercased()))")
                        + String(
                            format: "%8.2f s   peak %6.1f MB  %9.0f rows/s  (file %.0f MB)", ours.seconds, ours.peakMB,
                            rate, megabytes(file)))
                // ofxtools holds the whole document as a tree: only the smaller file is fair to it.
                guard kind == "csv" || count == tenth else { continue }
                let python = try pythonStatement(
                    kind, file, into: freshDatabase("python-\(kind)-\(count)", schema: false))
                guard python.inserted == count else {
                    throw BenchmarkError("the Python \(kind) import of \(count) rows inserted \(python.inserted)")
                }
                print(
                    "    "
                        + pad(
                            kind == "csv" ? "Python csv + sqlite3, same file" : "Python ofxtools + sqlite3, same file")
                        + String(
                            format: "%8.2f s   peak %6.1f MB  %9.0f rows/s   → Hearth %.2f× its speed",
                            python.result.seconds, python.result.peakMB, Double(count) / python.result.seconds,
                            python.result.seconds / ours.seconds))
            }
        }
    }

    /// A bank's CSV export: `Date;Payee;Memo;Amount`, day-first dates, decimal commas, spread over five years.
    static func writeStatementCSV(_ url: URL, rows: Int) throws {
        try writeLines(url, header: "Date;Payee;Memo;Amount\n", rows: rows) { index, line in
            let (day, month, year) = Self.day(index, of: rows)
            line +=
                "\(day < 10 ? "0" : "")\(day)/\(month < 10 ? "0" : "")\(month)/\(year);Shop \(index % 977);ref \(index);"
            line += Self.amount(index, comma: true)
            line += "\n"
        }
    }

    /// An OFX 1.02 statement as banks write it: SGML without end tags on elements, one account.
    static func writeStatementOFX(_ url: URL, rows: Int) throws {
        let header = """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102
            SECURITY:NONE
            ENCODING:USASCII
            CHARSET:1252
            COMPRESSION:NONE
            OLDFILEUID:NONE
            NEWFILEUID:NONE

            <OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260101120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
            <BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>EUR
            <BANKACCTFROM><BANKID>20111<ACCTID>0001234567<ACCTTYPE>CHECKING</BANKACCTFROM>
            <BANKTRANLIST><DTSTART>20210101<DTEND>20260101

            """
        try writeLines(url, header: header, rows: rows) { index, line in
            let (day, month, year) = Self.day(index, of: rows)
            line +=
                "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>\(year)\(month < 10 ? "0" : "")\(month)\(day < 10 ? "0" : "")\(day)"
            line +=
                "<TRNAMT>\(Self.amount(index, comma: false))<FITID>\(index)<NAME>Shop \(index % 977)<MEMO>ref \(index)</STMTTRN>\n"
        }
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(
            contentsOf: Data(
                "</BANKTRANLIST><LEDGERBAL><BALAMT>0<DTASOF>20260101</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
                    .utf8))
        try handle.close()
    }

    /// Writes `header` and `rows` lines made by `line`, 1 MiB at a time.
    static func writeLines(_ url: URL, header: String, rows: Int, _ line: (Int, inout String) -> Void) throws {
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        var buffer = header
        for index in 0..<rows {
            line(index, &buffer)
            if buffer.utf8.count >= 1 << 20 {
                try handle.write(contentsOf: Data(buffer.utf8))
                buffer = ""
            }
        }
        try handle.write(contentsOf: Data(buffer.utf8))
        try handle.close()
    }

    /// Day, month and year of row `index` of `total`, spread evenly over 2021–2025 (28-day months).
    static func day(_ index: Int, of total: Int) -> (Int, Int, Int) {
        let slot = index * (5 * 12 * 28) / max(1, total)
        return (slot % 28 + 1, slot / 28 % 12 + 1, 2021 + slot / (12 * 28))
    }

    /// A non-zero expense in cents, written with a decimal comma or point.
    static func amount(_ index: Int, comma: Bool) -> String {
        let cents = index * 7919 % 250_000 + 1
        let fraction = cents % 100
        return "-\(cents / 100)\(comma ? "," : ".")\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Runs `statement_import.py` on `file`.
    func pythonStatement(_ kind: String, _ file: URL, into database: URL) throws -> (result: ChildResult, inserted: Int)
    {
        progress("importing with Python (\(kind))")
        defer { clearProgress() }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "statement_import.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, script.path, kind, file.path, database.path]
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
