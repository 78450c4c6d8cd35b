import Foundation
import HTTPTypes
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import Testing

@testable import HearthServer

@Suite("GraphQL subscriptions over WebSocket (graphql-transport-ws)", .timeLimit(.minutes(10)))
struct GraphQLWebSocketTests {
    static let configuration = WebSocketClientConfiguration(additionalHeaders: [
        .secWebSocketProtocol: "graphql-transport-ws"
    ])

    /// Sends each message in turn, and returns what the server sent back and the close frame.
    static func exchange(_ client: some TestClientProtocol, _ messages: [String], readAfter: Int = 0) async throws -> (
        received: [String], close: WebSocketCloseFrame?
    ) {
        let received = Locked<[String]>([])
        let close = try await client.ws("/graphql", configuration: configuration) { inbound, outbound, _ in
            for message in messages { try await outbound.writeTextMessage(message) }
            var remaining = readAfter
            for try await message in inbound.messages(maxSize: 1 << 20) {
                if case .text(let text) = message { received.withLock { $0.append(text) } }
                remaining -= 1
                if remaining == 0 { break }
            }
        }
        return (received.withLock { $0 }, close)
    }

    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    @Test("the protocol's close codes: 4400, 4401, 4403, 4409, 4429; variables nested too deep, 4400")
    func closeCodes() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.live) { client in
            let (token, _) = try await signUp(client, "socket")
            let initMessage = #"{"type":"connection_init","payload":{"Authorization":"Bearer \#(token)"}}"#
            let subscribe = #"{"id":"1","type":"subscribe","payload":{"query":"{ me { id } }"}}"#

            #expect(try await Self.exchange(client, [subscribe]).close?.closeCode == .unknown(4401))
            #expect(try await Self.exchange(client, ["not json"]).close?.closeCode == .unknown(4400))
            #expect(
                try await Self.exchange(
                    client, [#"{"type":"connection_init","payload":{"Authorization":"Bearer wrong"}}"#]
                ).close?.closeCode == .unknown(4403))
            #expect(
                try await Self.exchange(client, [#"{"type":"connection_init"}"#]).close?.closeCode == .unknown(4403))
            #expect(try await Self.exchange(client, [initMessage, initMessage]).close?.closeCode == .unknown(4429))
            // Variables nested past the nesting limit are refused before they are decoded.
            let nested = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
            let deep = try await Self.exchange(
                client,
                [
                    initMessage,
                    #"{"id":"1","type":"subscribe","payload":{"query":"{ me { id } }","variables":{"v":\#(nested)}}}"#,
                ])
            #expect(deep.close?.closeCode == .unknown(4400))
            #expect(deep.close?.reason?.contains("nests more than 35 levels") == true)

            let household = try await createHousehold(client, token)
            let changed =
                #"{"id":"same","type":"subscribe","payload":{"query":"subscription($id: String!) { householdChanged(id: $id) { kind } }","variables":{"id":"\#(household)"}}}"#
            let duplicate = try await Self.exchange(client, [initMessage, changed, changed])
            #expect(duplicate.close?.closeCode == .unknown(4409))
            #expect(duplicate.received.first.map(Self.json)?["type"] as? String == "connection_ack")
        }
    }

    @Test(
        "after connection_ack: ping is answered, a query is one next then complete, a refused subscription is an error")
    func operations() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.live) { client in
            let (token, user) = try await signUp(client, "socket")
            let initMessage = #"{"type":"connection_init","payload":{"Authorization":"Bearer \#(token)"}}"#
            let (received, _) = try await Self.exchange(
                client,
                [
                    initMessage, #"{"type":"ping"}"#,
                    #"{"id":"q","type":"subscribe","payload":{"query":"{ me { id } }"}}"#,
                    #"{"id":"s","type":"subscribe","payload":{"query":"subscription { householdChanged(id: \"nowhere\") { kind } }"}}"#,
                ], readAfter: 5)
            let messages = received.map(Self.json)
            #expect(messages.map { $0["type"] as? String }.prefix(2) == ["connection_ack", "pong"])
            let next = try #require(messages.first { $0["type"] as? String == "next" })
            #expect(next["id"] as? String == "q")
            #expect(
                ((next["payload"] as? [String: Any])?["data"] as? [String: Any]).flatMap {
                    ($0["me"] as? [String: Any])?["id"] as? String
                } == user)
            #expect(messages.contains { $0["type"] as? String == "complete" && $0["id"] as? String == "q" })
            let error = try #require(messages.first { $0["type"] as? String == "error" })
            #expect(error["id"] as? String == "s")
            #expect(
                ((error["payload"] as? [[String: Any]])?.first?["extensions"] as? [String: Any])?["code"] as? String
                    == "NOT_FOUND")
        }
    }

    @Test("a subscriber hears of a rename made over HTTP")
    func subscriptionHearsMutation() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.live) { client in
            let (token, _) = try await signUp(client, "socket")
            let household = try await createHousehold(client, token)
            let received = Locked<[String]>([])
            _ = try await client.ws("/graphql", configuration: Self.configuration) { inbound, outbound, _ in
                try await outbound.writeTextMessage(#"{"type":"connection_init","payload":{"token":"\#(token)"}}"#)
                try await outbound.writeTextMessage(
                    #"{"id":"1","type":"subscribe","payload":{"query":"subscription($id: String!) { householdChanged(id: $id) { kind household { name } } }","variables":{"id":"\#(household)"}}}"#
                )
                var iterator = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                _ = try await iterator.next()  // connection_ack
                // The subscription is registered once the server has answered a ping sent after it.
                try await outbound.writeTextMessage(#"{"type":"ping"}"#)
                _ = try await iterator.next()
                let rename =
                    #"{"query":"mutation($id: String!) { updateHousehold(id: $id, input: {name: \"Renamed\"}) { id } }","variables":{"id":"\#(household)"}}"#
                _ = try await client.execute(
                    uri: "/graphql", method: .post, headers: authorized(token), body: ByteBuffer(string: rename))
                if case .text(let text)? = try await iterator.next() { received.withLock { $0.append(text) } }
                try await outbound.writeTextMessage(#"{"id":"1","type":"complete"}"#)
            }
            let event = try #require(received.withLock { $0 }.first.map(Self.json))
            #expect(event["type"] as? String == "next")
            let data = (event["payload"] as? [String: Any])?["data"] as? [String: Any]
            let change = data?["householdChanged"] as? [String: Any]
            #expect(change?["kind"] as? String == "updated")
            #expect((change?["household"] as? [String: Any])?["name"] as? String == "Renamed")
        }
    }

    /// A client's side of one connection: what it reads, one message at a time.
    struct Reader {
        var iterator: WebSocketInboundMessageStream.AsyncIterator

        /// The next message's JSON, or nil when the server closed the connection.
        mutating func next() async throws -> [String: Any]? {
            while let message = try await iterator.next() {
                if case .text(let text) = message { return GraphQLWebSocketTests.json(text) }
            }
            return nil
        }

        /// The type of the next message.
        mutating func nextType() async throws -> String? { try await next()?["type"] as? String }
    }

    static func initMessage(_ token: String) -> String {
        #"{"type":"connection_init","payload":{"Authorization":"Bearer \#(token)"}}"#
    }

    static func subscribe(_ id: String, household: String) -> String {
        #"{"id":"\#(id)","type":"subscribe","payload":{"query":"subscription($id: String!) { householdChanged(id: $id) { kind } }","variables":{"id":"\#(household)"}}}"#
    }

    /// The `extensions.code` of an `error` message's first error.
    static func code(_ message: [String: Any]?) -> String? {
        ((message?["payload"] as? [[String: Any]])?.first?["extensions"] as? [String: Any])?["code"] as? String
    }

    @Test(
        "a silent connection is pinged on the injected clock; one that answers stays open, one that does not is closed with 4408"
    )
    func keepAlive() async throws {
        let clock = ManualClock()
        let app = try await buildApplication(testConfiguration(), clock: clock)
        try await app.test(.live) { client in
            let (token, _) = try await signUp(client, "socket")
            let pings = Locked(0)
            let close = try await client.ws("/graphql", configuration: Self.configuration) { inbound, outbound, _ in
                var reader = Reader(iterator: inbound.messages(maxSize: 1 << 20).makeAsyncIterator())
                try await outbound.writeTextMessage(Self.initMessage(token))
                #expect(try await reader.nextType() == "connection_ack")
                /// Moves the clock on once the connection's timer is asleep on it for `seconds` (the server's other
                /// timers, such as the push heartbeats, sleep on it too, for other lengths).
                func advance(_ seconds: Int) async throws {
                    try await clock.advance(pastWaitOf: .seconds(seconds))
                }
                // The connection_init deadline passes acknowledged; the first tick finds connection_init heard.
                try await advance(10)
                try await advance(30)
                // Silent for an interval: pinged. Answered, then heard from again: left alone.
                try await advance(30)
                #expect(try await reader.nextType() == "ping")
                pings.withLock { $0 += 1 }
                try await outbound.writeTextMessage(#"{"type":"pong"}"#)
                // A ping of the client's is answered after the pong is read: the server has heard it.
                try await outbound.writeTextMessage(#"{"type":"ping"}"#)
                #expect(try await reader.nextType() == "pong")
                try await advance(30)
                // Silent again: pinged, and this time unanswered for a whole interval.
                try await advance(30)
                #expect(try await reader.nextType() == "ping")
                pings.withLock { $0 += 1 }
                try await advance(30)
                #expect(try await reader.next() == nil)
            }
            #expect(pings.current == 2)
            #expect(close?.closeCode == .unknown(4408))
            #expect(close?.reason?.contains("Ping timeout") == true)
        }
    }

    @Test("no connection_init before the deadline on the injected clock closes with 4408")
    func initDeadline() async throws {
        let clock = ManualClock()
        let app = try await buildApplication(testConfiguration(), clock: clock)
        try await app.test(.live) { client in
            let close = try await client.ws("/graphql", configuration: Self.configuration) { inbound, _, _ in
                var reader = Reader(iterator: inbound.messages(maxSize: 1 << 20).makeAsyncIterator())
                try await clock.advance(pastWaitOf: .seconds(10))
                #expect(try await reader.next() == nil)
            }
            #expect(close?.closeCode == .unknown(4408))
            #expect(close?.reason == "Connection initialisation timeout")
        }
    }

    @Test(
        "a session signed out after connection_init closes the connection with 4401 at the next subscribe, or the next keep-alive tick"
    )
    func sessionCheckedAgain() async throws {
        let clock = ManualClock()
        let app = try await buildApplication(testConfiguration(), clock: clock)
        try await app.test(.live) { client in
            let (token, _) = try await signUp(client, "socket")
            let household = try await createHousehold(client, token)
            let signOut: @Sendable (String) async throws -> Void = { token in
                let response = try await client.execute(
                    uri: "/cloud/v1/accounts/signout", method: .post, headers: authorized(token),
                    body: ByteBuffer(string: "{}"))
                #expect(response.status.code < 300)
            }
            let atSubscribe = try await client.ws("/graphql", configuration: Self.configuration) {
                inbound, outbound, _ in
                var reader = Reader(iterator: inbound.messages(maxSize: 1 << 20).makeAsyncIterator())
                try await outbound.writeTextMessage(Self.initMessage(token))
                #expect(try await reader.nextType() == "connection_ack")
                try await outbound.writeTextMessage(Self.subscribe("1", household: household))
                try await outbound.writeTextMessage(#"{"type":"ping"}"#)
                #expect(try await reader.nextType() == "pong")
                try await signOut(token)
                try await outbound.writeTextMessage(Self.subscribe("2", household: household))
                #expect(try await reader.next() == nil)
            }
            #expect(atSubscribe?.closeCode == .unknown(4401))
            #expect(atSubscribe?.reason?.contains("sign in") == true)

            let (second, _) = try await signUp(client, "socket")
            let atTick = try await client.ws("/graphql", configuration: Self.configuration) { inbound, outbound, _ in
                var reader = Reader(iterator: inbound.messages(maxSize: 1 << 20).makeAsyncIterator())
                try await outbound.writeTextMessage(Self.initMessage(second))
                #expect(try await reader.nextType() == "connection_ack")
                try await signOut(second)
                try await clock.advance(pastWaitOf: .seconds(10))
                try await clock.advance(pastWaitOf: .seconds(30))
                #expect(try await reader.next() == nil)
            }
            #expect(atTick?.closeCode == .unknown(4401))
        }
    }

    @Test(
        "subscriptions are capped per connection and per user; one past a cap is refused TOO_MANY_SUBSCRIPTIONS and the connection stays"
    )
    func subscriptionCaps() async throws {
        var configuration = testConfiguration()
        configuration.graphQLMaxSubscriptionsPerConnection = 2
        configuration.graphQLMaxSubscriptionsPerUser = 3
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            let (token, _) = try await signUp(client, "socket")
            let household = try await createHousehold(client, token)
            let firstOpen = Locked(false)
            let release = Locked(false)
            let codes = Locked<[String?]>([])
            try await withThrowingTaskGroup(of: Void.self) { group in
                // One connection holds two subscriptions (its cap); a third is refused, and the first two still run.
                group.addTask {
                    _ = try await client.ws("/graphql", configuration: Self.configuration) { inbound, outbound, _ in
                        var reader = Reader(iterator: inbound.messages(maxSize: 1 << 20).makeAsyncIterator())
                        try await outbound.writeTextMessage(Self.initMessage(token))
                        #expect(try await reader.nextType() == "connection_ack")
                        for id in ["a", "b", "c"] {
                            try await outbound.writeTextMessage(Self.subscribe(id, household: household))
                        }
                        let refused = try await reader.next()
                        #expect(refused?["type"] as? String == "error" && refused?["id"] as? String == "c")
                        codes.withLock { $0.append(Self.code(refused)) }
                        #expect(
                            (((refused?["payload"] as? [[String: Any]])?.first?["message"]) as? String)?.contains(
                                "2 subscriptions") == true)
                        firstOpen.withLock { $0 = true }
                        try await waitUntil("the other connection is done") { release.current }
                        // Still open, and its subscriptions still hear changes.
                        _ = try await client.execute(
                            uri: "/graphql", method: .post, headers: authorized(token),
                            body: ByteBuffer(
                                string:
                                    #"{"query":"mutation { updateHousehold(id: \"\#(household)\", input: {name: \"Renamed\"}) { id } }"}"#
                            ))
                        let heard = [try await reader.next(), try await reader.next()]
                        #expect(Set(heard.compactMap { $0?["id"] as? String }) == ["a", "b"])
                        #expect(heard.allSatisfy { $0?["type"] as? String == "next" })
                    }
                }
                // Another connection of the same user: one more is within the user's three, the next is not.
                group.addTask {
                    try await waitUntil("the first connection holds two") { firstOpen.current }
                    _ = try await client.ws("/graphql", configuration: Self.configuration) { inbound, outbound, _ in
                        var reader = Reader(iterator: inbound.messages(maxSize: 1 << 20).makeAsyncIterator())
                        try await outbound.writeTextMessage(Self.initMessage(token))
                        #expect(try await reader.nextType() == "connection_ack")
                        for id in ["d", "e"] {
                            try await outbound.writeTextMessage(Self.subscribe(id, household: household))
                        }
                        let refused = try await reader.next()
                        #expect(refused?["type"] as? String == "error" && refused?["id"] as? String == "e")
                        codes.withLock { $0.append(Self.code(refused)) }
                        #expect(
                            (((refused?["payload"] as? [[String: Any]])?.first?["message"]) as? String)?.contains(
                                "3 subscriptions on this server") == true)
                        // Completing one makes room for another.
                        try await outbound.writeTextMessage(#"{"id":"d","type":"complete"}"#)
                        try await outbound.writeTextMessage(Self.subscribe("f", household: household))
                        try await outbound.writeTextMessage(#"{"type":"ping"}"#)
                        #expect(try await reader.nextType() == "pong")
                    }
                    release.withLock { $0 = true }
                }
                try await group.waitForAll()
            }
            #expect(codes.current == ["TOO_MANY_SUBSCRIPTIONS", "TOO_MANY_SUBSCRIPTIONS"])
        }
    }

    /// Creates a household over HTTP and returns its id.
    func createHousehold(_ client: some TestClientProtocol, _ token: String) async throws -> String {
        let body = #"{"query":"mutation { createHousehold(input: {name: \"Home\"}) { id } }"}"#
        let response = try await client.execute(
            uri: "/graphql", method: .post, headers: authorized(token), body: ByteBuffer(string: body))
        let answer = Self.json(String(buffer: response.body))
        return try #require(
            ((answer["data"] as? [String: Any])?["createHousehold"] as? [String: Any])?["id"] as? String)
    }
}
