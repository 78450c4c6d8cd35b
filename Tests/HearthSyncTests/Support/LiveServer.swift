import Foundation
import HearthCloud
import HearthServer
import HearthSync
import HearthTestSupport
import Hummingbird
import Logging
import ServiceLifecycle
import Testing

/// A real HearthCloud server on loopback (port 0 unless a port is given), with its SQLite store in a temp
/// directory, run in process until ``stop()``.
final class LiveServer: Sendable {
    let port: Int
    let dataDirectory: URL
    let cloud: CloudConfiguration
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private init(
        port: Int, dataDirectory: URL, cloud: CloudConfiguration, group: ServiceGroup, task: Task<Void, any Error>
    ) {
        self.port = port
        self.dataDirectory = dataDirectory
        self.cloud = cloud
        self.group = group
        self.task = task
    }

    /// Starts a server. `cloud` sets its limits; bcrypt is made cheap for tests. `databaseURL` (`postgres://…`)
    /// keeps its records in PostgreSQL instead of SQLite; `smtpURL` sends its codes through that mail server.
    static func start(
        cloud: CloudConfiguration = CloudConfiguration(), port: Int = 0, dataDirectory: URL? = nil,
        databaseURL: String? = nil, smtpURL: String? = nil
    ) async throws -> LiveServer {
        var cloud = cloud
        cloud.bcryptCost = 4
        let folder = dataDirectory ?? scratchDirectory("hearth-sync-server")
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: port, dataDirectory: folder, logLevel: .critical, databaseURL: databaseURL,
            cloud: cloud)
        if let smtpURL {
            configuration.smtp = try ServerConfiguration.resolve(
                smtpURL: smtpURL, mailFrom: "hearth@example.com", environment: [:]
            ).smtp
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "hearth.sync.tests.server")
        logger.logLevel = .critical
        let app = try await buildApplication(
            configuration, logger: logger, onListening: { port in continuation.yield(port) })
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next() else { throw CancellationError() }
        return LiveServer(port: bound, dataDirectory: folder, cloud: cloud, group: group, task: task)
    }

    /// Stops the server (open push connections are closed).
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }

    /// Starts the server again on the same port and data directory.
    func restart() async throws -> LiveServer {
        try await LiveServer.start(cloud: cloud, port: port, dataDirectory: dataDirectory)
    }

    /// Compacts the server's store as if `retention` had passed: deletions older than it are removed and
    /// tokens from before them expire.
    func compactTombstones() async throws -> CloudCompactionReport {
        var configuration = cloud
        configuration.tombstoneRetention = .zero
        let store = try SQLRecordStore.sqlite(
            url: dataDirectory.appendingPathComponent("cloud.sqlite"), configuration: configuration)
        return try await store.compact(now: Date().addingTimeInterval(1))
    }

    /// Marks `email` proven for the account `userID`, as following the mailed code does: invitations sent to
    /// the address become the account's.
    func verify(_ email: String) async throws {
        let store = try SQLRecordStore.sqlite(
            url: dataDirectory.appendingPathComponent("cloud.sqlite"), configuration: cloud)
        let account = try #require(try await store.account(email: email))
        #expect(
            try await store.verifyEmail(
                accountID: account.id, email: email, at: Int64(Date().timeIntervalSince1970 * 1000)))
    }
}

/// The connection pool every client of these tests sends through: one per test process, as an app has one.
let testHTTPClient = CloudClient.makeHTTPClient()
