import Foundation
import GRDB
import GRDBSQLite
import HearthFinance
import HearthStore

/// The measurements, each against its raw-SQLite baseline.
struct Benchmark {
    let folder: URL
    let runs: Int
    /// The Python interpreter for the baseline script.
    var python = "python3"

    /// The data: deterministic transactions spread evenly over five years (2021–2025).
    static func transactions(_ range: Range<Int>, total: Int) -> [Transaction] {
        let start = 1_609_459_200.0  // 2021-01-01T00:00:00Z
        let span = 5 * 365.25 * 86_400.0
        let categories = TransactionCategory.allCases
        let titles = ["Groceries", "Coffee", "Rent", "Salary", "Train ticket", "Cinema", "Pharmacy", "Books"]
        return range.map { index in
            var state = UInt64(index) &* 0x9E37_79B9_7F4A_7C15
            state ^= state >> 31
            let cents = Int64(state % 50_000) + 1
            let income = index % 10 == 0
            return Transaction(
                id: UUID(), title: titles[index % titles.count], subtitle: "Note \(index % 1000)",
                amount: Decimal(sign: income ? .plus : .minus, exponent: -2, significand: Decimal(cents)),
                category: income ? .income : categories[index % categories.count],
                date: Date(timeIntervalSince1970: start + span * Double(index) / Double(total)),
                isRecurring: index % 25 == 0, tags: index % 3 == 0 ? ["home", "weekly"] : [])
        }
    }

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    // MARK: Inserting

    /// Returns the rows per second of `insertTransactions`, the rate imports are measured against.
    func insert(rows count: Int) async throws -> Double {
        let rows = Self.transactions(0..<count, total: count)
        // The same rows as column values, converted once: the floor no Swift layer can beat.
        let columns = rows.map(RawColumns.init)
        var ours: [Duration] = []
        var raw: [Duration] = []
        var rawPrepared: [Duration] = []
        for run in 0..<runs {
            progress("inserting \(count) rows, run \(run + 1) of \(runs)")
            let oursFile = try emptyDatabase("insert-ours-\(run)")
            let store = try FinancePersistenceService.open(at: oursFile, calendar: Self.utc, undoLimit: 100)
            ours.append(try await time { _ = try await store.insertTransactions(rows) })

            let rawFile = try emptyDatabase("insert-raw-\(run)")
            raw.append(try time { try rawInsert(rows.lazy.map(RawColumns.init), into: rawFile) })

            let preparedFile = try emptyDatabase("insert-raw-prepared-\(run)")
            rawPrepared.append(try time { try rawInsert(columns, into: preparedFile) })
        }
        clearProgress()
        let o = median(ours)
        let r = median(raw)
        let p = median(rawPrepared)
        print("Batch insert of \(count) transactions in one transaction")
        row("insertTransactions (validate, stamp, journal for undo)", o, rate: count)
        row("raw C API, one prepared statement, converting each row", r, rate: count)
        row("raw C API, columns converted beforehand", p, rate: count)
        print("  speed vs raw: \(ratio(r, o)) (goal ≥ 0.50); vs pre-converted raw: \(ratio(p, o))")
        print("")
        return Double(count) / o.seconds
    }

    /// A new database file with the finance schema, closed again.
    func emptyDatabase(_ name: String) throws -> URL {
        let url = folder.appendingPathComponent("\(name).sqlite")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        _ = try FinancePersistenceService.open(at: url, calendar: Self.utc)
        return url
    }

    func rawInsert(_ rows: some Sequence<RawColumns>, into url: URL) throws {
        let database = try RawSQLite(path: url.path)
        let statement = try database.prepare(RawSQLite.insertSQL)
        defer { sqlite3_finalize(statement) }
        try database.execute("BEGIN IMMEDIATE")
        for row in rows {
            withUnsafeBytes(of: row.id.uuid) { bytes in
                _ = sqlite3_bind_blob(statement, 1, bytes.baseAddress, 16, transient)
            }
            sqlite3_bind_text(statement, 2, row.title, -1, transient)
            sqlite3_bind_text(statement, 3, row.subtitle, -1, transient)
            sqlite3_bind_int64(statement, 4, row.amount)
            sqlite3_bind_text(statement, 5, row.category, -1, transient)
            sqlite3_bind_int64(statement, 6, row.date)
            sqlite3_bind_int64(statement, 7, row.isRecurring ? 1 : 0)
            sqlite3_bind_text(statement, 8, row.tags, -1, transient)
            sqlite3_bind_int64(statement, 9, row.updatedAt)
            guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchmarkError(database.message) }
            sqlite3_reset(statement)
        }
        try database.execute("COMMIT")
    }

    // MARK: One million rows: fetches, statistics, export

    func large(rows count: Int, insertRate: Double) async throws {
        let url = folder.appendingPathComponent("large.sqlite")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        // Mid-June 2025: the current month holds about 1/60 of the rows.
        let now = Date(timeIntervalSince1970: 1_749_988_800)  // 2025-06-15T12:00:00Z
        let store = try FinancePersistenceService.open(at: url, calendar: Self.utc, now: { now }, undoLimit: 0)
        let chunk = 100_000
        let build = try await time {
            for start in stride(from: 0, to: count, by: chunk) {
                progress("building \(count) rows: \(start)")
                try await store.insertTransactions(Self.transactions(start..<min(start + chunk, count), total: count))
            }
        }
        clearProgress()
        try await store.database.write { try $0.execute(sql: "ANALYZE") }
        try await store.saveContext()
        print(
            "\(count) transactions written through insertTransactions in \(count / chunk) batches: \(format(build)) (\(Int(Double(count) / build.seconds)) rows/s)"
        )
        print("")

        let raw = try RawSQLite(path: url.path)
        let month = Self.utc.dateInterval(of: .month, for: now)!
        let monthBounds = [ms(month.start), ms(month.end)]
        let week = Date(timeIntervalSince1970: 1_700_000_000)
        let ranges: [(String, Date, Date)] = [
            ("date range, 1 hour", week, week.addingTimeInterval(3600)),
            ("date range, 7 days", week, week.addingTimeInterval(7 * 86_400)),
            ("date range, 90 days", week, week.addingTimeInterval(90 * 86_400)),
        ]
        let rangeSQL = RawSQLite.selectSQL + " WHERE date >= ? AND date < ? ORDER BY date DESC, localID DESC"

        print("Fetches on \(count) transactions (rows decoded into values)")
        var fetched = 0
        var rawCount = 0
        let (oursMonth, rawMonth) = try await alternating(
            { fetched = try await store.fetchCurrentMonthTransactions().count },
            { rawCount = try raw.fetchTransactions(rangeSQL, monthBounds).count })
        guard fetched == rawCount else { throw BenchmarkError("current month: store \(fetched) rows, raw \(rawCount)") }
        compare("current month (\(fetched) rows)", ours: oursMonth, raw: rawMonth, goal: "≤ 2.00")
        for (name, start, end) in ranges {
            let (oursRange, rawRange) = try await alternating(
                { fetched = try await store.fetchTransactions(inDateRange: start..<end).count },
                { rawCount = try raw.fetchTransactions(rangeSQL, [ms(start), ms(end)]).count })
            guard fetched == rawCount else { throw BenchmarkError("\(name): store \(fetched) rows, raw \(rawCount)") }
            if fetched < 100 {
                // A handful of rows shows the fixed cost of a call: the hop to GRDB's reader queue and its
                // read transaction.
                row("\(name) (\(fetched) rows)", oursRange, rate: nil)
                print(
                    "    raw C API: \(format(rawRange)); fixed cost of a store call: \(String(format: "%.0f µs", (oursRange - rawRange).seconds * 1e6))"
                )
            } else {
                compare("\(name) (\(fetched) rows)", ours: oursRange, raw: rawRange, goal: "≤ 2.00")
            }
        }
        print("")

        print("Monthly statistics on \(count) transactions")
        var summary: MonthSummary?
        var rawTotals: [[Int64]] = []
        let (oursStats, rawStats) = try await alternating(
            {
                summary = try await store.monthSummary(containing: now)
                _ = try await store.spendingByCategory(inMonthContaining: now)
            },
            {
                rawTotals = try raw.integers(
                    """
                    SELECT COALESCE(SUM(CASE WHEN amount > 0 THEN amount END), 0), COALESCE(SUM(CASE WHEN amount < 0 THEN -amount END), 0), COUNT(*)
                    FROM financeTransaction WHERE date >= ? AND date < ?
                    """, monthBounds)
                _ = try raw.integers(
                    """
                    SELECT SUM(-amount), COUNT(*) FROM financeTransaction WHERE date >= ? AND date < ? AND amount < 0 GROUP BY category
                    """, monthBounds)
            })
        let loading = try await repeatTimed {
            let rows = try await store.fetchCurrentMonthTransactions()
            _ = rows.reduce(into: [TransactionCategory: Decimal]()) { totals, row in
                if row.amount < 0 { totals[row.category, default: 0] -= row.amount }
            }
            _ = rows.reduce(Decimal(0)) { $0 + max($1.amount, 0) }
        }
        guard let summary, rawTotals.first?[2] == Int64(summary.transactionCount) else {
            throw BenchmarkError("statistics disagree")
        }
        compare("month summary + spending by category, in SQL", ours: oursStats, raw: rawStats, goal: "≤ 2.00")
        row("  the same by loading the month's rows into Swift", loading, rate: nil)
        print(
            "  SQL aggregates are \(String(format: "%.1f", loading.seconds / oursStats.seconds))× faster than loading rows"
        )
        print("")

        // Text search reads every title and subtitle: ours ignores case and accents in every script
        // (a SQL function per row); SQLite's LIKE, the baseline, ignores ASCII case only.
        print("Text search on \(count) transactions (a full scan, counting matches)")
        var matches = 0
        var rawMatches: Int64 = -1
        let (oursSearch, rawSearch) = try await alternating(
            { matches = try await store.countTransactions(matching: TransactionQuery().matching("COFFEE")) },
            {
                rawMatches = try raw.integers(
                    "SELECT COUNT(*) FROM financeTransaction WHERE title LIKE '%coffee%' OR subtitle LIKE '%coffee%'",
                    [])[0][0]
            })
        guard Int64(matches) == rawMatches else {
            throw BenchmarkError("text search: store \(matches) rows, raw \(rawMatches)")
        }
        compare("matching(\"COFFEE\") (\(matches) rows)", ours: oursSearch, raw: rawSearch, goal: "—")
        print("")

        try exportCSV(url, rows: count, insertRate: insertRate)
    }

    func exportCSV(_ database: URL, rows count: Int, insertRate: Double) throws {
        print("CSV export of \(count) transactions (each in its own process, peak memory = VmHWM)")
        let ours = try child("ours", database: database, output: folder.appendingPathComponent("ours.csv"))
        let raw = try child("raw", database: database, output: folder.appendingPathComponent("raw.csv"))
        print(
            "  " + pad("exportTransactionsCSV")
                + String(format: "%8.2f s   peak %6.1f MB  (%@)", ours.seconds, ours.peakMB, ours.detail))
        print(
            "  " + pad("raw C API loop writing the same CSV")
                + String(format: "%8.2f s   peak %6.1f MB  (%@)", raw.seconds, raw.peakMB, raw.detail))
        print(
            "  time vs raw: \(String(format: "%.2f", ours.seconds / raw.seconds))×; peak memory \(String(format: "%.1f", ours.peakMB)) MB (goal < 100 MB)"
        )
        let same = FileManager.default.contentsEqual(
            atPath: folder.appendingPathComponent("ours.csv").path,
            andPath: folder.appendingPathComponent("raw.csv").path)
        guard same else { throw BenchmarkError("the CSV written by exportTransactionsCSV differs from the raw one") }
        print("  the two files are byte-for-byte identical")
        print("")
        try exchangeJSON(database, rows: count, insertRate: insertRate)
    }

    struct ChildResult {
        let seconds: Double
        let peakMB: Double
        let detail: String
    }

    func child(_ mode: String, database: URL, output: URL) throws -> ChildResult {
        progress("exporting (\(mode))")
        defer { clearProgress() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = Bundle.main.executableURL
        }
        process.arguments = ["--export-child", mode, database.path, output.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).split(
            separator: " ")
        guard process.terminationStatus == 0, fields.count >= 3, let seconds = Double(fields[0]),
            let peak = Double(fields[1])
        else {
            throw BenchmarkError("export child \(mode) failed: \(String(decoding: data, as: UTF8.self))")
        }
        return ChildResult(seconds: seconds, peakMB: peak, detail: fields.dropFirst(2).joined(separator: " "))
    }

    // MARK: Timing and printing

    func time(_ body: () throws -> Void) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return start.duration(to: clock.now)
    }

    func time(_ body: () async throws -> Void) async throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        return start.duration(to: clock.now)
    }

    /// The median of `runs` timings after one warm-up run.
    func repeatTimed(_ body: () throws -> Void) throws -> Duration {
        try body()
        return median(try (0..<runs).map { _ in try time(body) })
    }

    func repeatTimed(_ body: () async throws -> Void) async throws -> Duration {
        try await body()
        var timings: [Duration] = []
        for _ in 0..<runs { timings.append(try await time(body)) }
        return median(timings)
    }

    /// The medians of `ours` and `raw`, timed in turn after one warm-up each, so both see the same
    /// conditions on a busy machine. Queries take milliseconds, so they run four times as often as the
    /// inserts (at least 21 times): a median over more runs is steadier against other processes.
    func alternating(_ ours: () async throws -> Void, _ raw: () throws -> Void) async throws -> (Duration, Duration) {
        try await ours()
        try raw()
        var oursTimes: [Duration] = []
        var rawTimes: [Duration] = []
        for _ in 0..<max(runs * 4, 21) {
            oursTimes.append(try await time(ours))
            rawTimes.append(try time(raw))
        }
        return (median(oursTimes), median(rawTimes))
    }

    func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

    func compare(_ name: String, ours: Duration, raw: Duration, goal: String) {
        row(name, ours, rate: nil)
        print(
            "    raw C API: \(format(raw)); store time / raw time: \(String(format: "%.2f", ours.seconds / raw.seconds)) (goal \(goal))"
        )
    }

    func row(_ name: String, _ duration: Duration, rate: Int?) {
        let perSecond = rate.map { String(format: "  %9.0f rows/s", Double($0) / duration.seconds) } ?? ""
        print("  " + pad(name) + format(duration) + perSecond)
    }

    func pad(_ text: String) -> String { text.padding(toLength: max(60, text.count + 1), withPad: " ", startingAt: 0) }

    func ratio(_ baseline: Duration, _ measured: Duration) -> String {
        String(format: "%.2f", baseline.seconds / measured.seconds)
    }

    func format(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds >= 1 ? String(format: "%8.3f s ", seconds) : String(format: "%8.2f ms", seconds * 1000)
    }

    func ms(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}

/// A transaction as the column values its row stores.
struct RawColumns {
    let id: UUID
    let title: String
    let subtitle: String
    let amount: Int64
    let category: String
    let date: Int64
    let isRecurring: Bool
    let tags: String
    let updatedAt: Int64

    init(_ transaction: Transaction) {
        id = transaction.id
        title = transaction.title
        subtitle = transaction.subtitle
        amount = NSDecimalNumber(decimal: transaction.amount * 100).int64Value
        category = transaction.category.rawValue
        date = Int64((transaction.date.timeIntervalSince1970 * 1000).rounded())
        isRecurring = transaction.isRecurring
        tags = transaction.tags.isEmpty ? "" : ";" + transaction.tags.joined(separator: ";") + ";"
        updatedAt = Int64((transaction.updatedAt.timeIntervalSince1970 * 1000).rounded())
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// Progress on stderr, only when it is a terminal.
let showsProgress = isatty(STDERR_FILENO) == 1

func progress(_ text: String) {
    guard showsProgress else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K\(text)…".utf8))
}

func clearProgress() {
    guard showsProgress else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
}
