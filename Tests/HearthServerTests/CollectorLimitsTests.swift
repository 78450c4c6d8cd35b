import Foundation
import HTTPTypes
import HearthCloud
import HearthCompression
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import HearthServer

@Suite("Analytics collector against hostile bodies", .timeLimit(.minutes(10)))
struct CollectorLimitsTests {
    static func scan(_ text: String, piecewise: Bool = false) -> CaptureScan {
        var scan = CaptureScan()
        if piecewise { for byte in text.utf8 { scan.feed([byte]) } } else { scan.feed(Array(text.utf8)) }
        return scan
    }

    @Test(
        "the scan finds every key where PostHog's clients put one, counts the batch and the values, however the bytes are split"
    )
    func scan() {
        let python =
            #"{"batch": [{"event": "a", "properties": {"$lib": "posthog-python", "n": [1, 2.5, true, null]}, "distinct_id": "d"}, {"event": "b"}], "historical_migration": false, "sent_at": "x", "api_key": "phc_py"}"#
        for piecewise in [false, true] {
            let result = Self.scan(python, piecewise: piecewise)
            #expect(result.keys == ["phc_py"])
            #expect(result.batchCount == 2)
            // The object, the batch, two events and their members, the properties and the list and its four items.
            #expect(result.valueCount == 17)
        }
        let js =
            #"{"batch":[{"event":"$pageview","properties":{"token":"phc_js","nested":{"api_key":"not a key place"}}},{"properties":{"token":"later"}}]}"#
        #expect(Self.scan(js).keys == ["phc_js"])
        let single =
            #"{"token":"phc_a","event":"e","properties":{"token":"phc_b","distinct_id":"d"},"api_key":"phc_c"}"#
        #expect(Self.scan(single).keys == ["phc_a", "phc_b", "phc_c"])
        #expect(Self.scan(single).batchCount == 0)
        // Escapes in names and values, brackets and quotes inside strings.
        let tricky = #"{"note":"}]{[\"","api\u005fkey":"phc_\u0041","batch":[{"event":"x,y"},[],{}]}"#
        #expect(Self.scan(tricky).keys == ["phc_A"])
        #expect(Self.scan(tricky).batchCount == 3)
        // A value too long to be a key is kept cut and marked, so it matches no configured key.
        let long = Self.scan("{\"api_key\":\"" + String(repeating: "k", count: 5_000) + "\"}")
        #expect(
            long.keys.count == 1 && long.keys[0].hasSuffix("…") && long.keys[0].count <= CaptureScan.longestCapture + 1)
    }

    static func configuration(_ adjust: (inout CollectorLimits) -> Void = { _ in }) -> ServerConfiguration {
        var configuration = testConfiguration()
        configuration.analyticsKeys = ["phc_key"]
        adjust(&configuration.collectorLimits)
        return configuration
    }

    static func stored(_ configuration: ServerConfiguration) async throws -> Int {
        let store = try SQLRecordStore.sqlite(
            url: configuration.dataDirectory.appendingPathComponent("cloud.sqlite"), logger: Logger(label: "test"))
        let table = store.analyticsEvents()
        try await table.migrate()
        return try await table.events(CollectedEventQuery(limit: 1_000_000)).count
    }

    static func batch(_ count: Int, key: String = "phc_key") -> String {
        let event = #"{"event":"e","distinct_id":"d"}"#
        return #"{"batch":["# + Array(repeating: event, count: count).joined(separator: ",") + #"],"api_key":""# + key
            + #""}"#
    }

    @Test(
        "a gzip bomb stops inflating at the limit: a few kilobytes that would inflate to a gigabyte are refused 413 at once"
    )
    func gzipBomb() async throws {
        let configuration = Self.configuration()
        // 1 GB of spaces after a valid start: zlib packs it into about a megabyte; its first 8 MB are all that is read.
        var bomb = Data(#"{"api_key":"phc_key","batch":["#.utf8)
        bomb.append(Data(repeating: 0x20, count: 200_000_000))
        let body = try Zlib.compress(bomb, level: 9)
        #expect(body.count < 400_000)
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/batch/", method: .post, headers: [.contentEncoding: "gzip"], body: ByteBuffer(bytes: body))
            #expect(response.status == .contentTooLarge)
            #expect(String(buffer: response.body).contains("inflates to more than 8000000 bytes"))
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        }
        #expect(try await Self.stored(configuration) == 0)
    }

    @Test(
        "a batch of many small events is refused at the event past the limit, before it is parsed, and nothing is stored"
    )
    func tooManyEvents() async throws {
        let configuration = Self.configuration { $0.maxEvents = 100 }
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let gzip = try Zlib.compress(Data(Self.batch(500_000).utf8))
            #expect(gzip.count < 200_000)
            let refused = try await client.execute(
                uri: "/batch/", method: .post, headers: [.contentEncoding: "gzip"], body: ByteBuffer(bytes: gzip))
            #expect(refused.status == .contentTooLarge)
            let detail = try CaptureTestSupport.error(refused)
            #expect(detail["code"] == "too_many_events")
            #expect(detail["detail"]?.contains("more than 100 events") == true)
            let fits = try await client.execute(
                uri: "/batch/", method: .post, body: ByteBuffer(string: Self.batch(100)))
            #expect(fits.status == .ok)
        }
        #expect(try await Self.stored(configuration) == 100)
    }

    @Test("a wrong key is refused as soon as it is read, before the rest of the body is inflated or parsed")
    func wrongKeyEarly() async throws {
        let configuration = Self.configuration()
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            // The key sits in the first event; what follows would pass every limit if it were read.
            var body = Data(#"{"batch":[{"event":"e","distinct_id":"d","properties":{"token":"phc_stranger"}}"#.utf8)
            body.append(Data(repeating: 0x20, count: 100_000_000))
            let response = try await client.execute(
                uri: "/e/", method: .post, headers: [.contentEncoding: "gzip"],
                body: ByteBuffer(bytes: try Zlib.compress(body)))
            #expect(response.status == .unauthorized)
            #expect(try CaptureTestSupport.error(response)["code"] == "invalid_api_key")
            // Values past the limit (a huge list inside one event) are refused before parsing too.
            let values =
                #"{"api_key":"phc_key","event":"e","distinct_id":"d","properties":{"list":["#
                + Array(repeating: "0", count: 300_000).joined(separator: ",") + "]}}"
            let many = try await client.execute(uri: "/e/", method: .post, body: ByteBuffer(string: values))
            #expect(many.status == .contentTooLarge)
            #expect(try CaptureTestSupport.error(many)["code"] == "too_many_values")
        }
        #expect(try await Self.stored(configuration) == 0)
    }

    @Test("the retention service removes expired events on its clock; events within the retention stay")
    func retention() async throws {
        let store = try SQLRecordStore.sqlite(inMemory: CloudConfiguration(bcryptCost: 4))
        try await store.migrate()
        let table = store.analyticsEvents()
        try await table.migrate()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func event(_ name: String, daysAgo: Double) -> CollectedEvent {
            let at = now.addingTimeInterval(-daysAgo * 86_400)
            return CollectedEvent(
                uuid: UUID().uuidString.lowercased(), projectKey: "phc_key", event: name, distinctID: "d",
                properties: [:], timestamp: at, receivedAt: at)
        }
        #expect(
            try await table.insert([
                event("old", daysAgo: 91), event("older", daysAgo: 400), event("recent", daysAgo: 89),
            ]) == 3)
        let clock = ManualClock()
        let service = AnalyticsRetentionService(
            events: table, retention: .seconds(90 * 86_400), firstPass: .seconds(60), interval: .seconds(3_600),
            clock: clock, now: { now },
            logger: Logger(label: "test"))
        let running = Task { try await service.run() }
        defer { running.cancel() }
        try await waitUntil("the service waits for its first pass") { clock.sleeperCount == 1 }
        #expect(try await table.events(CollectedEventQuery()).count == 3)
        clock.advance(by: .seconds(60))
        try await waitUntil("expired events are removed") {
            try await table.events(CollectedEventQuery()).map(\.event) == ["recent"]
        }
        // The next pass comes an hour later, and finds more that expired meanwhile.
        try await waitUntil("the service waits for its next pass") { clock.sleeperCount == 1 }
        #expect(try await table.insert([event("late", daysAgo: 95)]) == 1)
        clock.advance(by: .seconds(3_600))
        try await waitUntil("the next pass removes them") {
            try await table.events(CollectedEventQuery()).map(\.event) == ["recent"]
        }
    }
}

/// Reading the collector's error bodies (PostHog's shape).
enum CaptureTestSupport {
    static func error(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String:
        String]
    {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any],
            sourceLocation: sourceLocation)
        return object.compactMapValues { $0 as? String }
    }
}
