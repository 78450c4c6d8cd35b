import Foundation
import HearthCloud
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer

/// PostHog's official Python client (`posthog` from PyPI, the version `.ci/run` pins) sends to a live server's
/// collector, and every event arrives whole: name, distinct_id, properties, timestamp (to the microsecond), uuid.
extension AnalyticsSuites {
    @Suite("PostHog's Python client sends to the collector", .timeLimit(.minutes(10)))
    struct PostHogClientTests {
        static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        static let python = ExternalTool(
            name: "Python with PostHog's client (posthog)", variable: "HEARTH_POSTHOG_PYTHON",
            candidates: [repository.appendingPathComponent(".build/venv/bin/python3")],
            install: "python3 -m venv .build/venv && .build/venv/bin/pip install posthog==7.91.1 (.ci/run does)")

        /// Sends events with two clients (one gzip, one plain; small batches) and prints what it sent as JSON.
        static let script = #"""
            import datetime, json, sys, uuid
            import posthog
            from posthog import Posthog

            host, key = sys.argv[1], sys.argv[2]
            errors, sent = [], []
            def on_error(error, batch):
                errors.append(f"{error} ({len(batch)} events)")

            start = datetime.datetime(2026, 5, 17, 8, 30, 0, 123456, tzinfo=datetime.timezone.utc)
            for gzip, count in ((True, 7), (False, 2)):
                client = Posthog(key, host=host, gzip=gzip, flush_at=3, flush_interval=0.2, max_retries=0, on_error=on_error)
                for index in range(count):
                    event = {
                        "event": "import_finished" if index % 2 else "vehicle_added",
                        "distinct_id": f"install-{'gzip' if gzip else 'plain'}",
                        "properties": {"format": "drivvo", "has_vin": index % 2 == 0, "attempt": index, "ratio": 0.25},
                        "timestamp": start + datetime.timedelta(seconds=index, microseconds=index),
                        "uuid": str(uuid.uuid4()),
                    }
                    client.capture(event["event"], distinct_id=event["distinct_id"], properties=event["properties"], timestamp=event["timestamp"], uuid=event["uuid"])
                    event["timestamp"] = event["timestamp"].isoformat()
                    sent.append(event)
                client.flush()
                client.shutdown()
            print(json.dumps({"version": posthog.VERSION, "sent": sent, "errors": errors}))
            """#

        struct Sent: Decodable {
            var event: String
            var distinct_id: String
            var properties: [String: AnalyticsJSON]
            var timestamp: String
            var uuid: String
        }

        struct Output: Decodable {
            var version: String
            var sent: [Sent]
            var errors: [String]
        }

        @Test("events from posthog-python arrive intact", arguments: CollectorDatabase.allCases)
        func eventsArriveIntact(database: CollectorDatabase) async throws {
            guard let python = Self.python.executable, await Self.hasPostHog(python) else {
                let reason = Comment(rawValue: Self.python.missingReason)
                if ExternalTool.missingFails {
                    Issue.record(reason)
                    return
                }
                try Test.cancel(reason)
            }
            let folder = try TemporaryFolder(prefix: "hearth-posthog")
            let script = folder.file("send.py")
            try Data(Self.script.utf8).write(to: script)
            try await withCollector(database) { configuration, read in
                let app = try await buildApplication(configuration)
                try await app.test(.live) { client in
                    let port = try #require(client.port)
                    let run = try await ChildProcess.run(
                        python, [script.path, "http://127.0.0.1:\(port)", collectorKey])
                    #expect(run.status == 0, "python exited \(run.status): \(run.stderr.suffix(3000))")
                    let output = try JSONDecoder().decode(Output.self, from: run.stdoutData)
                    #expect(output.version == "7.91.1")
                    #expect(output.errors.isEmpty, "the client reported: \(output.errors)")
                    #expect(output.sent.count == 9)
                    let stored = try await read(CollectedEventQuery(limit: 100))
                    #expect(stored.count == output.sent.count)
                    for sent in output.sent {
                        guard let event = stored.first(where: { $0.uuid == sent.uuid }) else {
                            Issue.record("event \(sent.uuid) (\(sent.event)) was not stored")
                            continue
                        }
                        #expect(event.event == sent.event)
                        #expect(event.distinctID == sent.distinct_id)
                        #expect(event.projectKey == collectorKey)
                        #expect(event.timestamp == ISO8601Timestamp.parse(sent.timestamp), "\(sent.timestamp)")
                        for (key, value) in sent.properties {
                            #expect(event.properties[key] == value, "property \(key)")
                        }
                        #expect(event.properties["$lib"] == .string("posthog-python"))
                    }
                }
            }
        }

        /// Whether `python` can import PostHog's client.
        static func hasPostHog(_ python: URL) async -> Bool {
            let run = try? await ChildProcess.run(python, ["-c", "import posthog"])
            return run?.status == 0
        }
    }
}
