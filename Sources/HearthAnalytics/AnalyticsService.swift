public import Foundation
import HearthCompression
public import HearthCore
public import HearthStore
public import Logging
public import ServiceLifecycle

/// What the analytics client does: record events, upload them, and honour the user's opt-out.
public protocol AnalyticsServicing: EventTracking {
    /// Uploads what is queued, batch by batch.
    @discardableResult
    func flush() async -> AnalyticsFlushReport
    /// Turns analytics off (`true`, which also empties the queue) or back on, remembered in the database.
    func setOptedOut(_ optedOut: Bool) async throws
    /// Whether analytics is on, and what is queued.
    func status() async throws -> AnalyticsStatus
}

/// Whether analytics is on, and what waits to be uploaded.
public struct AnalyticsStatus: Sendable, Equatable, Codable {
    /// Whether a project key is configured.
    public var isConfigured: Bool
    /// Whether the user opted out.
    public var isOptedOut: Bool
    /// Events waiting to be uploaded.
    public var queued: Int
    /// Events dropped because the queue was full, ever.
    public var dropped: Int
    /// The random id this install sends as `distinct_id`, once one was made.
    public var installID: String?

    /// Whether events are recorded and sent.
    public var isEnabled: Bool { isConfigured && !isOptedOut }
}

/// What one ``AnalyticsService/flush()`` did.
public struct AnalyticsFlushReport: Sendable, Equatable {
    /// Events the server accepted.
    public var sent = 0
    /// Events dropped because the server refused them (a 4xx other than 408, 413 and 429, or a single event
    /// too large on its own).
    public var rejected = 0
    /// Uploads made, retries included.
    public var requests = 0
    /// The waits before retries, in order.
    public var waits: [Duration] = []
    /// The batch size after the flush (halved by each 413).
    public var batchSize = 0
    /// Why the flush stopped with events still queued (retries spent, or cancelled); nil when it emptied the queue.
    public var failure: String?
    /// Events still queued.
    public var remaining = 0

    public init() {}
}

/// The analytics client: a PostHog-protocol uploader with a durable, bounded queue in the app database.
///
/// Events are queued in the database (they survive restarts; past ``AnalyticsConfiguration/maximumQueued``
/// the oldest are dropped and counted) and uploaded in batches to `POST {host}/batch/` as gzip JSON. A 5xx,
/// 429, 408 or network failure is retried with exponential backoff; a 413 halves the batch and tries again;
/// any other 4xx drops the batch and logs why. The user's opt-out is stored; without a project key the
/// service is silently off and queues nothing. The `distinct_id` is a random install id.
///
/// ```swift
/// let database = try AppDatabase.open(at: url, schemas: [GarageSchema.self, AnalyticsSchema.self])
/// let analytics = AnalyticsService(configuration: AnalyticsConfiguration(apiKey: key), database: database)
/// await analytics.track(GarageEvent.exportMade(format: .pdf))
/// await analytics.flush()
/// ```
public actor AnalyticsService: AnalyticsServicing, Service {
    /// The library name sent as `$lib`.
    public static let library = "hearth-swift"

    private let configuration: AnalyticsConfiguration
    private let queue: AnalyticsQueue
    private let transport: any AnalyticsTransport
    private let now: @Sendable () -> Date
    private let clock: any Clock<Duration>
    private let logger: Logger
    private var batchSize: Int
    private var optedOut: Bool?
    private var flushing: Task<AnalyticsFlushReport, Never>?

    /// - Parameters:
    ///   - database: an app database migrated with ``AnalyticsSchema``.
    ///   - transport: how bodies are posted (AsyncHTTPClient by default).
    ///   - now: the clock events are stamped with.
    ///   - clock: what the waits between retries and between flushes run on.
    public init(
        configuration: AnalyticsConfiguration,
        database: AppDatabase,
        transport: any AnalyticsTransport = HTTPAnalyticsTransport(),
        now: @escaping @Sendable () -> Date = Date.init,
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = Logger(label: "hearth.analytics")
    ) {
        self.configuration = configuration
        self.queue = AnalyticsQueue(database: database)
        self.transport = transport
        self.now = now
        self.clock = clock
        self.logger = logger
        self.batchSize = configuration.batchSize
    }

    // MARK: Recording

    public func track(_ event: some AnalyticsEvent) async {
        guard configuration.key != nil else { return }
        do {
            guard try await !isOptedOut() else { return }
            var properties: [String: StoredProperty] = event.properties.mapValues { value -> StoredProperty in
                if let flag = value.boolValue { .bool(flag) } else { .string(value.categoryName ?? "") }
            }
            properties["$lib"] = .string(Self.library)
            // An install id is no person: PostHog is told not to build a person profile from it.
            properties["$process_person_profile"] = .bool(false)
            let queued = QueuedEvent(
                id: 0, uuid: UUID().uuidString.lowercased(), event: event.name,
                properties: String(decoding: try Self.encoder.encode(properties), as: UTF8.self),
                timestamp: now().formatted(Self.timestampStyle))
            let dropped = try await queue.enqueue(queued, maximum: configuration.maximumQueued)
            if dropped > 0 {
                logger.warning(
                    "The analytics queue is full; the oldest events were dropped",
                    metadata: [
                        "analytics.dropped": "\(dropped)", "analytics.maximum": "\(configuration.maximumQueued)",
                    ])
            }
        } catch {
            // Analytics never fails the app's own work.
            logger.warning(
                "Could not queue an analytics event",
                metadata: ["analytics.event": "\(event.name)", "error": "\(error)"])
        }
    }

    // MARK: Settings

    public func setOptedOut(_ optedOut: Bool) async throws {
        try await queue.setSetting("opted_out", optedOut ? "1" : "0")
        if optedOut { try await queue.removeAll() }
        self.optedOut = optedOut
    }

    public func status() async throws -> AnalyticsStatus {
        AnalyticsStatus(
            isConfigured: configuration.key != nil,
            isOptedOut: try await isOptedOut(),
            queued: try await queue.count(),
            dropped: Int(try await queue.setting("dropped") ?? "0") ?? 0,
            installID: try await queue.setting("install_id"))
    }

    private func isOptedOut() async throws -> Bool {
        if let optedOut { return optedOut }
        let stored = try await queue.setting("opted_out") == "1"
        optedOut = stored
        return stored
    }

    // MARK: Uploading

    /// Flushes every ``AnalyticsConfiguration/flushInterval`` until cancelled or the service group shuts down.
    public func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await self.clock.sleep(for: self.configuration.flushInterval)
                await self.flush()
            }
        }
    }

    @discardableResult
    public func flush() async -> AnalyticsFlushReport {
        // One flush at a time: a second caller waits for the one under way and gets its report.
        if let flushing { return await flushing.value }
        let task = Task { await self.uploadQueued() }
        flushing = task
        let report = await task.value
        flushing = nil
        return report
    }

    private func uploadQueued() async -> AnalyticsFlushReport {
        var report = AnalyticsFlushReport()
        report.batchSize = batchSize
        guard let key = configuration.key else { return report }
        do {
            guard try await !isOptedOut() else { return report }
            let distinctID = try await queue.installID()
            while true {
                let batch = try await queue.oldest(batchSize)
                if batch.isEmpty { break }
                switch await upload(batch, key: key, distinctID: distinctID, report: &report) {
                case .sent:
                    try await queue.remove(batch.map(\.id))
                    report.sent += batch.count
                case .tooLarge where batch.count > 1:
                    batchSize = max(1, batch.count / 2)
                    logger.notice(
                        "The analytics server found a batch too large; halving it",
                        metadata: ["analytics.batch": "\(batchSize)"])
                case .tooLarge:
                    try await queue.remove(batch.map(\.id))
                    report.rejected += 1
                    logger.warning(
                        "The analytics server refused a single event as too large; it was dropped",
                        metadata: ["analytics.event": "\(batch[0].event)"])
                case .rejected(let status, let body):
                    try await queue.remove(batch.map(\.id))
                    report.rejected += batch.count
                    logger.warning(
                        "The analytics server refused a batch; it was dropped",
                        metadata: [
                            "analytics.status": "\(status)", "analytics.events": "\(batch.count)",
                            "analytics.answer": "\(body)",
                        ])
                case .gaveUp(let reason):
                    report.failure = reason
                    logger.notice(
                        "Analytics upload deferred; the events stay queued", metadata: ["analytics.reason": "\(reason)"]
                    )
                    report.remaining = (try? await queue.count()) ?? 0
                    report.batchSize = batchSize
                    return report
                }
            }
        } catch {
            report.failure = "The analytics queue could not be read or updated: \(error)"
            logger.warning("Analytics flush failed", metadata: ["error": "\(error)"])
        }
        report.remaining = (try? await queue.count()) ?? 0
        report.batchSize = batchSize
        return report
    }

    enum UploadOutcome {
        case sent
        case tooLarge
        case rejected(status: Int, body: String)
        case gaveUp(String)
    }

    /// Posts one batch, retrying failures that may pass.
    private func upload(_ batch: [QueuedEvent], key: String, distinctID: String, report: inout AnalyticsFlushReport)
        async -> UploadOutcome
    {
        let body: Data
        do {
            body = try Self.body(batch, key: key, distinctID: distinctID, sentAt: now())
        } catch {
            return .gaveUp("The batch could not be encoded: \(error)")
        }
        let url = configuration.host.appendingPathComponent("batch/")
        let headers = [
            ("Content-Type", "application/json"), ("Content-Encoding", "gzip"), ("User-Agent", "\(Self.library)/1"),
        ]
        var failure = ""
        var retryAfter: Duration?
        for attempt in 0...configuration.maximumRetries {
            if attempt > 0 {
                let wait =
                    retryAfter.map { min($0, configuration.maximumBackoff) } ?? configuration.backoff(attempt: attempt)
                report.waits.append(wait)
                do {
                    try await clock.sleep(for: wait)
                } catch {
                    return .gaveUp("Cancelled while waiting to retry after: \(failure)")
                }
            }
            retryAfter = nil
            report.requests += 1
            let response: AnalyticsHTTPResponse
            do {
                response = try await transport.post(
                    url, headers: headers, body: body, timeout: configuration.requestTimeout)
            } catch {
                failure = "\(url.absoluteString) could not be reached: \(error)"
                continue
            }
            switch response.status {
            case 200..<300:
                return .sent
            case 413:
                return .tooLarge
            case 408, 429, 500...:
                failure = "\(url.absoluteString) answered \(response.status)"
                retryAfter = response.retryAfter.map { .seconds($0) }
            default:
                return .rejected(status: response.status, body: response.body)
            }
        }
        return .gaveUp("\(failure), \(configuration.maximumRetries + 1) times")
    }

    // MARK: Encoding

    /// A stored property value: only categories (as their names) and Booleans are ever queued.
    enum StoredProperty: Codable, Equatable {
        case bool(Bool)
        case string(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else {
                self = .string(try container.decode(String.self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .bool(let flag): try container.encode(flag)
            case .string(let text): try container.encode(text)
            }
        }
    }

    struct BatchBody: Encodable {
        var api_key: String
        var batch: [BatchEvent]
        var sentAt: String
    }

    struct BatchEvent: Encodable {
        var event: String
        var distinct_id: String
        var properties: [String: StoredProperty]
        var timestamp: String
        var uuid: String
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The gzip JSON body of `POST /batch/`.
    static func body(_ batch: [QueuedEvent], key: String, distinctID: String, sentAt: Date) throws -> Data {
        let decoder = JSONDecoder()
        let events = try batch.map { item in
            BatchEvent(
                event: item.event, distinct_id: distinctID,
                properties: try decoder.decode([String: StoredProperty].self, from: Data(item.properties.utf8)),
                timestamp: item.timestamp, uuid: item.uuid)
        }
        let json = try encoder.encode(BatchBody(api_key: key, batch: events, sentAt: sentAt.formatted(timestampStyle)))
        return try Zlib.compress(json)
    }
}
