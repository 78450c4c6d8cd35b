import Foundation
import HearthCore
import HearthGarage
import HearthStore
import HearthTestSupport
import InMemoryLogging
import Logging
import Testing

@testable import HearthAnalytics

/// The analytics client against a local server that answers like PostHog.
@Suite("Analytics client (PostHog protocol)", .timeLimit(.minutes(10)))
struct AnalyticsServiceTests {
    /// A clock that moves one second per reading, so events keep their order.
    final class Ticks: Sendable {
        let count = Locked(0)
        var now: Date {
            let tick = count.withLock { value -> Int in
                value += 1
                return value
            }
            return Date(timeIntervalSince1970: 1_780_000_000 + Double(tick))
        }
    }

    static func service(
        _ database: AppDatabase, host: URL, key: String? = "phc_test", batchSize: Int = 50, maximumQueued: Int = 1_000,
        maximumRetries: Int = 5, requestTimeout: Duration = .seconds(15), clock: ManualClock = ManualClock(),
        logger: Logger = Logger(label: "test.analytics", factory: { _ in SwiftLogNoOpLogHandler() })
    ) -> AnalyticsService {
        let ticks = Ticks()
        return AnalyticsService(
            configuration: AnalyticsConfiguration(
                apiKey: key, host: host, batchSize: batchSize, maximumQueued: maximumQueued,
                maximumRetries: maximumRetries, requestTimeout: requestTimeout),
            database: database, now: { ticks.now }, clock: clock, logger: logger)
    }

    static func memory() throws -> AppDatabase { try AppDatabase.inMemory(schemas: [AnalyticsSchema.self]) }

    static let events: [GarageEvent] = [
        .vehicleAdded(source: .vinScan, hasVIN: true),
        .serviceLogged(category: .tires, hasCost: true, hasAttachments: false),
        .serviceCompleted(category: .engine, wasOverdue: false, isRecurring: true), .mileageUpdated(source: .watch),
        .importFinished(format: .drivvo, outcome: .partial), .exportMade(format: .pdf),
        .reminderAction(kind: .marbete, action: .remindTomorrow), .syncFinished(outcome: .offline, wasInitial: false),
        .appIconChanged(icon: .amber),
    ]

    @Test("events go in gzip batches of the configured size, whole, with one install id and no personal data")
    func batchesAndGzip() async throws {
        let server = FakePostHog()
        try await server.run { host in
            let analytics = Self.service(try Self.memory(), host: host, batchSize: 4)
            for event in Self.events { await analytics.track(event) }
            #expect(try await analytics.status().queued == 9)
            let report = await analytics.flush()
            #expect(report.sent == 9)
            #expect(report.requests == 3)
            #expect(report.failure == nil)
            #expect(report.remaining == 0)
            #expect(server.batchSizes == [4, 4, 1])
            let received = server.received.withLock { $0 }
            #expect(
                received.allSatisfy {
                    $0.contentEncoding == "gzip" && $0.body.api_key == "phc_test" && !$0.body.sentAt.isEmpty
                })
            let events = server.events
            #expect(events.map(\.event) == Self.events.map(\.name))
            #expect(Set(events.map(\.uuid)).count == 9)
            let installID = try #require(try await analytics.status().installID)
            #expect(events.allSatisfy { $0.distinct_id == installID })
            #expect(UUID(uuidString: installID) != nil)
            let imported = events[4]
            #expect(
                imported.properties == [
                    "format": .string("drivvo"), "outcome": .string("partial"), "$lib": .string("hearth-swift"),
                    "$process_person_profile": .bool(false),
                ])
            #expect(events[0].properties["has_vin"] == .bool(true))
            #expect(events[0].timestamp.hasSuffix("Z"))
            #expect(await analytics.flush().requests == 0)  // nothing left
        }
    }

    @Test("a 503 (and a network failure) is retried with exponential backoff; a 429's Retry-After is honoured")
    func backoff() async throws {
        let server = FakePostHog(.init(failures: [503, 502, 500], retryAfter: nil))
        try await server.run { host in
            let clock = ManualClock()
            let analytics = Self.service(try Self.memory(), host: host, clock: clock)
            await analytics.track(GarageEvent.exportMade(format: .csv))
            async let flushed = analytics.flush()
            for wait: Duration in [.seconds(1), .seconds(2), .seconds(4)] { try await clock.advance(pastWaitOf: wait) }
            let report = await flushed
            #expect(report.sent == 1)
            #expect(report.requests == 4)
            #expect(report.waits == [.seconds(1), .seconds(2), .seconds(4)])
            server.script.withLock { $0 = .init(failures: [429], retryAfter: 7) }
            await analytics.track(GarageEvent.exportMade(format: .json))
            async let flushedLater = analytics.flush()
            try await clock.advance(pastWaitOf: .seconds(7))
            let limited = await flushedLater
            #expect(limited.waits == [.seconds(7)])
            #expect(limited.sent == 1)
        }
    }

    @Test("when retries run out the events stay queued, and a later flush sends them")
    func givesUpAndKeeps() async throws {
        let server = FakePostHog(.init(failures: Array(repeating: 503, count: 3)))
        try await server.run { host in
            let clock = ManualClock()
            let analytics = Self.service(try Self.memory(), host: host, maximumRetries: 2, clock: clock)
            await analytics.track(GarageEvent.vehicleDeleted)
            await analytics.track(GarageEvent.vehicleAdded(source: .manual, hasVIN: false))
            let report = await clock.passingEveryWait { await analytics.flush() }
            #expect(report.sent == 0)
            #expect(report.remaining == 2)
            #expect(report.waits == [.seconds(1), .seconds(2)])
            #expect(report.failure?.contains("503") == true)
            let later = await analytics.flush()
            #expect(later.sent == 2)
            #expect(server.events.map(\.event) == ["vehicle_deleted", "vehicle_added"])
        }
        // Nobody listening: connection failures are retried the same way (each try ends at the request timeout,
        // as AsyncHTTPClient keeps trying to connect until then).
        let clock = ManualClock()
        let closed = Self.service(
            try Self.memory(), host: URL(string: "http://127.0.0.1:9")!, maximumRetries: 3,
            requestTimeout: .milliseconds(300), clock: clock)
        await closed.track(GarageEvent.vehicleDeleted)
        let unreachable = await clock.passingEveryWait { await closed.flush() }
        #expect(unreachable.requests == 4)
        #expect(unreachable.waits == [.seconds(1), .seconds(2), .seconds(4)])
        #expect(unreachable.failure?.contains("could not be reached") == true)
        #expect(unreachable.remaining == 1)
    }

    @Test("run() uploads every flush interval until it is cancelled; flushes called together share one upload")
    func runsOnItsInterval() async throws {
        let server = FakePostHog()
        try await server.run { host in
            let clock = ManualClock()
            let analytics = AnalyticsService(
                configuration: AnalyticsConfiguration(apiKey: "phc_test", host: host, flushInterval: .seconds(30)),
                database: try Self.memory(), clock: clock,
                logger: Logger(label: "test.analytics", factory: { _ in SwiftLogNoOpLogHandler() }))
            await analytics.track(GarageEvent.vehicleDeleted)
            let running = Task { try await analytics.run() }
            // Nothing goes out before the first interval has passed.
            try await waitUntil("run() waits its first interval") { clock.pendingWaits == [.seconds(30)] }
            #expect(server.events.isEmpty)
            clock.advance(by: .seconds(30))
            try await waitUntil("the first flush reached the server") { server.events.count == 1 }
            // Then the loop waits the interval again after each flush, until it is cancelled.
            try await clock.advance(pastWaitOf: .seconds(30))
            try await clock.advance(pastWaitOf: .seconds(30))
            running.cancel()
            try await running.value
            #expect(server.events.map(\.event) == ["vehicle_deleted"])
            for event in Self.events.prefix(3) { await analytics.track(event) }
            async let first = analytics.flush()
            async let second = analytics.flush()
            let reports = await [first, second]
            #expect(reports.map(\.sent).reduce(0, +) >= 3)
            #expect(server.events.count == 4)
        }
    }

    @Test("backoff doubles from the initial wait up to the maximum")
    func backoffSchedule() {
        let configuration = AnalyticsConfiguration(initialBackoff: .milliseconds(500), maximumBackoff: .seconds(5))
        #expect(
            (1...6).map(configuration.backoff(attempt:)) == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5),
            ])
    }

    @Test("a 413 halves the batch until the server takes it; a single event too large is dropped")
    func tooLargeHalves() async throws {
        let server = FakePostHog(.init(maximumBatch: 2))
        try await server.run { host in
            let analytics = Self.service(try Self.memory(), host: host, batchSize: 8)
            for event in Self.events.prefix(5) { await analytics.track(event) }
            let report = await analytics.flush()
            #expect(report.sent == 5)
            #expect(report.batchSize == 2)
            #expect(server.batchSizes == [5, 2, 2, 1])
            #expect(server.events.map(\.event) == Self.events.prefix(5).map(\.name))
            server.script.withLock { $0.maximumBatch = 0 }
            await analytics.track(GarageEvent.vehicleDeleted)
            let single = await analytics.flush()
            #expect(single.rejected == 1)
            #expect(single.remaining == 0)
        }
    }

    @Test("a 400 drops the batch and logs the server's reason")
    func refusedBatchIsDropped() async throws {
        let server = FakePostHog(.init(failures: [400]))
        let handler = InMemoryLogHandler()
        var logging = Logger(label: "test.analytics", factory: { _ in handler })
        logging.logLevel = .debug
        let logger = logging
        try await server.run { host in
            let analytics = Self.service(try Self.memory(), host: host, logger: logger)
            await analytics.track(GarageEvent.vehicleDeleted)
            await analytics.track(GarageEvent.mileageUpdated(source: .manual))
            let report = await analytics.flush()
            #expect(report.rejected == 2)
            #expect(report.requests == 1)
            #expect(report.remaining == 0)
            let warning = try #require(handler.entries.first { $0.level == .warning })
            #expect(warning.metadata["analytics.status"] == "400")
            #expect("\(warning.metadata["analytics.answer"] ?? "")".contains("answered 400 by the test"))
        }
    }

    @Test("the queue keeps the newest events up to its bound and counts what it dropped")
    func boundedQueue() async throws {
        let server = FakePostHog()
        try await server.run { host in
            let analytics = Self.service(try Self.memory(), host: host, maximumQueued: 5)
            for event in Self.events.prefix(8) { await analytics.track(event) }
            let status = try await analytics.status()
            #expect(status.queued == 5)
            #expect(status.dropped == 3)
            await analytics.flush()
            #expect(server.events.map(\.event) == Self.events[3..<8].map(\.name))
        }
    }

    @Test("queued events, the install id and the opt-out survive a restart (the same database file reopened)")
    func survivesRestart() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-analytics")
        let file = folder.file("garage.sqlite")
        let server = FakePostHog()
        try await server.run { host in
            let firstID: String?
            do {
                let analytics = Self.service(
                    try AppDatabase.open(at: file, schemas: [AnalyticsSchema.self]), host: host)
                for event in Self.events.prefix(3) { await analytics.track(event) }
                firstID = try await analytics.status().installID
            }
            let reopened = Self.service(try AppDatabase.open(at: file, schemas: [AnalyticsSchema.self]), host: host)
            #expect(try await reopened.status().queued == 3)
            #expect(await reopened.flush().sent == 3)
            #expect(server.events.map(\.event) == Self.events.prefix(3).map(\.name))
            let installID = try await reopened.status().installID
            #expect(installID != nil && (firstID == nil || firstID == installID))
            #expect(server.events.allSatisfy { $0.distinct_id == installID })
            try await reopened.setOptedOut(true)
            let again = Self.service(try AppDatabase.open(at: file, schemas: [AnalyticsSchema.self]), host: host)
            #expect(try await again.status().isOptedOut)
        }
    }

    @Test("opting out empties the queue and stops recording and sending; opting in starts again")
    func optOut() async throws {
        let server = FakePostHog()
        try await server.run { host in
            let analytics = Self.service(try Self.memory(), host: host)
            await analytics.track(GarageEvent.vehicleDeleted)
            try await analytics.setOptedOut(true)
            await analytics.track(GarageEvent.exportMade(format: .ics))
            let status = try await analytics.status()
            #expect(status.isOptedOut && !status.isEnabled)
            #expect(status.queued == 0)
            #expect(await analytics.flush().requests == 0)
            try await analytics.setOptedOut(false)
            await analytics.track(GarageEvent.exportMade(format: .ics))
            #expect(await analytics.flush().sent == 1)
            #expect(server.events.map(\.event) == ["export_made"])
        }
    }

    @Test("without a project key analytics is silently off: nothing is queued or sent", arguments: [nil, "", "  "])
    func offWithoutKey(key: String?) async throws {
        let server = FakePostHog()
        try await server.run { host in
            let analytics = Self.service(try Self.memory(), host: host, key: key)
            await analytics.track(GarageEvent.vehicleDeleted)
            let status = try await analytics.status()
            #expect(!status.isConfigured && !status.isEnabled)
            #expect(status.queued == 0)
            #expect(status.installID == nil)
            #expect(await analytics.flush().requests == 0)
            #expect(server.received.withLock { $0.isEmpty })
        }
    }

    @Test("event properties are categories and Booleans only")
    func propertiesAreCategorical() {
        for event in Self.events {
            for (key, value) in event.properties {
                if let name = value.categoryName {
                    // Every categorical value is a case name: lowercase words, never free text.
                    #expect(name.wholeMatch(of: /[a-z_]+/) != nil, "\(event.name).\(key) = \(name)")
                } else {
                    #expect(value.boolValue != nil, "\(event.name).\(key) is neither a category nor a Boolean")
                }
            }
        }
        #expect(
            GarageEvent.ImportFormat.allCases.map(\.rawValue) == [
                "fuelly_android", "fuelly_web", "drivvo", "simply_auto", "generic",
            ])
    }
}
