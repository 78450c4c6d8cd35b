import Foundation
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

private struct Item: Codable, Equatable, Sendable, ResponseEncodable {
    var id: Int
    var name: String
}

/// A real HTTP peer on a free loopback port, with routes that misbehave in the ways servers do.
/// `/slow` holds its answer until `clock` reads a minute.
private func withPeer(
    clock: ManualClock = ManualClock(), _ body: @Sendable (URL, Locked<[String: Int]>) async throws -> Void
) async throws {
    let hits = Locked<[String: Int]>([:])
    let router = Router()
    @Sendable func count(_ name: String) -> Int {
        hits.withLock {
            $0[name, default: 0] += 1
            return $0[name]!
        }
    }
    router.get("/items/:id") { _, context -> Item in
        _ = count("item")
        return Item(id: try context.parameters.require("id", as: Int.self), name: "Lamp")
    }
    router.post("/items") { request, context -> Item in
        _ = count("post")
        var item = try await request.decode(as: Item.self, context: context)
        item.id = 99
        return item
    }
    router.get("/missing") { _, _ -> Response in
        _ = count("missing")
        return Response(
            status: .notFound, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: #"{"reason":"No item 7"}"#)))
    }
    router.get("/flaky") { _, _ -> Response in
        if count("flaky") < 3 { return Response(status: .serviceUnavailable) }
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: #"{"id":1,"name":"finally"}"#)))
    }
    router.post("/flaky-post") { _, _ -> Response in
        _ = count("flaky-post")
        return Response(status: .internalServerError)
    }
    router.get("/throttled") { _, _ -> Response in
        if count("throttled") < 2 {
            return Response(status: .tooManyRequests, headers: [.retryAfter: "2"])
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: #"{"id":2,"name":"patient"}"#)))
    }
    router.get("/throttled-long") { _, _ -> Response in
        _ = count("throttled-long")
        return Response(
            status: .tooManyRequests, headers: [.retryAfter: "3600"],
            body: .init(byteBuffer: ByteBuffer(string: #"{"reason":"quota used up"}"#)))
    }
    router.get("/malformed") { _, _ -> Response in
        Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(string: #"{"id":"one","name":"x"}"#)))
    }
    router.get("/empty") { _, _ -> Response in Response(status: .ok) }
    router.get("/slow") { _, _ -> Response in
        _ = count("slow")
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(60)), tolerance: nil)
        return Response(status: .ok)
    }
    var logger = Logger(label: "test.peer")
    logger.logLevel = .warning
    let app = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
    try await app.test(.live) { client in
        let port = try #require(client.port)
        try await body(URL(string: "http://127.0.0.1:\(port)")!, hits)
    }
}

@Suite(.timeLimit(.minutes(10))) struct NetworkServiceTests {
    @Test func getsAndPostsTypedJSON() async throws {
        try await withPeer { base, _ in
            let network = NetworkService(configuration: NetworkConfiguration(baseURL: base))
            let item: Item = try await network.get("/items/5")
            #expect(item == Item(id: 5, name: "Lamp"))
            let created: Item = try await network.post("/items", body: Item(id: 0, name: "Desk"))
            #expect(created == Item(id: 99, name: "Desk"))
        }
    }

    @Test func anErrorStatusCarriesTheServersReason() async throws {
        try await withPeer { base, hits in
            let network = NetworkService(configuration: NetworkConfiguration(baseURL: base))
            do {
                let _: Item = try await network.get("/missing")
                Issue.record("a 404 must throw")
            } catch let error as ServiceError {
                #expect(error.code == .httpStatus)
                #expect(error.httpStatus == 404)
                #expect(error.message.contains("No item 7"))
            }
            #expect(hits.current["missing"] == 1, "a 404 is not retried")
        }
    }

    @Test func idempotentRequestsAreRetriedWithBackoff() async throws {
        try await withPeer { base, hits in
            let clock = ManualClock()
            let network = NetworkService(
                configuration: NetworkConfiguration(baseURL: base, maxRetries: 3, initialBackoff: .milliseconds(100)),
                clock: clock
            )
            async let fetched: Item = network.get("/flaky")
            // The backoff doubles: each retry goes out only once its wait has passed on the clock.
            try await clock.advance(pastWaitOf: .milliseconds(100))
            try await clock.advance(pastWaitOf: .milliseconds(200))
            let item = try await fetched
            #expect(item.name == "finally")
            #expect(hits.current["flaky"] == 3)
        }
    }

    @Test func postsAreNotRetried() async throws {
        try await withPeer { base, hits in
            let network = NetworkService(configuration: NetworkConfiguration(baseURL: base), clock: ManualClock())
            await #expect(throws: ServiceError.self) {
                let _: Item = try await network.post("/flaky-post", body: Item(id: 1, name: "x"))
            }
            #expect(hits.current["flaky-post"] == 1)
        }
    }

    @Test func retryAfterIsHonoured() async throws {
        try await withPeer { base, hits in
            let clock = ManualClock()
            let network = NetworkService(configuration: NetworkConfiguration(baseURL: base), clock: clock)
            async let fetched: Item = network.get("/throttled")
            try await clock.advance(pastWaitOf: .seconds(2))
            let item = try await fetched
            #expect(item.name == "patient")
            #expect(hits.current["throttled"] == 2)
        }
    }

    @Test func aRetryAfterBeyondTheLimitIsReportedAsRateLimited() async throws {
        try await withPeer { base, hits in
            let network = NetworkService(configuration: NetworkConfiguration(baseURL: base), clock: ManualClock())
            do {
                let _: Item = try await network.get("/throttled-long")
                Issue.record("must throw")
            } catch let error as ServiceError {
                #expect(error.code == .rateLimited)
                #expect(error.retryAfter == .seconds(3600))
                #expect(error.message.contains("quota used up"))
            }
            #expect(hits.current["throttled-long"] == 1)
        }
    }

    /// Errors are logged and stored (a reminder's failed delivery): they name the server by its scheme, host and
    /// port, never the path or query, where webhooks keep their secrets.
    @Test func errorsNameTheServerWithoutItsPathOrQuery() async throws {
        try await withPeer { base, _ in
            let network = NetworkService(configuration: NetworkConfiguration(baseURL: base), clock: ManualClock())
            do {
                _ = try await network.send(
                    .get, "/throttled-long", query: [URLQueryItem(name: "token", value: "s3cret")])
                Issue.record("must throw")
            } catch let error as ServiceError {
                #expect(error.code == .rateLimited)
                #expect(error.message.hasPrefix("GET \(Redaction.origin(base)) "), "\(error.message)")
                #expect(!error.message.contains("/throttled-long"), "\(error.message)")
                #expect(!error.message.contains("s3cret"), "\(error.message)")
            }
        }
    }

    @Test func malformedAndEmptyBodiesAreTypedErrors() async throws {
        try await withPeer { base, _ in
            let network = NetworkService(configuration: NetworkConfiguration(baseURL: base))
            do {
                let _: Item = try await network.get("/malformed")
                Issue.record("must throw")
            } catch let error as ServiceError {
                #expect(error.code == .decodingFailed)
                #expect(error.message.contains("\"id\""), "the message names the bad field: \(error.message)")
            }
            do {
                let _: Item = try await network.get("/empty")
                Issue.record("must throw")
            } catch let error as ServiceError {
                #expect(error.code == .noData)
            }
            let nothing: EmptyResponse = try await network.get("/empty")
            #expect(nothing == EmptyResponse())
        }
    }

    @Test func slowResponsesTimeOut() async throws {
        let clock = ManualClock()
        try await withPeer(clock: clock) { base, hits in
            let network = NetworkService(
                configuration: NetworkConfiguration(baseURL: base, timeout: .seconds(20), maxRetries: 0), clock: clock
            )
            // The peer holds its answer until the same clock reads a minute: once it has the request, moving the clock
            // past the client's 20 s timeout ends the request with `timedOut`, and nothing else could.
            async let answer: EmptyResponse = network.get("/slow")
            try await waitUntil("the peer holds the request") { hits.current["slow"] == 1 }
            try await clock.advance(pastWaitOf: .seconds(20))
            do {
                _ = try await answer
                Issue.record("must time out")
            } catch let error as ServiceError {
                #expect(error.code == .timedOut)
            }
            // The peer's answer goes out (to nobody) so the server stops cleanly.
            clock.advance(by: .seconds(60))
        }
    }

    @Test func invalidURLsAreRejectedBeforeSending() async throws {
        let network = NetworkService()
        do {
            let _: EmptyResponse = try await network.get("not a url")
            Issue.record("must throw")
        } catch let error as ServiceError {
            #expect(error.code == .invalidURL)
        }
        await #expect(throws: ServiceError.self) {
            let _: EmptyResponse = try await network.get("ftp://example.com/file")
        }
    }

    @Test func anUnreachablePeerIsAnOperationFailure() async throws {
        let network = NetworkService(
            configuration: NetworkConfiguration(maxRetries: 1, initialBackoff: .zero), clock: ManualClock())
        // Port 9 (discard) is closed on loopback; connecting is refused at once.
        do {
            let _: EmptyResponse = try await network.get("http://127.0.0.1:9/")
            Issue.record("must throw")
        } catch let error as ServiceError {
            #expect(error.code == .operationFailed || error.code == .timedOut)
        }
    }
}
