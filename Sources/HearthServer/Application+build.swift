import Foundation
import HTTPTypes
import HearthCloud
import HearthCore
import HearthMail
import HearthPantryServer
public import HearthWeb
public import Hummingbird
import HummingbirdWebSocket
public import Logging
import NIOCore
import Prometheus
import Synchronization

/// Builds the Hearth server from its configuration: prepares the data directory, wires the services and
/// registers every route. Tests call this and drive the result with `app.test(.router)` or `.live`.
///
/// - Parameters:
///   - configuration: where to listen and where to keep data.
///   - logger: the logger for the server and its requests.
///   - onListening: called with the bound port once the server accepts connections (useful with port 0).
///   - clock: what the server's timers run on: the GraphQL WebSocket's `connection_init` deadline and keep-alive
///     pings, recipe imports' fetch timeout, the push channel's heartbeats, compaction, the pantry digests' runs,
///     the wait for PostgreSQL at start, and the health checks.
///   - readOdometer: what reads the mileage from an odometer photo uploaded on a vehicle page (the command line
///     wires in Tesseract); nil when the server reads no photos.
/// - Throws: ``ServiceError`` when the data directory cannot be used.
public func buildApplication(
    _ configuration: ServerConfiguration,
    logger: Logger? = nil,
    onListening: @escaping @Sendable (Int) async -> Void = { _ in },
    clock: any Clock<Duration> = ContinuousClock(),
    readOdometer: OdometerPhotoReading? = nil
) async throws -> some ApplicationProtocol {
    var serverLogger = logger ?? Logger(label: "hearth.server")
    serverLogger.logLevel = configuration.logLevel
    let logger = serverLogger
    let dataDirectory = try DataDirectory.prepare(configuration.dataDirectory)
    let registry = PrometheusCollectorRegistry()
    let cloud = try await CloudServices.make(
        configuration, dataDirectory: dataDirectory, logger: logger, clock: clock, registry: registry)
    let healthChecks: [any ServiceHealth] = [
        DataDirectoryHealth(directory: dataDirectory), RecordStoreHealth(store: cloud.store),
    ]

    let collector = try await AnalyticsCollector.make(
        configuration, store: cloud.store,
        limiter: CountedRateLimiter.counting(
            cloud.store.makeRateLimiter(
                name: "analytics", rate: configuration.signedOutRequestsPerSecond, burst: configuration.signedOutBurst),
            as: "analytics", in: registry),
        logger: logger)
    let pantry = try PantryGraphQL(
        on: cloud.store, limits: configuration.graphQLLimits, introspection: configuration.graphQLIntrospection,
        keptAnswerBytes: configuration.graphQLAnswerCacheBytes,
        keptDocumentBytes: configuration.graphQLDocumentCacheBytes,
        recipePages: RecipePageFetcher(
            configuration: .init(privateHostsAllowed: configuration.recipeImportPrivateHosts), clock: clock),
        products: OpenFoodFacts(
            configuration: .init(baseURL: configuration.openFoodFactsURL.absoluteString), clock: clock),
        logger: logger)
    let digests = PantryDigests(
        on: cloud.store,
        channels: PantryDigestService.channels(
            mailer: cloud.api.mail, privateHosts: configuration.recipeImportPrivateHosts),
        logger: logger)
    var graphQL = GraphQLRoutes(
        graphQL: pantry,
        accounts: cloud.api.accounts, maxRequestBytes: configuration.cloud.maxRequestBytes,
        nestingLimit: configuration.graphQLLimits.nestingLimit,
        limiter: CountedRateLimiter.counting(
            cloud.store.makeRateLimiter(
                name: "graphql", rate: configuration.graphQLRequestsPerSecond ?? configuration.cloud.requestsPerSecond,
                burst: configuration.graphQLBurst ?? configuration.cloud.burst),
            as: "graphql", in: registry),
        logger: logger)
    graphQL.signedOutLimiter = cloud.api.signedOutLimiter
    graphQL.operations = GraphQLOperationCounter(registry: registry)
    let api = cloud.api
    let web = try await WebSite(
        accounts: api.accounts, pantry: pantry, records: cloud.store,
        limits: WebLimits(
            requests: api.limiter, signIn: api.signInLimiter, address: api.addressLimiter, signUp: api.signUpLimiter,
            signedOut: api.signedOutLimiter, codes: api.codeLimiter,
            invites: CountedRateLimiter.counting(
                cloud.store.makeRateLimiter(name: "invite-codes-address", rate: 30.0 / 3_600, burst: 30),
                as: "invite-codes-address", in: registry)),
        secureCookies: configuration.publicURL?.scheme?.lowercased() == "https",
        sessionLifetime: configuration.cloud.sessionLifetime,
        sendVerification: { issued in try await api.mail.send(try CloudAPI.verificationMessage(issued)) },
        timers: clock, usage: collector.webUsage(keys: configuration.analyticsKeys),
        vinLookupURL: configuration.vinLookupURL, readOdometer: readOdometer, logger: logger)
    let router = buildRouter(
        healthChecks: healthChecks, registry: registry, cloud: cloud.api, collector: collector, graphQL: graphQL,
        web: web, trustedProxies: configuration.trustedProxies,
        strictTransportSecurity: configuration.publicURL?.scheme?.lowercased() == "https", clock: clock)

    let webSocket = GraphQLWebSocket(
        graphQL: pantry, routes: graphQL, initTimeout: .seconds(10), pingInterval: configuration.graphQLPingInterval,
        maxSubscriptions: configuration.graphQLMaxSubscriptionsPerConnection,
        userSubscriptions: GraphQLSubscriptionCount(limit: configuration.graphQLMaxSubscriptionsPerUser),
        subscriptionBuffer: configuration.graphQLSubscriptionBuffer,
        subscriptionBufferBytes: configuration.graphQLSubscriptionBufferBytes,
        clock: clock, logger: logger)
    return Application(
        router: router,
        server: .http1WebSocketUpgradeClosingUnused(limits: configuration.connectionLimits) { head, _, _ in
            // Only /graphql upgrades, and only for clients that speak graphql-transport-ws; anything else is
            // an ordinary request (GET /graphql then answers as a query).
            let path = head.path.map { String($0.prefix { $0 != "?" }) }
            let offered = head.headerFields[values: .secWebSocketProtocol].flatMap { $0.split(separator: ",") }.map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard path == GraphQLRoutes.path, offered.contains(GraphQLWebSocket.subprotocol) else {
                return .dontUpgrade
            }
            return .upgrade([.secWebSocketProtocol: GraphQLWebSocket.subprotocol]) { inbound, outbound, _ in
                try await webSocket.serve(inbound: inbound, outbound: outbound)
            }
        },
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.host, port: configuration.port),
            serverName: configuration.serverName
        ),
        services: cloud.services + collector.services(configuration, logger: logger)
            + [
                PantryDigestService(
                    digests: digests, interval: PantryDigestService.serverInterval, clock: clock, logger: logger)
            ],
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            logger.notice(
                "Hearth is listening",
                metadata: [
                    "server.url": "http://\(configuration.host):\(port)", "server.data": "\(dataDirectory.url.path)",
                ]
            )
            await onListening(port)
        },
        logger: logger
    )
}

/// Every route of the server as (method, path with `{parameters}`), for checking the OpenAPI document. The analytics
/// collector's routes are left out: they follow PostHog's protocol, which the document does not describe. So is
/// `/graphql`: it follows GraphQL over HTTP, and its schema describes itself by introspection.
func registeredRoutes(_ configuration: ServerConfiguration) async throws -> [(method: String, path: String)] {
    let dataDirectory = try DataDirectory.prepare(configuration.dataDirectory)
    let cloud = try await CloudServices.make(
        configuration, dataDirectory: dataDirectory, logger: Logger(label: "hearth.routes"))
    let router = buildRouter(healthChecks: [], registry: PrometheusCollectorRegistry(), cloud: cloud.api)
    return router.routes.map { route in
        let path = route.path.description.split(separator: "/").map { part in
            part.hasPrefix(":") ? "{\(part.dropFirst())}" : String(part)
        }.joined(separator: "/")
        return (route.method.rawValue.lowercased(), path.hasPrefix("/") ? path : "/" + path)
    }
}

/// Every route of the server, with its middleware; the analytics collector's, the GraphQL endpoint's and the web pages' when given;
/// `Strict-Transport-Security` on every answer when the server's public address is https.
func buildRouter(
    healthChecks: [any ServiceHealth], registry: PrometheusCollectorRegistry, cloud: CloudAPI,
    collector: AnalyticsCollector? = nil, graphQL: GraphQLRoutes? = nil, web: WebSite? = nil,
    trustedProxies: TrustedProxies = .none, strictTransportSecurity: Bool = false,
    clock: any Clock<Duration> = ContinuousClock()
) -> Router<HearthRequestContext> {
    let router = Router(context: HearthRequestContext.self)
    // Filled once every route is registered below; read by the error middleware to answer 405.
    let table = Locked(RouteTable())
    if strictTransportSecurity { router.add(middleware: StrictTransportSecurityMiddleware()) }
    router.add(middleware: PrometheusMetricsMiddleware(registry: registry))
    router.add(middleware: LogRequestsMiddleware(.info))
    router.add(middleware: ErrorMiddleware(methods: { path in table.withLock { $0.methods(for: path) } }))
    router.add(middleware: ClientAddressMiddleware(trusting: trustedProxies))
    addOperationalRoutes(
        to: router, healthChecks: healthChecks, registry: registry, clock: clock,
        pushConnections: { cloud.hub.connectionCount })
    let openAPI = OpenAPIDocument.json(cloud.configuration)
    router.get("/openapi.json") { _, _ -> Response in
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: openAPI)))
    }
    cloud.register(on: router)
    collector?.register(on: router)
    graphQL?.register(on: router)
    web?.register(on: router)
    let routes = RouteTable(router.routes.map { ($0.method, $0.path.description) })
    table.withLock { $0 = routes }
    return router
}

/// `GET /health` (the health report, at most a second old: 200 when healthy, 503 when not) and `GET /metrics` (Prometheus text,
/// with `hearth_push_connections`, the clients connected to the push channel, read at each scrape).
func addOperationalRoutes(
    to router: Router<HearthRequestContext>,
    healthChecks: [any ServiceHealth],
    registry: PrometheusCollectorRegistry,
    clock: any Clock<Duration> = ContinuousClock(),
    pushConnections: @escaping @Sendable () -> Int
) {
    // Probes come often (load balancers, orchestrators); the checks (a database round trip, a file
    // written in the data directory) run at most once a second, and probes in between share that report.
    let reports = HealthReports(maximumAge: .seconds(1), clock: clock)
    let connections = registry.makeGauge(
        descriptor: MetricNameDescriptor(
            namespace: "hearth", subsystem: "push", metricName: "connections", unitName: "",
            helpText: "Clients connected to the push channel"))
    router.get("/health") { _, _ -> Response in
        // The report is encoded once with the checks, not once per probe.
        let report = try await reports.current {
            try EncodedHealthReport(await HealthReport.check(healthChecks, timeout: .seconds(5), clock: clock))
        }
        return Response(
            status: report.isHealthy ? .ok : .serviceUnavailable,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: report.body)
        )
    }
    router.get("/metrics") { _, _ -> Response in
        connections.set(Int64(pushConnections()))
        var buffer: [UInt8] = []
        buffer.reserveCapacity(4096)
        registry.emit(into: &buffer)
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: buffer))
        )
    }
}

/// A health report and its JSON, as `/health` answers it.
struct EncodedHealthReport: Sendable {
    let isHealthy: Bool
    let body: ByteBuffer

    init(_ report: HealthReport) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .iso8601
        isHealthy = report.isHealthy
        body = ByteBuffer(bytes: try encoder.encode(report))
    }
}

/// The last health report and when it was made. Probes while it is younger than ``maximumAge`` take it under
/// a lock, without waiting on anything; the first probe after that runs the checks, and probes arriving
/// meanwhile wait for that same run. A failed run is not kept. Its age is read from the clock it is given.
final class HealthReports: Sendable {
    let maximumAge: Duration
    /// Time since the reports began, on the clock given.
    private let elapsed: @Sendable () -> Duration
    private let state = Mutex(State())

    private struct State {
        var report: EncodedHealthReport?
        var made = Duration.zero
        var running: Task<EncodedHealthReport, any Error>?
    }

    private enum Next {
        case ready(EncodedHealthReport)
        case wait(Task<EncodedHealthReport, any Error>)
    }

    init(maximumAge: Duration, clock: any Clock<Duration> = ContinuousClock()) {
        self.maximumAge = maximumAge
        self.elapsed = clock.stopwatch()
    }

    /// The report, made by `make` when the last one is too old.
    func current(_ make: @escaping @Sendable () async throws -> EncodedHealthReport) async throws -> EncodedHealthReport
    {
        let now = elapsed()
        let next = state.withLock { state -> Next in
            if let report = state.report, now - state.made < maximumAge { return .ready(report) }
            if let running = state.running { return .wait(running) }
            let running = Task { [self] in
                do {
                    let report = try await make()
                    self.state.withLock { state in
                        state.report = report
                        state.made = self.elapsed()
                        state.running = nil
                    }
                    return report
                } catch {
                    self.state.withLock { $0.running = nil }
                    throw error
                }
            }
            state.running = running
            return .wait(running)
        }
        switch next {
        case .ready(let report): return report
        case .wait(let running): return try await running.value
        }
    }
}
