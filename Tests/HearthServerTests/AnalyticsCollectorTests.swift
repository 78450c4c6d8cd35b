import Foundation
import HTTPTypes
import HearthCloud
import HearthCompression
import HearthCore
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HearthServer

/// The collector's PostHog endpoints, in process: what it accepts, what it stores, and how it refuses.
extension AnalyticsSuites {
    @Suite("Analytics collector (PostHog capture and batch endpoints)")
    struct AnalyticsCollectorTests {
        static func json(_ object: Any) -> ByteBuffer {
            ByteBuffer(bytes: try! JSONSerialization.data(withJSONObject: object))
        }

        /// The error body, checked for PostHog's shape.
        static func error(_ response: TestResponse, sourceLocation: SourceLocation = #_sourceLocation) throws
            -> [String: String]
        {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any],
                sourceLocation: sourceLocation)
            #expect(object.keys.contains("attr"), sourceLocation: sourceLocation)
            return object.compactMapValues { $0 as? String }
        }

        @Test(
            "one event on /i/v0/e/, /capture/ and /e/ is stored, with distinct_id at the top or in properties",
            arguments: CollectorDatabase.allCases)
        func singleEvents(database: CollectorDatabase) async throws {
            try await withCollector(database) { configuration, read in
                let app = try await buildApplication(configuration)
                let ids = (0..<3).map { _ in UUID().uuidString.lowercased() }
                try await app.test(.router) { client in
                    let bodies: [(String, [String: Any])] = [
                        (
                            "/i/v0/e/",
                            [
                                "api_key": collectorKey, "event": "vehicle_added", "distinct_id": "install-1",
                                "properties": ["source": "manual", "has_vin": true],
                                "timestamp": "2026-01-02T03:04:05.123456Z", "uuid": ids[0],
                            ]
                        ),
                        (
                            "/capture/",
                            [
                                "api_key": collectorKey, "event": "export_made",
                                "properties": ["distinct_id": "install-2", "format": "pdf"],
                                "uuid": ids[1].uppercased(),
                            ]
                        ),
                        (
                            "/e/",
                            [
                                "token": collectorKey, "event": "$pageview", "properties": ["$distinct_id": 42],
                                "timestamp": "2026-01-02T05:04:05+02:00", "uuid": ids[2],
                            ]
                        ),
                    ]
                    for (path, body) in bodies {
                        let response = try await client.execute(
                            uri: path, method: .post, headers: [.contentType: "application/json"], body: Self.json(body)
                        )
                        #expect(response.status == .ok, "\(path): \(String(buffer: response.body))")
                        #expect(
                            try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Int] == [
                                "status": 1
                            ])
                    }
                }
                let stored = try await read(CollectedEventQuery())
                #expect(Set(stored.map(\.uuid)) == Set(ids))
                let added = try #require(stored.first { $0.uuid == ids[0] })
                #expect(added.event == "vehicle_added")
                #expect(added.distinctID == "install-1")
                #expect(added.projectKey == collectorKey)
                #expect(added.properties == ["source": .string("manual"), "has_vin": .bool(true)])
                #expect(abs(added.timestamp.timeIntervalSince1970 - 1_767_323_045.123456) < 0.000_001)
                #expect(stored.first { $0.uuid == ids[1] }?.distinctID == "install-2")
                let pageview = try #require(stored.first { $0.uuid == ids[2] })
                #expect(pageview.distinctID == "42")
                #expect(pageview.timestamp == Date(timeIntervalSince1970: 1_767_323_045))
            }
        }

        @Test(
            "a gzip batch on /batch/ (Content-Encoding or ?compression=gzip-js) is stored, and a retried one only once",
            arguments: CollectorDatabase.allCases)
        func gzipBatches(database: CollectorDatabase) async throws {
            try await withCollector(database) { configuration, read in
                let app = try await buildApplication(configuration)
                let events: [[String: Any]] = (0..<5).map { index in
                    [
                        "event": "mileage_updated", "distinct_id": "install-1", "properties": ["source": "watch"],
                        "timestamp": "2026-03-01T10:00:0\(index).5Z", "uuid": UUID().uuidString,
                    ]
                }
                let body = try Zlib.compress(
                    Data(
                        buffer: Self.json(["api_key": collectorKey, "batch": events, "sentAt": "2026-03-01T10:00:09Z"]))
                )
                try await app.test(.router) { client in
                    let first = try await client.execute(
                        uri: "/batch/", method: .post,
                        headers: [.contentType: "application/json", .contentEncoding: "gzip"],
                        body: ByteBuffer(bytes: body))
                    #expect(first.status == .ok, "\(String(buffer: first.body))")
                    let again = try await client.execute(
                        uri: "/batch/?compression=gzip-js&ver=1.0", method: .post,
                        headers: [.contentType: "text/plain"], body: ByteBuffer(bytes: body))
                    #expect(again.status == .ok, "\(String(buffer: again.body))")
                    let track = try await client.execute(
                        uri: "/track", method: .post,
                        body: Self.json([
                            "api_key": collectorKey, "batch": [["event": "sync_finished", "distinct_id": "install-1"]],
                        ]))
                    #expect(track.status == .ok, "\(String(buffer: track.body))")
                }
                #expect(try await read(CollectedEventQuery(event: "mileage_updated")).count == 5)
                #expect(try await read(CollectedEventQuery(event: "sync_finished")).count == 1)
            }
        }

        @Test("bad requests are refused with PostHog's error shape and a message saying what is wrong")
        func badRequests() async throws {
            try await withCollector(.sqlite) { configuration, read in
                var configuration = configuration
                configuration.collectorLimits.maxBytes = 4_096
                let app = try await buildApplication(configuration)
                try await app.test(.router) { client in
                    func post(
                        _ body: ByteBuffer, path: String = "/batch/",
                        headers: HTTPFields = [.contentType: "application/json"]
                    ) async throws -> TestResponse {
                        try await client.execute(uri: path, method: .post, headers: headers, body: body)
                    }
                    let missingKey = try await post(Self.json(["event": "x", "distinct_id": "d"]), path: "/i/v0/e/")
                    #expect(missingKey.status == .unauthorized)
                    #expect(try Self.error(missingKey)["type"] == "authentication_error")
                    #expect(try Self.error(missingKey)["code"] == "missing_api_key")
                    let wrongKey = try await post(
                        Self.json(["api_key": "phc_other", "event": "x", "distinct_id": "d"]))
                    #expect(wrongKey.status == .unauthorized)
                    #expect(try Self.error(wrongKey)["code"] == "invalid_api_key")

                    let cases: [(ByteBuffer, String)] = [
                        (ByteBuffer(string: "{\"api_key\": \"\(collectorKey)\", \"batch\": [}"), "not valid JSON"),
                        (ByteBuffer(string: "[1, 2]"), "not a JSON object"),
                        (ByteBuffer(), "no body"),
                        (Self.json(["api_key": collectorKey, "batch": "events"]), "\"batch\" is a string"),
                        (
                            Self.json(["api_key": collectorKey, "batch": [["distinct_id": "d"]]]),
                            "Event 1 of the batch has no \"event\""
                        ),
                        (
                            Self.json([
                                "api_key": collectorKey,
                                "batch": [["event": "a", "distinct_id": "d"], ["event": "b"]],
                            ]), "Event 2 of the batch (b) has no distinct_id"
                        ),
                        (
                            Self.json(["api_key": collectorKey, "event": "a", "distinct_id": "d", "properties": [1]]),
                            "\"properties\" is an array"
                        ),
                        (
                            Self.json([
                                "api_key": collectorKey, "event": "a", "distinct_id": "d", "timestamp": "yesterday",
                            ]), "timestamp \"yesterday\" is not an ISO 8601 time"
                        ),
                        (
                            Self.json(["api_key": collectorKey, "event": "a", "distinct_id": "d", "uuid": "not-a-uuid"]
                            ), "is not a UUID"
                        ),
                        (Self.json(["api_key": collectorKey, "event": "", "distinct_id": "d"]), "non-empty string"),
                        (
                            Self.json(["api_key": collectorKey, "event": "a", "distinct_id": ["d"]]),
                            "distinct_id is an array"
                        ),
                    ]
                    for (body, message) in cases {
                        let response = try await post(body)
                        #expect(response.status == .badRequest, "\(message): \(String(buffer: response.body))")
                        let detail = try Self.error(response)
                        #expect(detail["type"] == "validation_error")
                        #expect(
                            detail["detail"]?.contains(message) == true,
                            "expected \"\(message)\" in \(detail["detail"] ?? "")")
                    }
                    let notGzip = try await post(
                        Self.json(["api_key": collectorKey, "event": "a", "distinct_id": "d"]),
                        headers: [.contentEncoding: "gzip"])
                    #expect(notGzip.status == .badRequest)
                    #expect(try Self.error(notGzip)["detail"]?.contains("not valid gzip") == true)

                    let large = try await post(
                        Self.json([
                            "api_key": collectorKey, "event": "a", "distinct_id": String(repeating: "d", count: 5_000),
                        ]))
                    #expect(large.status == .contentTooLarge)
                    #expect(try Self.error(large)["code"] == "payload_too_large")
                    // A small body that inflates past the limit is refused before it is read whole.
                    let bomb = try Zlib.compress(Data(repeating: 0x20, count: 1_000_000))
                    #expect(bomb.count < 4_096)
                    let inflated = try await post(ByteBuffer(bytes: bomb), headers: [.contentEncoding: "gzip"])
                    #expect(inflated.status == .contentTooLarge)

                    let wrongMethod = try await client.execute(uri: "/batch/", method: .get)
                    #expect(wrongMethod.status == .methodNotAllowed)
                }
                #expect(try await read(CollectedEventQuery()).isEmpty)
            }
        }

        @Test(
            "without a configured key the collector is off: its routes answer 404 saying how to turn it on, and nothing is stored"
        )
        func offWithoutKeys() async throws {
            try await withCollector(.sqlite, keys: []) { configuration, _ in
                let app = try await buildApplication(configuration)
                try await app.test(.router) { client in
                    let response = try await client.execute(
                        uri: "/batch/", method: .post,
                        body: Self.json(["api_key": "any", "batch": [["event": "a", "distinct_id": "d"]]]))
                    #expect(response.status == .notFound)
                    let detail = try Self.error(response)
                    #expect(detail["code"] == "collector_disabled")
                    #expect(detail["detail"]?.contains("--analytics-key") == true)
                }
            }
        }

        @Test("analytics keys come from --analytics-key (repeated or comma separated) over HEARTH_ANALYTICS_KEYS")
        func keysConfiguration() throws {
            #expect(try ServerConfiguration.resolve(environment: [:]).analyticsKeys.isEmpty)
            #expect(
                try ServerConfiguration.resolve(environment: ["HEARTH_ANALYTICS_KEYS": "phc_a, phc_b,,phc_a"])
                    .analyticsKeys == ["phc_a", "phc_b"])
            #expect(
                try ServerConfiguration.resolve(
                    analyticsKeys: ["phc_c", "phc_d,phc_e"], environment: ["HEARTH_ANALYTICS_KEYS": "phc_a"]
                ).analyticsKeys == ["phc_c", "phc_d", "phc_e"])
            #expect(throws: (any Error).self) {
                try ServerConfiguration.resolve(environment: ["HEARTH_ANALYTICS_KEYS": "has space"])
            }
        }

        @Test("timestamps as PostHog's clients write them parse to the microsecond")
        func timestamps() {
            let base = 1_767_323_045.0
            #expect(ISO8601Timestamp.parse("2026-01-02T03:04:05Z") == Date(timeIntervalSince1970: base))
            #expect(
                ISO8601Timestamp.parse("2026-01-02T03:04:05.123456+00:00")
                    == Date(timeIntervalSince1970: base + 0.123456))
            #expect(
                ISO8601Timestamp.parse("2026-01-02T03:04:05.1-01:30") == Date(timeIntervalSince1970: base + 5_400 + 0.1)
            )
            #expect(ISO8601Timestamp.parse("2026-01-02 03:04:05") == Date(timeIntervalSince1970: base))
            #expect(ISO8601Timestamp.parse("2026-13-02T03:04:05Z") == nil)
            #expect(ISO8601Timestamp.parse("1767323045") == nil)
        }
    }
}
