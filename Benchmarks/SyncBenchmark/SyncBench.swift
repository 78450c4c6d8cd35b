import AsyncHTTPClient
import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthServer
import HearthStore
import HearthSync
import Hummingbird
import Logging
import ServiceLifecycle

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server in this process, and the two measurements.
final class SyncBench: Sendable {
    struct Server: Sendable {
        let port: Int
        var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    }

    let server: Server
    let folder: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>
    private let progress = isatty(STDERR_FILENO) == 1
    /// The connection pool of every client in this process.
    let http = CloudClient.makeHTTPClient()

    private init(server: Server, folder: URL, group: ServiceGroup, task: Task<Void, any Error>) {
        self.server = server
        self.folder = folder
        self.group = group
        self.task = task
    }

    static func start(folder: URL) async throws -> SyncBench {
        var logger = Logger(label: "hearth.sync.benchmark")
        logger.logLevel = .critical
        // The benchmark measures the engine, so the per-user rate limit is raised out of the way.
        let cloud = CloudConfiguration(requestsPerSecond: 1_000_000, burst: 1_000_000, bcryptCost: 4)
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: folder.appendingPathComponent("server"), logLevel: .critical,
            cloud: cloud)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = try await buildApplication(configuration, logger: logger, onListening: { continuation.yield($0) })
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return SyncBench(server: Server(port: port), folder: folder, group: group, task: task)
    }

    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
        try? await http.shutdown()
    }

    private func note(_ text: String) {
        if progress { FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8)) }
    }

    private func clearNote() {
        if progress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    /// A new account, signed in.
    private func account(_ name: String) async throws -> (client: CloudClient, email: String) {
        let client = CloudClient(configuration: CloudClientConfiguration(serverURL: server.url), httpClient: http)
        let email = "\(name)-\(UUID().uuidString.prefix(8))@example.com".lowercased()
        try await client.signUp(email: email, password: "benchmark password")
        return (client, email)
    }

    // MARK: First sync

    /// Seeds accounts of each size through the API, then syncs each to a new device in a child process.
    func firstSync(sizes: [Int]) async throws {
        print("First sync to a new device (each run in its own process; peak memory = VmHWM of that process)")
        print(
            "  baselines, in the same run: \"raw fetch\" pages the same changes feed with the bare client and drops the records;"
        )
        print(
            "  \"raw fetch + C API insert\" also inserts each one into a plain table through SQLite's C API (no sync state, no checks)"
        )
        print(
            "  " + pad("records", 9) + pad("engine", 25) + pad("raw fetch", 25) + pad("raw fetch + C API insert", 27)
                + "engine speed vs each   peak: engine / raw fetch")
        var peaks: [(Int, Double)] = []
        for size in sizes {
            let (client, _) = try await account("first-sync-\(size)")
            _ = try await client.privateDatabase.modifyZones([
                CloudZoneOperation(
                    operationType: .create, zone: CloudZone(zoneID: CloudZoneID(zoneName: FinanceSync.zoneName)))
            ])
            let seedStart = ContinuousClock.now
            try await seed(size, client: client)
            let seedSeconds = seconds(ContinuousClock.now - seedStart)
            note("seeded \(size) records in \(String(format: "%.1f", seedSeconds)) s; syncing…")
            let token = client.token ?? ""
            let database = folder.appendingPathComponent("device-\(size)-\(UUID().uuidString.prefix(6)).sqlite").path
            let engine = try runChild(["--child-first-sync", server.url.absoluteString, token, database])
            let raw = try runChild(["--child-raw-fetch", server.url.absoluteString, token])
            let rawInsert = try runChild([
                "--child-raw-fetch-insert", server.url.absoluteString, token,
                folder.appendingPathComponent("raw-\(size)-\(UUID().uuidString.prefix(6)).sqlite").path,
            ])
            clearNote()
            guard engine.records == size, raw.records == size, rawInsert.records == size else {
                throw ServiceError(
                    .operationFailed,
                    "expected \(size) records; the engine received \(engine.records), the raw fetch \(raw.records), the raw insert \(rawInsert.records)"
                )
            }
            peaks.append((size, engine.peakMB))
            print(
                "  " + pad("\(size)", 9)
                    + pad(String(format: "%6.2f s %8.0f rec/s", engine.seconds, Double(size) / engine.seconds), 25)
                    + pad(String(format: "%6.2f s %8.0f rec/s", raw.seconds, Double(size) / raw.seconds), 25)
                    + pad(
                        String(format: "%6.2f s %8.0f rec/s", rawInsert.seconds, Double(size) / rawInsert.seconds), 27)
                    + pad(
                        String(format: "%.2f / %.2f", raw.seconds / engine.seconds, rawInsert.seconds / engine.seconds),
                        22)
                    + String(format: "%5.1f MB / %5.1f MB", engine.peakMB, raw.peakMB))
        }
        if let first = peaks.first, let last = peaks.last, last.0 > first.0 {
            let growth = last.1 / max(first.1, 1)
            print(
                String(
                    format:
                        "  peak memory ×%.2f for ×%.1f the records (bounded: pages of 500 records, each applied in one transaction)",
                    growth, Double(last.0) / Double(first.0)))
        }
        print("")
    }

    /// Writes `count` finance transactions straight through the API, 400 to a request.
    private func seed(_ count: Int, client: CloudClient) async throws {
        let zone = CloudZoneID(zoneName: FinanceSync.zoneName)
        let categories = TransactionCategory.allCases.map(\.rawValue)
        let base = Int64(Date().timeIntervalSince1970 * 1000)
        var written = 0
        while written < count {
            let batch = min(400, count - written)
            let operations = (0..<batch).map { offset -> CloudRecordOperation in
                let index = written + offset
                let record = CloudRecord(
                    recordName: UUID().uuidString.lowercased(), recordType: "FinanceTransaction",
                    fields: [
                        "title": .string("Transaction \(index)"), "subtitle": .string("seeded"),
                        "amount": .int64(-Int64(100 + index % 9_000)),
                        "category": .string(categories[index % categories.count]),
                        "date": .int64(base - Int64(index) * 60_000),
                        "isRecurring": .int64(index % 10 == 0 ? 1 : 0),
                        "tags": .string(index % 3 == 0 ? ";groceries;" : ""), "updatedAt": .int64(base),
                    ])
                return CloudRecordOperation(operationType: .create, record: record)
            }
            let answer = try await client.privateDatabase.modifyRecords(
                CloudRecordsModifyRequest(zoneID: zone, operations: operations, atomic: false, desiredKeys: []))
            if let failure = answer.records.compactMap(\.error).first { throw failure }
            written += batch
            note("seeding \(written)/\(count)…")
        }
    }

    private struct ChildResult {
        var records: Int
        var seconds: Double
        var peakMB: Double
    }

    private func runChild(_ arguments: [String]) throws -> ChildResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let parts = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, parts.count == 3, let records = Int(parts[0]),
            let seconds = Double(parts[1]), let peak = Double(parts[2])
        else {
            throw ServiceError(
                .operationFailed,
                "the child \(arguments[0]) failed (status \(process.terminationStatus)): \(String(decoding: data, as: UTF8.self))"
            )
        }
        return ChildResult(records: records, seconds: seconds, peakMB: peak)
    }

    /// Waits until `count` clients hold the server's push channel open (its `hearth_push_connections`
    /// metric), for at most 30 s.
    func waitForPushConnections(_ count: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        let metrics = server.url.appendingPathComponent("metrics")
        while true {
            let (data, _) = try await URLSession.shared.data(from: metrics)
            let text = String(decoding: data, as: UTF8.self)
            let connected = text.split(separator: "\n").first { $0.hasPrefix("hearth_push_connections ") }
                .flatMap { Double($0.dropFirst("hearth_push_connections ".count)) }
            if let connected, connected >= Double(count) { return }
            guard ContinuousClock.now < deadline else {
                throw ServiceError(.timedOut, "the push channels of both devices did not connect within 30 s")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    // MARK: Latency

    /// Two devices of one user, both running their engines; one edits a transaction, the other is timed
    /// until it has committed the edit (its `fetched` event, sent after the commit).
    func latency(edits: Int, debounce: Duration?, label: String) async throws {
        let (client, email) = try await account("latency")
        var logger = Logger(label: "hearth.sync.benchmark")
        logger.logLevel = .critical
        func device(_ name: String, _ client: CloudClient) throws -> (FinanceSync.Opened, SyncEngine) {
            var configuration = FinanceSync.configuration()
            if let debounce { configuration.sendDebounce = debounce }
            let finance = try FinanceSync.open(
                at: folder.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(6)).sqlite"),
                configuration: configuration)
            return (
                finance,
                SyncEngine(database: finance.store.database, outbox: finance.outbox, cloud: client, logger: logger)
            )
        }
        let other = CloudClient(configuration: CloudClientConfiguration(serverURL: server.url), httpClient: http)
        try await other.signIn(email: email, password: "benchmark password")
        let (editor, editorEngine) = try device("editor", client)
        let (viewer, viewerEngine) = try device("viewer", other)
        let transaction = try await editor.store.save(Transaction(title: "edit 0", amount: -10, category: .food))
        try await editorEngine.sync()
        try await viewerEngine.sync()
        let editorTask = Task { try await editorEngine.run() }
        let viewerTask = Task { try await viewerEngine.run() }
        defer {
            editorTask.cancel()
            viewerTask.cancel()
        }
        for engine in [editorEngine, viewerEngine] {
            for try await status in engine.status where status == .synced { break }
        }
        try await waitForPushConnections(2)

        let events = viewerEngine.events()
        var iterator = events.makeAsyncIterator()
        let name = transaction.id.uuidString.lowercased()
        var samples: [Double] = []
        samples.reserveCapacity(edits)
        for index in 1...edits {
            let start = ContinuousClock.now
            try await editor.store.updateTransaction(transaction.with(title: "edit \(index)"))
            var seen = false
            while !seen, let event = await iterator.next() {
                if case .fetched(_, let saved, _) = event, saved.contains(where: { $0.recordName == name }) {
                    seen = true
                }
            }
            guard seen else { throw ServiceError(.operationFailed, "the viewer stopped receiving events") }
            samples.append(seconds(ContinuousClock.now - start) * 1000)
            if index % 50 == 0 { note("\(label): \(index)/\(edits) edits…") }
        }
        clearNote()
        let stored = try await viewer.store.fetchTransaction(byID: transaction.id)
        guard stored?.title == "edit \(edits)" else {
            throw ServiceError(.operationFailed, "the viewer ended with \(stored?.title ?? "nothing")")
        }
        samples.sort()
        func percentile(_ p: Double) -> Double {
            samples[min(samples.count - 1, Int((Double(samples.count) * p).rounded(.up)) - 1)]
        }
        print("Edit-to-visible latency, \(label): \(edits) edits, one device to the other over the push channel")
        print(
            String(
                format: "  p50 %.1f ms   p90 %.1f ms   p99 %.1f ms   max %.1f ms   mean %.1f ms", percentile(0.50),
                percentile(0.90), percentile(0.99), samples.last ?? 0, samples.reduce(0, +) / Double(samples.count)))
        if debounce == .zero {
            print(String(format: "  goal p99 < 100 ms on loopback: %@", percentile(0.99) < 100 ? "met" : "NOT met"))
        }
        print("")
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
