import Foundation
import GRDBSQLite
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthSync
import Logging

/// The child process's connection pool; the process ends with it.
let childHTTPClient = CloudClient.makeHTTPClient()

/// The measured work, each run in a process of its own: prints one line, "records seconds peakMB".
enum Child {
    static func main(_ arguments: [String]) async throws {
        guard arguments.count >= 4, let server = URL(string: arguments[2]) else {
            FileHandle.standardError.write(
                Data("usage: SyncBenchmark --child-first-sync|--child-raw-fetch SERVER TOKEN [DATABASE]\n".utf8))
            exit(2)
        }
        let client = CloudClient(
            configuration: CloudClientConfiguration(serverURL: server), httpClient: childHTTPClient, token: arguments[3]
        )
        let start = ContinuousClock.now
        let count: Int
        switch arguments[1] {
        case "--child-first-sync":
            let finance = try FinanceSync.open(at: URL(fileURLWithPath: arguments[4]))
            var logger = Logger(label: "benchmark")
            logger.logLevel = .critical
            let engine = SyncEngine(
                database: finance.store.database, outbox: finance.outbox, cloud: client, logger: logger)
            let report = try await engine.sync()
            guard report.problems.isEmpty else {
                FileHandle.standardError.write(
                    Data("first sync reported problems: \(report.problems.prefix(3))\n".utf8))
                exit(1)
            }
            count = report.receivedSaves
            let stored = try await finance.store.countTransactions(matching: TransactionQuery())
            guard stored == count else {
                FileHandle.standardError.write(Data("received \(count) but stored \(stored)\n".utf8))
                exit(1)
            }
        case "--child-raw-fetch":
            var token: CloudSyncToken?
            var total = 0
            let zone = CloudZoneID(zoneName: FinanceSync.zoneName)
            while true {
                let page = try await client.privateDatabase.recordChanges(
                    CloudRecordChangesRequest(zoneID: zone, syncToken: token, resultsLimit: 500))
                total += page.records.count
                token = page.syncToken
                if !page.moreComing { break }
            }
            count = total
        case "--child-raw-fetch-insert":
            count = try await rawFetchInsert(client: client, path: arguments[4])
        default:
            exit(2)
        }
        let elapsed = (ContinuousClock.now - start).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        print("\(count) \(String(format: "%.3f", seconds)) \(String(format: "%.1f", peakMegabytes()))")
    }

    /// The least a client must do: fetch the changes feed with the raw client and insert each record's
    /// fields into a plain table through SQLite's C API (one prepared statement, one transaction per page),
    /// with no sync state, no validation and no conflict handling.
    static func rawFetchInsert(client: CloudClient, path: String) async throws -> Int {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw CancellationError()
        }
        defer { sqlite3_close_v2(handle) }
        func execute(_ sql: String) { sqlite3_exec(handle, sql, nil, nil, nil) }
        execute("PRAGMA journal_mode = WAL")
        execute("PRAGMA synchronous = NORMAL")
        execute(
            "CREATE TABLE tx (id TEXT PRIMARY KEY, title TEXT, subtitle TEXT, amount INTEGER, category TEXT, date INTEGER, isRecurring INTEGER, tags TEXT, updatedAt INTEGER)"
        )
        var statement: OpaquePointer?
        sqlite3_prepare_v2(handle, "INSERT INTO tx VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        func text(_ index: Int32, _ value: CloudFieldValue?) {
            if case .string(let string)? = value {
                sqlite3_bind_text(statement, index, string, -1, transient)
            } else {
                sqlite3_bind_null(statement, index)
            }
        }
        func integer(_ index: Int32, _ value: CloudFieldValue?) {
            if case .int64(let number)? = value {
                sqlite3_bind_int64(statement, index, number)
            } else {
                sqlite3_bind_null(statement, index)
            }
        }
        var token: CloudSyncToken?
        var total = 0
        let zone = CloudZoneID(zoneName: FinanceSync.zoneName)
        while true {
            let page = try await client.privateDatabase.recordChanges(
                CloudRecordChangesRequest(zoneID: zone, syncToken: token, resultsLimit: 500))
            execute("BEGIN")
            for record in page.records {
                sqlite3_reset(statement)
                sqlite3_bind_text(statement, 1, record.recordName, -1, transient)
                text(2, record.fields["title"])
                text(3, record.fields["subtitle"])
                integer(4, record.fields["amount"])
                text(5, record.fields["category"])
                integer(6, record.fields["date"])
                integer(7, record.fields["isRecurring"])
                text(8, record.fields["tags"])
                integer(9, record.fields["updatedAt"])
                guard sqlite3_step(statement) == SQLITE_DONE else { throw CancellationError() }
            }
            execute("COMMIT")
            total += page.records.count
            token = page.syncToken
            if !page.moreComing { break }
        }
        return total
    }

    /// VmHWM from /proc/self/status: the most memory this process has held.
    static func peakMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }
}
