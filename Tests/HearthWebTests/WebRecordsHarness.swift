import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthGarage
import HearthServer
import HearthSync
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import ServiceLifecycle
import Testing

/// A real Hearth server on loopback (port 0) with its SQLite record store in a scratch folder, devices that
/// sign up and sync with it over HTTP, and the pages' record store: a second `SQLRecordStore` on the
/// server's own database file.
final class WebRecordsHarness: Sendable {
    let url: URL
    let dataDirectory: URL
    let store: SQLRecordStore
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// The moment the tests live at: 2026-03-15 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_773_576_000)
    static let utc = TimeZone(identifier: "UTC")!

    private init(url: URL, dataDirectory: URL, store: SQLRecordStore, group: ServiceGroup, task: Task<Void, any Error>)
    {
        self.url = url
        self.dataDirectory = dataDirectory
        self.store = store
        self.group = group
        self.task = task
    }

    static func start() async throws -> WebRecordsHarness {
        var cloud = CloudConfiguration()
        cloud.bcryptCost = 4
        let folder = scratchDirectory("hearth-web-records")
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: folder, logLevel: .critical, cloud: cloud)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "hearth.web.tests.server")
        logger.logLevel = .critical
        let app = try await buildApplication(
            configuration, logger: logger, onListening: { port in continuation.yield(port) })
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        var storeLogger = Logger(label: "hearth.web.tests.store")
        storeLogger.logLevel = .critical
        let store = try SQLRecordStore.sqlite(
            url: folder.appendingPathComponent("cloud.sqlite"), configuration: cloud, logger: storeLogger)
        return WebRecordsHarness(
            url: URL(string: "http://127.0.0.1:\(port)")!, dataDirectory: folder, store: store, group: group, task: task
        )
    }

    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }

    /// A client signed up (or, with `signUp: false`, signed in) as `email`, and the user id it signed in as.
    func client(_ email: String, signUp: Bool = true) async throws -> (client: CloudClient, userID: String) {
        try await Self.client(email, server: url, signUp: signUp)
    }

    /// A client of the server at `url`, signed up (or signed in) as `email`, and the user id it signed in as.
    static func client(_ email: String, server url: URL, signUp: Bool = true) async throws -> (
        client: CloudClient, userID: String
    ) {
        let client = CloudClient(configuration: CloudClientConfiguration(serverURL: url), httpClient: webTestHTTPClient)
        if signUp {
            try await client.signUp(email: email, password: "long enough password")
        } else {
            try await client.signIn(email: email, password: "long enough password")
        }
        return (client, try await client.caller().userRecordName)
    }

    /// A garage device of `email`: its own database file, syncing with the server over HTTP.
    func garageDevice(_ email: String, signUp: Bool = true) async throws -> GarageWebDevice {
        try await Self.garageDevice(email, server: url, signUp: signUp)
    }

    /// A garage device of `email` syncing with the server at `url`.
    static func garageDevice(_ email: String, server url: URL, signUp: Bool = true) async throws -> GarageWebDevice {
        let folder = scratchDirectory("hearth-web-garage")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let garage = try GarageSync.open(
            at: folder.appendingPathComponent("garage.sqlite"), timeZone: Self.utc, now: { Self.now })
        let (client, userID) = try await client(email, server: url, signUp: signUp)
        let engine = SyncEngine(
            database: garage.store.database, outbox: garage.outbox, cloud: client, logger: Self.quiet)
        let service = GarageSync.service(
            store: garage.store, engine: engine, files: GarageFileTransfer(store: garage.store, assets: client))
        return GarageWebDevice(store: garage.store, engine: engine, service: service, userID: userID)
    }

    /// A finance device of `email`.
    func financeDevice(_ email: String, signUp: Bool = true) async throws -> FinanceWebDevice {
        try await Self.financeDevice(email, server: url, signUp: signUp)
    }

    /// A finance device of `email` syncing with the server at `url`.
    static func financeDevice(_ email: String, server url: URL, signUp: Bool = true) async throws -> FinanceWebDevice {
        let folder = scratchDirectory("hearth-web-finance")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let finance = try FinanceSync.open(at: folder.appendingPathComponent("finance.sqlite"), now: { Self.now })
        let (client, userID) = try await client(email, server: url, signUp: signUp)
        let engine = SyncEngine(
            database: finance.store.database, outbox: finance.outbox, cloud: client, logger: Self.quiet)
        return FinanceWebDevice(store: finance.store, engine: engine, userID: userID)
    }

    static var quiet: Logger {
        var logger = Logger(label: "hearth.web.tests.device")
        logger.logLevel = .critical
        return logger
    }
}

/// A garage device: its store (a real database file), the engine that syncs it, and the sync service that
/// moves its files (photos, receipts, documents) around each round, as `hearth garage sync` does.
struct GarageWebDevice {
    let store: GarageStore
    let engine: SyncEngine
    let service: SyncService
    let userID: String

    @discardableResult
    func sync() async throws -> SyncReport { try await service.sync() }
}

/// A finance device.
struct FinanceWebDevice {
    let store: FinancePersistenceService
    let engine: SyncEngine
    let userID: String

    @discardableResult
    func sync() async throws -> SyncReport { try await engine.sync() }
}

/// The connection pool the tests' clients share, as an app has one.
let webTestHTTPClient = CloudClient.makeHTTPClient()

extension WebTest {
    /// A browser signed up on the live server `client` talks to, and a garage device of the same account holding
    /// ``GarageRecordsTests/seed(_:)``'s garage, synced; `car` is the daily car's page.
    static func seededGarage(_ client: any TestClientProtocol) async throws -> (
        browser: WebBrowser, email: String, device: GarageWebDevice, seeded: GarageRecordsTests.Seeded, car: String
    ) {
        let server = URL(string: "http://127.0.0.1:\(try #require(client.port))")!
        let browser = WebBrowser(client)
        let email = try await signUp(browser)
        let device = try await WebRecordsHarness.garageDevice(email, server: server, signUp: false)
        let seeded = try await GarageRecordsTests.seed(device.store)
        try await device.sync()
        return (browser, email, device, seeded, "/garage/\(seeded.car.id.uuidString.lowercased())")
    }

    /// A browser signed up on the live server `client` talks to, and a finance device of the same account holding
    /// ``FinanceRecordsTests/seed(_:)``'s book, synced.
    static func seededBook(_ client: any TestClientProtocol) async throws -> (
        browser: WebBrowser, device: FinanceWebDevice, book: FinanceRecordsTests.Seeded
    ) {
        let server = URL(string: "http://127.0.0.1:\(try #require(client.port))")!
        let browser = WebBrowser(client)
        let email = try await signUp(browser)
        let device = try await WebRecordsHarness.financeDevice(email, server: server, signUp: false)
        let book = try await FinanceRecordsTests.seed(device.store)
        try await device.sync()
        return (browser, device, book)
    }
}
