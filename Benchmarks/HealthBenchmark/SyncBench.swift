import AsyncHTTPClient
import Foundation
import HearthCloud
import HearthCore
import HearthServer
import HearthSync
import Logging
import ServiceLifecycle

/// A server in this process, and the encrypted-against-plaintext sync runs, each in a child process.
final class SyncBench: Sendable {
    let url: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>
    private let http = CloudClient.makeHTTPClient()

    private init(url: URL, group: ServiceGroup, task: Task<Void, any Error>) {
        self.url = url
        self.group = group
        self.task = task
    }

    static func start(folder: URL) async throws -> SyncBench {
        var logger = Logger(label: "hearth.health.benchmark")
        logger.logLevel = .critical
        // The benchmark measures sync, so the per-user rate limit is raised out of the way.
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
        return SyncBench(url: URL(string: "http://127.0.0.1:\(port)")!, group: group, task: task)
    }

    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
        try? await http.shutdown()
    }

    func run(sizes: [Int]) async throws {
        print(
            "Sync of medical records to a server on loopback (SQLite store, in this process); each run in a child process"
        )
        print(
            "  upload: the device that made the records sends them all; download: a new device of the same user fetches them"
        )
        print(
            "  " + pad("records", 9) + pad("mode", 11) + pad("upload", 24) + pad("download", 24) + "peak MB up / down")
        var peaks: [(Int, Double)] = []
        for size in sizes {
            var results: [String: SyncChild.Result] = [:]
            for mode in ["plaintext", "encrypted"] {
                let email = "health-\(mode)-\(size)-\(UUID().uuidString.prefix(8))@example.com".lowercased()
                let client = CloudClient(configuration: CloudClientConfiguration(serverURL: url), httpClient: http)
                try await client.signUp(email: email, password: SyncChild.password)
                note("\(mode), \(size) records: making and uploading…")
                let up = try runChild([
                    "--child-upload", mode, url.absoluteString, email, String(size), path("up-\(mode)-\(size)"),
                ])
                note("\(mode), \(size) records: downloading to a new device…")
                let down = try runChild([
                    "--child-download", mode, url.absoluteString, email, up.recoveryCode ?? "-",
                    path("down-\(mode)-\(size)"),
                ])
                clearNote()
                guard up.records == size, down.records == size else {
                    throw ServiceError(
                        .operationFailed,
                        "expected \(size) records; the upload sent \(up.records), the download received \(down.records)"
                    )
                }
                results[mode] = up
                results[mode + "-down"] = down
                if mode == "encrypted" { peaks.append((size, max(up.peakMB, down.peakMB))) }
                print(
                    "  " + pad("\(size)", 9) + pad(mode, 11) + pad(Self.rate(size, up.seconds), 24)
                        + pad(Self.rate(size, down.seconds), 24)
                        + String(format: "%5.1f / %5.1f", up.peakMB, down.peakMB))
            }
            if let plainUp = results["plaintext"], let plainDown = results["plaintext-down"],
                let up = results["encrypted"], let down = results["encrypted-down"]
            {
                print(
                    String(
                        format: "  %@encrypted / plaintext throughput: upload %.2f×, download %.2f×, both %.2f×",
                        pad("", 9),
                        plainUp.seconds / up.seconds, plainDown.seconds / down.seconds,
                        (plainUp.seconds + plainDown.seconds) / (up.seconds + down.seconds)))
            }
        }
        if let first = peaks.first, let last = peaks.last, last.0 > first.0 {
            print(
                String(
                    format: "  encrypted peak memory ×%.2f for ×%.1f the records", last.1 / max(first.1, 1),
                    Double(last.0) / Double(first.0)))
        }
        print("")
    }

    private func path(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-health-benchmark-\(getpid())/\(name)-\(UUID().uuidString.prefix(6)).sqlite"
        ).path
    }

    static func rate(_ count: Int, _ seconds: Double) -> String {
        String(format: "%6.2f s %7.0f rec/s", seconds, Double(count) / seconds)
    }

    private func runChild(_ arguments: [String]) throws -> SyncChild.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ServiceError(
                .operationFailed,
                "the child \(arguments.prefix(2).joined(separator: " ")) failed with exit \(process.terminationStatus)")
        }
        return try JSONDecoder().decode(SyncChild.Result.self, from: data)
    }
}
