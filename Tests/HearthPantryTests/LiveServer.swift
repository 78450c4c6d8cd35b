import AsyncHTTPClient
import Foundation
import HearthCloud
import HearthCore
import HearthPantry
import HearthServer
import HearthStore
import HearthTestSupport
import Logging
import NIOCore
import ServiceLifecycle

/// A real Hearth server (cloud accounts and the pantry's GraphQL) on loopback port 0, with its SQLite store in
/// a temp directory, run in process until ``stop()``.
final class LiveServer: Sendable {
    let url: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(url: URL, group: ServiceGroup, task: Task<Void, any Error>) {
        self.url = url
        self.group = group
        self.task = task
    }

    static func start() async throws -> LiveServer {
        var cloud = CloudConfiguration()
        cloud.bcryptCost = 4
        let folder = scratchDirectory("hearth-pantry-server")
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: folder, logLevel: .critical, cloud: cloud)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "hearth.pantry.tests.server")
        logger.logLevel = .critical
        let app = try await buildApplication(
            configuration, logger: logger, onListening: { port in continuation.yield(port) })
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return LiveServer(url: URL(string: "http://127.0.0.1:\(port)")!, group: group, task: task)
    }

    /// Stops the server gracefully, waiting at most 10 seconds; a stop that takes longer is reported and left to
    /// finish in the background.
    func stop() async {
        if await !stop(within: .seconds(10)) {
            FileHandle.standardError.write(
                Data(
                    "The test server at \(url) did not stop within 10 seconds; it is left to stop in the background.\n"
                        .utf8))
        }
    }

    /// Stops the server gracefully; false when it has not stopped within `limit` (it goes on stopping).
    func stop(within limit: Duration) async -> Bool {
        await group.triggerGracefulShutdown()
        let stopped = Locked(false)
        let running = task
        Task {
            _ = try? await running.value
            stopped.withLock { $0 = true }
        }
        return (try? await waitUntil("the test server stopped", timeout: limit) { stopped.current }) != nil
    }

    /// A fresh client of this server (its own files, token store and caches), with time from `clock` and `now`.
    func client(
        clock: ManualClock = ManualClock(), now: @escaping @Sendable () -> Date = { Date() },
        httpClient: HTTPClient = .shared
    ) -> DependencyContainer {
        let folder = scratchDirectory("hearth-pantry-client")
        return ServiceFactory.makeServices(
            serverURL: url, httpClient: httpClient, files: ProtectedFileStore(directory: folder), clock: clock, now: now
        )
    }

    /// A client signed up as a new account.
    func signedUpClient(
        _ name: String = "cook", clock: ManualClock = ManualClock(), now: @escaping @Sendable () -> Date = { Date() },
        httpClient: HTTPClient = .shared
    ) async throws -> DependencyContainer {
        let services = client(clock: clock, now: now, httpClient: httpClient)
        try await services.auth().signUp(email: freshEmail(name), password: "long enough password")
        return services
    }
}

/// A connection pool that closes idle connections at once, so a test can stop its server without waiting
/// for the pool's keep-alive connections to time out. Shut it down after use.
func briefConnectionsClient() -> HTTPClient {
    var configuration = HTTPClient.Configuration()
    configuration.connectionPool = HTTPClient.Configuration.ConnectionPool(idleTimeout: .milliseconds(50))
    configuration.connectionPool.retryConnectionEstablishment = false
    return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
}

/// An email no other test uses.
func freshEmail(_ name: String = "cook") -> String {
    "\(name)-\(UUID().uuidString.prefix(8).lowercased())@example.com"
}

/// Runs `body` with a live server, stopped afterwards whatever happens.
func withLiveServer<T: Sendable>(_ body: (LiveServer) async throws -> T) async throws -> T {
    let server = try await LiveServer.start()
    do {
        let value = try await body(server)
        await server.stop()
        return value
    } catch {
        await server.stop()
        throw error
    }
}

/// The error `body` throws, as a `ServiceError` (nil when it throws none or another kind).
func serviceError(_ body: () async throws -> Void) async -> ServiceError? {
    do {
        try await body()
        return nil
    } catch let error as ServiceError {
        return error
    } catch {
        return nil
    }
}

/// A wall clock a test moves by hand.
final class TestNow: Sendable {
    private let date: Locked<Date>
    init(_ start: Date = Date()) { date = Locked(start) }
    var now: @Sendable () -> Date { { [date] in date.current } }
    func set(_ value: Date) { date.withLock { $0 = value } }
}
