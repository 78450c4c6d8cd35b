import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthMail
import HearthPantryServer
import Logging
import Prometheus
import ServiceLifecycle

/// The record store and the services around it, wired from the server configuration.
struct CloudServices {
    /// The store as the server built it: the API uses it as a ``RecordStore``, and the pantry's and the
    /// analytics collector's tables share its SQL database.
    let store: SQLRecordStore
    let api: CloudAPI
    let services: [any Service]

    /// Opens the record store (SQLite in the data directory, or PostgreSQL), migrates it, and builds the API.
    ///
    /// PostgreSQL must answer within `connectTimeout`, measured on `clock`, which the push heartbeats and the
    /// compaction timer wait on too. Refusals of the rate limits are counted in `registry` when there is one.
    static func make(
        _ configuration: ServerConfiguration, dataDirectory: DataDirectory, logger: Logger,
        connectTimeout: Duration = Self.connectTimeout, clock: any Clock<Duration> = ContinuousClock(),
        registry: PrometheusCollectorRegistry? = nil
    ) async throws -> CloudServices {
        let store: SQLRecordStore
        if let url = configuration.databaseURL {
            do {
                // Migrate with a short-lived client, so the tables exist before the server accepts requests. Only
                // reaching the database has a deadline: a migration may wait on another process's, or on a busy server.
                let migrator = try SQLRecordStore.postgres(
                    url: url, maximumConnections: 2, configuration: configuration.cloud, logger: logger)
                let reached = try await withThrowingTaskGroup(of: Bool.self) { group in
                    group.addTask {
                        try await migrator.run()
                        return false
                    }
                    group.addTask {
                        guard await Self.reach(migrator, within: connectTimeout, clock: clock) else { return false }
                        try await migrator.migrate()
                        try await PantryGraphQL.migrate(migrator)
                        return true
                    }
                    defer { group.cancelAll() }
                    return try await group.next() ?? false
                }
                guard reached else {
                    throw ServiceError(
                        .operationFailed,
                        "The record database \(Redaction.url(url, showingUser: true)) did not answer within \(connectTimeout.seconds.formatted()) seconds. Check that PostgreSQL runs there and that the URL's host, port, user, password and database are right (--database or HEARTH_DATABASE_URL)."
                    )
                }
                store = try SQLRecordStore.postgres(
                    url: url, maximumConnections: configuration.databaseConnections, configuration: configuration.cloud,
                    logger: logger)
            } catch let error as CloudError {
                throw ServiceError(
                    .operationFailed,
                    "The record database cannot be used: \(error.reason) Check --database or HEARTH_DATABASE_URL.",
                    underlying: error)
            }
        } else {
            do {
                let sqlite = try SQLRecordStore.sqlite(
                    url: dataDirectory.url.appendingPathComponent("cloud.sqlite"), configuration: configuration.cloud,
                    logger: logger)
                try await sqlite.migrate()
                try await PantryGraphQL.migrate(sqlite)
                store = sqlite
            } catch let error as CloudError {
                throw ServiceError(
                    .operationFailed,
                    "The record database in \(dataDirectory.url.path) cannot be used: \(error.reason)",
                    underlying: error)
            }
        }
        let cloud = configuration.cloud
        let hub = PushHub(store: store, timers: clock, logger: logger)
        let mail: any MailSending
        if let smtp = configuration.smtp {
            mail = SMTPMailSender(configuration: smtp, logger: logger)
            logger.info("Codes are emailed through \(smtp), from \(smtp.from.address).")
        } else {
            mail = LogMailSender(logger: logger)
            logger.warning(
                "No mail server is configured (--smtp-url, --mail-from): verification and password-reset codes are written to this log instead of being emailed."
            )
        }
        let outbox = MailOutbox(sender: mail, logger: logger)
        func limiter(_ name: String, rate: Double, burst: Double) -> any RateLimiting {
            CountedRateLimiter.counting(
                store.makeRateLimiter(name: name, rate: rate, burst: burst), as: name, in: registry)
        }
        let api = CloudAPI(
            store: store,
            accounts: AccountService(
                store: store, configuration: cloud, codeKey: try ServerSecret.load(in: dataDirectory.url)),
            limiter: limiter("requests", rate: cloud.requestsPerSecond, burst: cloud.burst),
            signInLimiter: limiter("signin", rate: cloud.signInRate, burst: cloud.signInBurst),
            addressLimiter: limiter("signin-address", rate: cloud.addressRate, burst: cloud.addressBurst),
            signUpLimiter: limiter("signup", rate: cloud.signInRate, burst: cloud.signInBurst),
            signedOutLimiter: limiter(
                "signed-out", rate: configuration.signedOutRequestsPerSecond, burst: configuration.signedOutBurst),
            hub: hub,
            configuration: cloud,
            mail: mail,
            outbox: outbox,
            codeLimiter: CombinedRateLimiter([
                limiter("account-codes", rate: cloud.accountCodeRate, burst: cloud.accountCodeBurst),
                limiter(
                    "account-codes-daily", rate: Double(cloud.accountCodesPerDay) / 86_400,
                    burst: Double(cloud.accountCodesPerDay)),
            ]),
            uploadDirectory: try AssetUpload.prepareDirectory(in: dataDirectory.url)
        )
        let services: [any Service] = [
            StoreService(store: store), hub, CompactionService(store: store, timers: clock, logger: logger), outbox,
        ]
        return CloudServices(store: store, api: api, services: services)
    }
}

extension CloudServices {
    /// How long the server waits for PostgreSQL to answer when it starts.
    static let connectTimeout: Duration = .seconds(20)

    /// Whether `store` answers a statement within `timeout` on `clock`, asking again every 200 ms (a database
    /// still starting refuses connections for a moment).
    static func reach(_ store: SQLRecordStore, within timeout: Duration, clock: any Clock<Duration>) async -> Bool {
        await withTimeout(timeout, clock: clock) {
            while await !store.checkHealth().isHealthy {
                guard (try? await clock.sleep(for: .milliseconds(200))) != nil else { return false }
            }
            return true
        } ?? false
    }
}
