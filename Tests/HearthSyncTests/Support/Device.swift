import Foundation
import HearthCloudModel
import HearthCore
import HearthStore
import HearthSync
import HearthTestSupport
import Logging

/// One installation of the notes app: its own database, outbox, client and engine.
struct Device: Sendable {
    let database: AppDatabase
    let delegate: NotesDelegate
    let outbox: SyncOutbox
    let client: CloudClient
    let engine: SyncEngine
    let store: NotesStore

    /// A device signed in to `server` as `email` (signing up when `signUp`); `extraSchemas` are more tables in
    /// its database.
    static func make(
        _ server: LiveServer, email: String, password: String = "long enough password", signUp: Bool = false,
        configure: (NotesDelegate) -> SyncConfiguration = { $0.configuration() },
        databaseURL: URL? = nil, extraSchemas: [any DatabaseSchema.Type] = []
    ) async throws -> Device {
        let database: AppDatabase
        if let databaseURL {
            database = try AppDatabase.open(
                at: databaseURL, schemas: [NotesSchema.self, SyncSchema.self] + extraSchemas)
        } else {
            database = try AppDatabase.inMemory(schemas: [NotesSchema.self, SyncSchema.self] + extraSchemas)
        }
        let delegate = NotesDelegate()
        let outbox = SyncOutbox(configuration: configure(delegate), delegate: delegate)
        let client = CloudClient(
            configuration: CloudClientConfiguration(serverURL: server.url), httpClient: testHTTPClient)
        if signUp {
            try await client.signUp(email: email, password: password)
        } else {
            try await client.signIn(email: email, password: password)
        }
        var logger = Logger(label: "hearth.sync.tests")
        logger.logLevel = .critical
        let engine = SyncEngine(database: database, outbox: outbox, cloud: client, logger: logger)
        return Device(
            database: database, delegate: delegate, outbox: outbox, client: client, engine: engine,
            store: NotesStore(database: database, outbox: outbox))
    }

    func items() async throws -> [Item] { try await store.items() }
}

/// A fresh email for a test user.
func freshEmail(_ name: String = "user") -> String {
    "\(name)-\(UUID().uuidString.prefix(8))@example.com".lowercased()
}

/// Runs `engine` as a service until the returned task is cancelled.
func runInBackground(_ engine: SyncEngine) -> Task<Void, Never> {
    Task { try? await engine.run() }
}

/// The first event matching `predicate`; ``WaitTimedOut`` when none comes within `timeout`, nil when the events end.
func firstEvent(
    _ events: AsyncStream<SyncEvent>, timeout: Duration = .seconds(60),
    where predicate: @escaping @Sendable (SyncEvent) -> Bool
) async throws -> SyncEvent? {
    try await firstElement("a matching sync event arrives", of: events, timeout: timeout) { predicate($0) ? $0 : nil }
}
