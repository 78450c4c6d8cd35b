import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The server's PostHog-protocol collector: accepts what PostHog's clients send to PostHog's capture
/// endpoints and stores it in the server's database (``CollectedEventStore``), to read back with
/// `hearth analytics events`.
///
/// Routes (each also with a trailing slash): `POST /i/v0/e`, `/capture`, `/e` (one event or a batch),
/// `POST /batch` and `/track` (a batch, or one event). Bodies may be gzip (`Content-Encoding: gzip`, or
/// `?compression=gzip-js`). A request must carry one of the configured project keys as `api_key`; with no
/// key configured the collector is off and answers 404 saying how to turn it on. Answers `{"status": 1}`,
/// as PostHog does. These routes follow PostHog's protocol, so `/openapi.json` does not describe them.
struct AnalyticsCollector: Sendable {
    /// Where events go; nil when the collector is off.
    let store: (any CollectedEventStore)?
    /// The project keys a client may send.
    let keys: Set<String>
    /// The largest body, compressed or inflated.
    let maxBodyBytes: Int
    let clock: @Sendable () -> Date
    let logger: Logger

    static let paths = ["/i/v0/e", "/capture", "/e", "/batch", "/track"]

    /// The collector for `configuration`: on when project keys are configured and the record store is SQL, off
    /// otherwise. Its table is created on SQLite now, and on PostgreSQL with the first events (the store's
    /// connections only run once the server does).
    static func make(_ configuration: ServerConfiguration, store: any RecordStore, logger: Logger) async throws -> AnalyticsCollector {
        let keys = Set(configuration.analyticsKeys)
        var events: (any CollectedEventStore)?
        if !keys.isEmpty, let sql = store as? SQLRecordStore {
            let table = MigratedOnce(sql.analyticsEvents(), kind: sql.kind)
            if sql.kind == "sqlite" { try await table.prepare() }
            events = table
        }
        return AnalyticsCollector(store: events, keys: keys, maxBodyBytes: configuration.cloud.maxRequestBytes, clock: Date.init, logger: logger)
    }

    func register(on router: Router<HearthRequestContext>) {
        for path in Self.paths {
            router.post(RouterPath(stringLiteral: path)) { request, _ -> Response in
                try await self.capture(request)
            }
        }
    }

    func capture(_ request: Request) async throws -> Response {
        guard let store else {
            throw CollectorError(
                status: .notFound, code: "collector_disabled",
                detail: "This server collects no analytics: no project key is configured. Start hearth serve with --analytics-key KEY (or HEARTH_ANALYTICS_KEYS=KEY1,KEY2) and send that key as api_key.")
        }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maxBodyBytes)
        } catch is NIOTooManyBytesError {
            throw CollectorError(status: .contentTooLarge, code: "payload_too_large", detail: "The body is larger than \(maxBodyBytes) bytes; send fewer events per request.")
        }
        let encoding = request.headers[.contentEncoding]?.lowercased() ?? ""
        let compression = request.uri.queryParameters.get("compression")?.lowercased() ?? ""
        let gzip = encoding.contains("gzip") || compression.hasPrefix("gzip")
        let parsed = try CaptureParser.parse(Data(buffer.readableBytesView), gzip: gzip, limit: maxBodyBytes, now: clock())
        guard keys.contains(parsed.apiKey) else {
            throw CollectorError(
                status: .unauthorized, type: "authentication_error", code: "invalid_api_key",
                detail: "The api_key is not a project key of this server; use one given to hearth serve with --analytics-key or HEARTH_ANALYTICS_KEYS.")
        }
        let stored: Int
        do {
            stored = try await store.insert(parsed.events)
        } catch let error as CloudError {
            throw CloudHTTPError(error)
        }
        logger.debug("Analytics events stored", metadata: ["analytics.received": "\(parsed.events.count)", "analytics.stored": "\(stored)"])
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: "{\"status\":1}")))
    }
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
            throw ServiceError(.operationFailed, "Could not prepare the analytics events table in the \(kind) database: \(error)", underlying: error)
        }
        migrated = true
    }

    func migrate() async throws { try await prepare() }

    func insert(_ events: [CollectedEvent]) async throws -> Int {
        try await prepare()
        return try await base.insert(events)
    }

    func events(_ query: CollectedEventQuery) async throws -> [CollectedEvent] {
        try await prepare()
        return try await base.events(query)
    }
}
