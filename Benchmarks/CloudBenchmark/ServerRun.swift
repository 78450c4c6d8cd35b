import AsyncHTTPClient
import Foundation
import HearthCloud
import HearthCloudModel
import HearthServer
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

/// Runs a real server on a loopback port and pushes, then fetches, the workload through it.
enum ServerRun {
    static func measure(
        _ workload: Workload, databaseURL: String?, concurrency: Int, pageSize: Int = 1000, progress: Progress
    ) async throws -> BenchmarkResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: folder, logLevel: .critical, databaseURL: databaseURL)
        configuration.cloud = CloudConfiguration(
            maxRequestBytes: 64_000_000, maxResultsLimit: pageSize, requestsPerSecond: 1e9, burst: 1e9, bcryptCost: 4)
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = try await buildApplication(
            configuration, logger: Logger(label: "bench"), onListening: { portSink.yield($0) })

        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await app.runService(gracefulShutdownSignals: [])
            }
            var portIterator = ports.makeAsyncIterator()
            guard let port = await portIterator.next() else {
                throw CloudError(.internalError, "The server did not start.")
            }
            let client = Client(base: "http://127.0.0.1:\(port)/cloud/v1")
            let token = try await client.signUp()

            // The request bodies are encoded before the clock starts: this measures the server, not the client's encoder.
            let bodies: [ByteBuffer] = try workload.batches.map { range in
                let request = CloudRecordsModifyRequest(
                    operations: range.map { CloudRecordOperation(operationType: .create, record: workload.record($0)) },
                    desiredKeys: [])
                return ByteBuffer(bytes: try JSONEncoder().encode(request))  // encoded once, before timing
            }
            var result = BenchmarkResult(records: workload.count)
            let pushStart = ContinuousClock.now
            var pushed = 0
            let sizes = workload.batches.map(\.count)
            try await withThrowingTaskGroup(of: Int.self) { pushes in
                var next = 0
                while next < min(concurrency, bodies.count) {
                    let index = next
                    pushes.addTask {
                        try await client.post("/private/records/modify", token: token, body: bodies[index])
                        return sizes[index]
                    }
                    next += 1
                }
                while let done = try await pushes.next() {
                    pushed += done
                    progress.update("pushing", pushed, of: workload.count)
                    if next < bodies.count {
                        let index = next
                        pushes.addTask {
                            try await client.post("/private/records/modify", token: token, body: bodies[index])
                            return sizes[index]
                        }
                        next += 1
                    }
                }
            }
            result.pushSeconds = pushStart.duration(to: .now).seconds

            let fetchStart = ContinuousClock.now
            var fetched = 0
            var token_: CloudSyncToken?
            repeat {
                let request = CloudRecordChangesRequest(syncToken: token_, resultsLimit: pageSize)
                let data = try await client.post(
                    "/private/records/changes", token: token, body: ByteBuffer(bytes: try JSONEncoder().encode(request))
                )
                guard let page = CloudRecordChangesResponse.fastDecode(data) else {
                    throw CloudError(.internalError, "A changes page could not be decoded.")
                }
                fetched += page.records.count
                token_ = page.syncToken
                progress.update("fetching", fetched, of: workload.count)
                if !page.moreComing { break }
            } while true
            result.fetchSeconds = fetchStart.duration(to: .now).seconds
            guard fetched == workload.count else {
                throw CloudError(.internalError, "The changes feed returned \(fetched) records, not \(workload.count).")
            }
            group.cancelAll()
            return result
        }
    }
}

/// A minimal JSON-over-HTTP client for the benchmark.
struct Client {
    let base: String

    func signUp() async throws -> String {
        let email = "bench-\(UUID().uuidString.prefix(8))@example.com".lowercased()
        _ = try await post(
            "/accounts/signup", token: nil,
            body: ByteBuffer(
                bytes: try JSONEncoder().encode(CloudSignUpRequest(emailAddress: email, password: "benchmark password"))
            ))
        let data = try await post(
            "/accounts/signin", token: nil,
            body: ByteBuffer(
                bytes: try JSONEncoder().encode(CloudSignInRequest(emailAddress: email, password: "benchmark password"))
            ))
        return try JSONDecoder().decode(CloudSession.self, from: data).token
    }

    @discardableResult
    func post(_ path: String, token: String?, body: ByteBuffer) async throws -> Data {
        var request = HTTPClientRequest(url: base + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.body = .bytes(body)
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let buffer = try await response.body.collect(upTo: 256_000_000)
        let data = Data(buffer.readableBytesView)
        guard response.status.code < 300 else {
            throw CloudError(
                .internalError,
                "\(path) answered \(response.status.code): \(String(decoding: data.prefix(500), as: UTF8.self))")
        }
        return data
    }
}

extension Duration {
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
