import Foundation
import HearthCore
import HTTPTypes
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
    static let configuration = WebSocketClientConfiguration(additionalHeaders: [.secWebSocketProtocol: "graphql-transport-ws"])

    /// Sends each message in turn, and returns what the server sent back and the close frame.
    static func exchange(_ client: some TestClientProtocol, _ messages: [String], readAfter: Int = 0) async throws -> (received: [String], close: WebSocketCloseFrame?) {
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

    @Test("the protocol's close codes: 4400, 4401, 4403, 4409, 4429")
    func closeCodes() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.live) { client in
            let (token, _) = try await signUp(client, "socket")
            let initMessage = #"{"type":"connection_init","payload":{"Authorization":"Bearer \#(token)"}}"#
            let subscribe = #"{"id":"1","type":"subscribe","payload":{"query":"{ me { id } }"}}"#

            #expect(try await Self.exchange(client, [subscribe]).close?.closeCode == .unknown(4401))
            #expect(try await Self.exchange(client, ["not json"]).close?.closeCode == .unknown(4400))
            #expect(try await Self.exchange(client, [#"{"type":"connection_init","payload":{"Authorization":"Bearer wrong"}}"#]).close?.closeCode == .unknown(4403))
            #expect(try await Self.exchange(client, [#"{"type":"connection_init"}"#]).close?.closeCode == .unknown(4403))
            #expect(try await Self.exchange(client, [initMessage, initMessage]).close?.closeCode == .unknown(4429))

            let household = try await createHousehold(client, token)
            let changed = #"{"id":"same","type":"subscribe","payload":{"query":"subscription($id: String!) { householdChanged(id: $id) { kind } }","variables":{"id":"\#(household)"}}}"#
            let duplicate = try await Self.exchange(client, [initMessage, changed, changed])
            #expect(duplicate.close?.closeCode == .unknown(4409))
            #expect(duplicate.received.first.map(Self.json)?["type"] as? String == "connection_ack")
        }
    }

    @Test("after connection_ack: ping is answered, a query is one next then complete, a refused subscription is an error")
    func operations() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.live) { client in
            let (token, user) = try await signUp(client, "socket")
            let initMessage = #"{"type":"connection_init","payload":{"Authorization":"Bearer \#(token)"}}"#
            let (received, _) = try await Self.exchange(client, [
                initMessage, #"{"type":"ping"}"#,
                #"{"id":"q","type":"subscribe","payload":{"query":"{ me { id } }"}}"#,
                #"{"id":"s","type":"subscribe","payload":{"query":"subscription { householdChanged(id: \"nowhere\") { kind } }"}}"#,
            ], readAfter: 5)
            let messages = received.map(Self.json)
            #expect(messages.map { $0["type"] as? String } .prefix(2) == ["connection_ack", "pong"])
            let next = try #require(messages.first { $0["type"] as? String == "next" })
            #expect(next["id"] as? String == "q")
            #expect(((next["payload"] as? [String: Any])?["data"] as? [String: Any]).flatMap { ($0["me"] as? [String: Any])?["id"] as? String } == user)
            #expect(messages.contains { $0["type"] as? String == "complete" && $0["id"] as? String == "q" })
            let error = try #require(messages.first { $0["type"] as? String == "error" })
            #expect(error["id"] as? String == "s")
            #expect(((error["payload"] as? [[String: Any]])?.first?["extensions"] as? [String: Any])?["code"] as? String == "NOT_FOUND")
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
                try await outbound.writeTextMessage(#"{"id":"1","type":"subscribe","payload":{"query":"subscription($id: String!) { householdChanged(id: $id) { kind household { name } } }","variables":{"id":"\#(household)"}}}"#)
                var iterator = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                _ = try await iterator.next()  // connection_ack
                // The subscription is registered once the server has answered a ping sent after it.
                try await outbound.writeTextMessage(#"{"type":"ping"}"#)
                _ = try await iterator.next()
                let rename = #"{"query":"mutation($id: String!) { updateHousehold(id: $id, input: {name: \"Renamed\"}) { id } }","variables":{"id":"\#(household)"}}"#
                _ = try await client.execute(uri: "/graphql", method: .post, headers: authorized(token), body: ByteBuffer(string: rename))
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

    /// Creates a household over HTTP and returns its id.
    func createHousehold(_ client: some TestClientProtocol, _ token: String) async throws -> String {
        let body = #"{"query":"mutation { createHousehold(input: {name: \"Home\"}) { id } }"}"#
        let response = try await client.execute(uri: "/graphql", method: .post, headers: authorized(token), body: ByteBuffer(string: body))
        let answer = Self.json(String(buffer: response.body))
        return try #require(((answer["data"] as? [String: Any])?["createHousehold"] as? [String: Any])?["id"] as? String)
    }
}
