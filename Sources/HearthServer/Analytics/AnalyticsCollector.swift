import Foundation
import HTTPTypes
import HearthCloud
import HearthCloudModel
import HearthCompression
import HearthCore
import HearthWeb
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The server's PostHog-protocol collector: accepts what PostHog's clients send to PostHog's capture
/// endpoints and stores it in the server's database (``CollectedEventStore``), to read back with
/// `hearth analytics events`.
///
/// Routes (each also with a trailing slash): `POST /i/v0/e`, `/capture`, `/e` (one event or a batch),
/// `POST /batch` and `/track` (a batch, or one event). Bodies may be gzip (`Content-Encoding: gzip`, or
/// `?compression=gzip-js`). A request must carry one of the configured project keys as `api_key`; with no
/// key configured the collector is off and answers 404 saying how to turn it on. Answers `{"status": 1}`,
/// as PostHog does. These routes follow PostHog's protocol, so `/openapi.json` does not describe them.
///
/// A hostile body costs little: each client address has a budget of requests, spent before the body is read
/// (429 `THROTTLED` past it); the body, compressed and inflated, is read up to ``CollectorLimits/maxBytes``
/// and inflating stops there; while it inflates, ``CaptureScan`` stops it at the first project key that is
/// not the server's (401) and at the event past ``CollectorLimits/maxEvents`` (413), before anything is
/// parsed. Events are written a few hundred per transaction.
struct AnalyticsCollector: Sendable {
    /// Where events go; nil when the collector is off.
    let store: (any CollectedEventStore)?
    /// The project keys a client may send.
    let keys: Set<String>
    /// What a request may carry.
    let limits: CollectorLimits
    /// Requests per client address; nil for none.
    let limiter: (any RateLimiting)?
    let clock: @Sendable () -> Date
    let logger: Logger

    static let paths = ["/i/v0/e", "/capture", "/e", "/batch", "/track"]
    /// JSON values a request may hold per event it may carry, on average: far more than PostHog's clients send,
    /// few enough that parsing the largest body allowed takes little memory.
    static let valuesPerEvent = 250

    /// The collector for `configuration`, keeping its events in a table of `store`'s database: on when project
    /// keys are configured, off otherwise. Its table is created on SQLite now, and on PostgreSQL with the first
    /// events (the store's connections only run once the server does).
    static func make(
        _ configuration: ServerConfiguration, store: SQLRecordStore, limiter: (any RateLimiting)? = nil, logger: Logger
    ) async throws -> AnalyticsCollector {
        let keys = Set(configuration.analyticsKeys)
        var events: (any CollectedEventStore)?
        if !keys.isEmpty {
            let table = MigratedOnce(
                store.analyticsEvents(maxRowsPerKey: configuration.collectorLimits.maxRowsPerKey), kind: store.kind)
            if store.kind == "sqlite" { try await table.prepare() }
            events = table
        }
        return AnalyticsCollector(
            store: events, keys: keys, limits: configuration.collectorLimits, limiter: limiter, clock: Date.init,
            logger: logger)
    }

    /// Where the garage pages record screen views when the collector is on: under the first configured key.
    func webUsage(keys: [String]) -> WebUsage? {
        guard let store, let key = keys.first else { return nil }
        return WebUsage(events: store, projectKey: key)
    }

    /// The services the collector needs running: the removal of expired events, when it is on.
    func services(_ configuration: ServerConfiguration, logger: Logger) -> [any Service] {
        guard let store else { return [] }
        return [
            AnalyticsRetentionService(events: store, retention: configuration.collectorLimits.retention, logger: logger)
        ]
    }

    func register(on router: Router<HearthRequestContext>) {
        for path in Self.paths {
            router.post(RouterPath(stringLiteral: path)) { request, context -> Response in
                try await self.capture(request, context: context)
            }
        }
    }

    func capture(_ request: Request, context: HearthRequestContext) async throws -> Response {
        guard let store else {
            throw CollectorError(
                status: .notFound, code: "collector_disabled",
                detail:
                    "This server collects no analytics: no project key is configured. Start hearth serve with --analytics-key KEY (or HEARTH_ANALYTICS_KEYS=KEY1,KEY2) and send that key as api_key."
            )
        }
        if let limiter, let wait = try await limiter.acquire(context.clientAddress.limitKey) {
            throw CloudHTTPError(
                CloudError(
                    .throttled,
                    "Too many analytics requests from your address (\(context.clientAddress)); wait \(wait) seconds, and send more events per request rather than more requests.",
                    retryAfter: wait))
        }
        let tooLarge = CollectorError(
            status: .contentTooLarge, code: "payload_too_large",
            detail:
                "The body is larger than \(limits.maxBytes) bytes, compressed or inflated; send fewer events per request."
        )
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limits.maxBytes {
            throw tooLarge
        }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limits.maxBytes)
        } catch is NIOTooManyBytesError {
            throw tooLarge
        }
        let encoding = request.headers[.contentEncoding]?.lowercased() ?? ""
        let compression = request.uri.queryParameters.get("compression")?.lowercased() ?? ""
        let gzip = encoding.contains("gzip") || compression.hasPrefix("gzip")
        let json = try read(buffer.readableBytesView, gzip: gzip)
        let parsed = try CaptureParser.parse(json, gzip: false, limit: limits.maxBytes, now: clock())
        guard keys.contains(parsed.apiKey) else { throw Self.unknownKey }
        let stored: Int
        do {
            stored = try await store.insert(parsed.events)
        } catch let error as CloudError {
            throw CloudHTTPError(error)
        }
        logger.debug(
            "Analytics events stored",
            metadata: ["analytics.received": "\(parsed.events.count)", "analytics.stored": "\(stored)"])
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: "{\"status\":1}")))
    }

    /// The JSON in `body`, inflated when it is gzip, once ``CaptureScan`` has found nothing to refuse in it.
    /// - Throws: ``CollectorError``: 401 for a project key that is not the server's, 413 past the limits, 400
    ///   for a body that is not what it claims to be.
    func read(_ body: some Collection<UInt8>, gzip: Bool) throws(CollectorError) -> Data {
        guard !body.isEmpty else {
            throw CollectorError.invalid(
                "The request has no body; send a JSON object with api_key and either event or batch.")
        }
        var scan = CaptureScan()
        guard gzip || Zlib.isGzip(body) else {
            scan.feed(body)
            try check(scan)
            return Data(body)
        }
        var json = Data()
        do {
            try Zlib.inflate(body, limit: limits.maxBytes) { piece in
                scan.feed(piece)
                try check(scan)
                json.append(contentsOf: piece)
            }
        } catch let error as CollectorError {
            throw error
        } catch let error as ZlibError where error.code == .tooLarge {
            throw CollectorError(
                status: .contentTooLarge, code: "payload_too_large",
                detail: "The gzip body inflates to more than \(limits.maxBytes) bytes; send fewer events per request.")
        } catch {
            throw CollectorError.invalid(
                "The body is marked as gzip but is not: \(error) Compress the whole JSON body with gzip, or send it uncompressed without Content-Encoding."
            )
        }
        return json
    }

    /// Refuses what `scan` has seen so far: a project key that is not the server's, too many events or values.
    /// (A body without a key is refused by the parser, which says what it found instead.)
    private func check(_ scan: CaptureScan) throws(CollectorError) {
        if scan.keys.contains(where: { !keys.contains($0) }) { throw Self.unknownKey }
        if scan.batchCount > limits.maxEvents {
            throw CollectorError(
                status: .contentTooLarge, code: "too_many_events",
                detail:
                    "The batch has more than \(limits.maxEvents) events, the most one request may carry; send them in several requests."
            )
        }
        let maxValues = limits.maxEvents * Self.valuesPerEvent
        if scan.valueCount > maxValues {
            throw CollectorError(
                status: .contentTooLarge, code: "too_many_values",
                detail:
                    "The body holds more than \(maxValues) JSON values (\(Self.valuesPerEvent) per event the server takes in one request); send fewer properties or fewer events per request."
            )
        }
    }

    static let unknownKey = CollectorError(
        status: .unauthorized, type: "authentication_error", code: "invalid_api_key",
        detail:
            "The api_key is not a project key of this server; use one given to hearth serve with --analytics-key or HEARTH_ANALYTICS_KEYS."
    )
}

/// A ``CollectedEventStore`` whose table is created before its first use (and tried again after a failure).
actor MigratedOnce: CollectedEventStore {
    private let base: any CollectedEventStore
    private let kind: String
    private var migrated = false

    init(_ base: any CollectedEventStore, kind: String) {
        self.base = base
        self.kind = kind
    }

    /// Creates the table unless that was done.
    func prepare() async throws {
        guard !migrated else { return }
        do {
            try await base.migrate()
        } catch let error as CloudError {
            throw error
        } catch {
            throw ServiceError(
                .operationFailed, "Could not prepare the analytics events table in the \(kind) database: \(error)",
                underlying: error)
        }
        migrated = true
    }

    func migrate() async throws { try await prepare() }

    func insert(_ events: [CollectedEvent]) async throws -> Int {
        try await prepare()
        return try await base.insert(events)
    }

    func removeExpired(receivedBefore cutoff: Date) async throws -> Int {
        try await prepare()
        return try await base.removeExpired(receivedBefore: cutoff)
    }

    func events(_ query: CollectedEventQuery) async throws -> [CollectedEvent] {
        try await prepare()
        return try await base.events(query)
    }
}
