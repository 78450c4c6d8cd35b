import ArgumentParser
import AsyncHTTPClient
import Foundation
import GRDBSQLite
import HearthCloud
import HearthCloudModel
import HearthServer
import Hummingbird
import Logging
import NIOCore
import PostgresNIO

#if canImport(Glibc)
    import Glibc
#endif

/// Pushes records into the record server over loopback HTTP in batches and fetches them back through the
/// changes feed, on SQLite and on PostgreSQL, against inserting the same rows straight into the database.
///
///     swift run -c release CloudBenchmark [--records 100000] [--batch 400] [--postgres URL] [--json]
@main
struct CloudBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure the record server: push in batches, fetch through the changes feed, against raw inserts.",
        discussion:
            "PostgreSQL runs when --postgres or HEARTH_TEST_POSTGRES_URL names a database; each run uses its own schema and drops it."
    )

    @Option(help: "How many records to push.") var records = 100_000
    @Option(help: "Records per request (and per raw transaction).") var batch = 400
    @Option(help: "A postgres:// URL; defaults to HEARTH_TEST_POSTGRES_URL.") var postgres: String?
    @Option(help: "Push requests in flight at once (1 is a client that waits for each answer).") var concurrency = 1
    @Option(help: "Records per changes page (the server's maxResultsLimit is set to match).") var page = 1000
    @Flag(help: "Print the results as JSON on stdout and no progress.") var json = false

    func validate() throws {
        guard records > 0, batch > 0, batch <= 400, (1...16).contains(concurrency), page > 0 else {
            throw ValidationError(
                "--records must be positive and --batch between 1 and 400 (the server's limit), and --concurrency between 1 and 16."
            )
        }
    }

    func run() async throws {
        let progress = Progress(enabled: !json && isatty(STDERR_FILENO) != 0)
        let workload = Workload(count: records, batch: batch)
        var results: [BenchmarkResult] = []

        progress.note("SQLite: raw inserts of \(records) rows")
        let rawSQLite = try RawSQLite.insert(workload)
        progress.note("SQLite: pushing through the server")
        var sqlite = try await ServerRun.measure(
            workload, databaseURL: nil, concurrency: concurrency, pageSize: page, progress: progress)
        sqlite.rawSeconds = rawSQLite
        sqlite.store = "sqlite"
        results.append(sqlite)

        let url = postgres ?? ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"]
        if let url, !url.isEmpty {
            progress.note("PostgreSQL: raw inserts of \(records) rows")
            let rawPostgres = try await RawPostgres.insert(workload, url: url)
            let schema =
                "bench_" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12))
            progress.note("PostgreSQL: pushing through the server")
            var postgresResult = try await ServerRun.measure(
                workload, databaseURL: url + (url.contains("?") ? "&" : "?") + "schema=\(schema)",
                concurrency: concurrency, pageSize: page, progress: progress)
            try await RawPostgres.dropSchema(url: url, schema: schema)
            postgresResult.rawSeconds = rawPostgres
            postgresResult.store = "postgres"
            results.append(postgresResult)
        } else if !json {
            FileHandle.standardError.write(
                Data("PostgreSQL skipped: give --postgres or set HEARTH_TEST_POSTGRES_URL.\n".utf8))
        }
        progress.clear()
        let peak = PeakMemory.current()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let report = BenchmarkReport(
                records: records, batch: batch, concurrency: concurrency, peakRSSMegabytes: peak, results: results)
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print("records: \(records) in batches of \(batch), \(concurrency) request(s) in flight, loopback HTTP")
            for result in results { print(result.summary) }
            print(String(format: "peak RSS of the benchmark process (client and server): %.0f MB", peak))
        }
    }
}

/// One store's figures.
struct BenchmarkResult: Encodable {
    var store = ""
    var records = 0
    var rawSeconds = 0.0
    var pushSeconds = 0.0
    var fetchSeconds = 0.0

    var rawPerSecond: Double { Double(records) / rawSeconds }
    var pushPerSecond: Double { Double(records) / pushSeconds }
    var fetchPerSecond: Double { Double(records) / fetchSeconds }
    /// Server push throughput as a share of raw inserts (goal ≥ 0.25).
    var pushRatio: Double { rawSeconds / pushSeconds }

    var summary: String {
        String(
            format:
                "%@: raw insert %.0f rows/s; push via server %.0f records/s = %.2f× raw (goal ≥ 0.25); changes feed %.0f records/s (goal ≥ 50000)",
            store, rawPerSecond, pushPerSecond, pushRatio, fetchPerSecond
        )
    }

    enum CodingKeys: String, CodingKey {
        case store, records, rawSeconds, pushSeconds, fetchSeconds, rawPerSecond, pushPerSecond, fetchPerSecond,
            pushRatio
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(store, forKey: .store)
        try container.encode(records, forKey: .records)
        try container.encode(rawSeconds, forKey: .rawSeconds)
        try container.encode(pushSeconds, forKey: .pushSeconds)
        try container.encode(fetchSeconds, forKey: .fetchSeconds)
        try container.encode(rawPerSecond, forKey: .rawPerSecond)
        try container.encode(pushPerSecond, forKey: .pushPerSecond)
        try container.encode(fetchPerSecond, forKey: .fetchPerSecond)
        try container.encode(pushRatio, forKey: .pushRatio)
    }
}

struct BenchmarkReport: Encodable {
    var records: Int
    var batch: Int
    var concurrency: Int
    var peakRSSMegabytes: Double
    var results: [BenchmarkResult]
}

/// The records to push: a vehicle-service-like record with five typed fields.
struct Workload {
    let count: Int
    let batch: Int

    func record(_ index: Int) -> CloudRecord {
        CloudRecord(
            recordName: "rec-\(index)", recordType: "ServiceEntry",
            fields: [
                "title": .string("Oil and filter change #\(index)"),
                "mileage": .int64(Int64(10_000 + index * 7)),
                "date": .date(1_700_000_000_000 + Int64(index) * 60_000),
                "cost": .double(Double(index % 500) + 0.99),
                "done": .boolean(index.isMultiple(of: 3)),
            ])
    }

    var batches: [Range<Int>] {
        stride(from: 0, to: count, by: batch).map { $0..<min($0 + batch, count) }
    }

    /// The fields as the store keeps them (canonical JSON), for the raw baseline.
    func storedFields(_ index: Int) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(record(index).fields), as: UTF8.self)
    }
}

/// Progress on a terminal; silent otherwise.
struct Progress {
    let enabled: Bool

    func note(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)…".utf8))
    }

    func update(_ what: String, _ done: Int, of total: Int) {
        guard enabled, done % 4000 == 0 || done == total else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(what) \(done)/\(total)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// Peak resident memory of this process, from /proc/self/status (VmHWM), in MB.
enum PeakMemory {
    static func current() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        let kilobytes = Double(line.split(separator: " ").dropFirst().first.map(String.init) ?? "0") ?? 0
        return kilobytes / 1024
    }
}
