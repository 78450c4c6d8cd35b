import Foundation
import HTTPTypes
import HearthCore
import HearthPantryServer
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import NIOCore
import NIOWebSocket
import Testing

@testable import HearthServer

@Suite("GraphQL rate limit: each user's operations are limited, answered 429 RATE_LIMITED with Retry-After")
struct GraphQLRateLimitTests {
    static func post(_ client: some TestClientProtocol, token: String?) async throws -> (HTTPResponse, [String: Any]) {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let body = try JSONSerialization.data(withJSONObject: ["query": "{ households { id } }"])
        let response = try await client.execute(
            uri: "/graphql", method: .post, headers: headers, body: ByteBuffer(bytes: body))
        let json = (try? JSONSerialization.jsonObject(with: Data(buffer: response.body))) as? [String: Any] ?? [:]
        return (response.head, json)
    }

    /// The server with a GraphQL burst of `burst` operations, refilling at one per 100 s.
    static func application(burst: Double) async throws -> some ApplicationProtocol {
        var configuration = testConfiguration()
        configuration.graphQLRequestsPerSecond = 0.01
        configuration.graphQLBurst = burst
        return try await buildApplication(configuration)
    }

    @Test("past the burst a user is refused with RATE_LIMITED and Retry-After; another user is not")
    func limited() async throws {
        let app = try await Self.application(burst: 3)
        try await app.test(.router) { client in
            let (ada, _) = try await signUp(client, "ada")
            let (bob, _) = try await signUp(client, "bob")
            for _ in 0..<3 {
                let (head, json) = try await Self.post(client, token: ada)
                #expect(head.status == .ok)
                #expect(json["errors"] == nil, "\(json)")
            }
            let (head, json) = try await Self.post(client, token: ada)
            #expect(head.status == .tooManyRequests)
            let retryAfter = try #require(head.headerFields[.retryAfter].flatMap { Int($0) })
            #expect(retryAfter >= 1)
            let error = try #require((json["errors"] as? [[String: Any]])?.first)
            let extensions = try #require(error["extensions"] as? [String: Any])
            #expect(extensions["code"] as? String == "RATE_LIMITED")
            #expect(extensions["retryAfter"] as? Int == retryAfter)
            #expect((error["message"] as? String)?.contains("wait \(retryAfter) s") == true, "\(error)")
            #expect(json["data"] == nil)

            // The limit is per user: another account still gets its answers.
            let (other, _) = try await Self.post(client, token: bob)
            #expect(other.status == .ok)
        }
    }

    @Test(
        "operations over the WebSocket count too: one past the burst is an error message with RATE_LIMITED, and the socket stays open"
    )
    func webSocketLimited() async throws {
        let app = try await Self.application(burst: 2)
        try await app.test(.live) { client in
            let (token, _) = try await signUp(client, "socket")
            let query = { (id: String) in #"{"id":"\#(id)","type":"subscribe","payload":{"query":"{ me { id } }"}}"# }
            let (received, close) = try await GraphQLWebSocketTests.exchange(
                client,
                [
                    #"{"type":"connection_init","payload":{"Authorization":"Bearer \#(token)"}}"#,
                    query("a"), query("b"), query("c"), #"{"type":"ping"}"#,
                ], readAfter: 7)
            let messages = received.map(GraphQLWebSocketTests.json)
            #expect(
                Set(messages.filter { $0["type"] as? String == "next" }.compactMap { $0["id"] as? String }) == [
                    "a", "b",
                ])
            let refused = try #require(messages.first { $0["type"] as? String == "error" })
            #expect(refused["id"] as? String == "c")
            let extensions = (refused["payload"] as? [[String: Any]])?.first?["extensions"] as? [String: Any]
            #expect(extensions?["code"] as? String == "RATE_LIMITED")
            #expect((extensions?["retryAfter"] as? Int ?? 0) >= 1)
            // The connection went on: the ping after the refusal was answered.
            #expect(messages.contains { $0["type"] as? String == "pong" }, "\(received)")
            #expect(close == nil || close?.closeCode == .normalClosure)
        }
    }

    @Test("the GraphQL rate and burst come from flags over the environment, checked like the others")
    func configured() throws {
        let defaults = try ServerConfiguration.resolve(environment: [:])
        #expect(defaults.graphQLRequestsPerSecond == nil)
        #expect(defaults.graphQLBurst == nil)
        let environment = ["HEARTH_GRAPHQL_RATE_LIMIT": "5", "HEARTH_GRAPHQL_RATE_BURST": "10"]
        let fromEnvironment = try ServerConfiguration.resolve(environment: environment)
        #expect(fromEnvironment.graphQLRequestsPerSecond == 5)
        #expect(fromEnvironment.graphQLBurst == 10)
        let fromFlags = try ServerConfiguration.resolve(
            graphQLRateLimit: 2, graphQLRateBurst: 4, environment: environment)
        #expect(fromFlags.graphQLRequestsPerSecond == 2)
        #expect(fromFlags.graphQLBurst == 4)
        #expect { try ServerConfiguration.resolve(environment: ["HEARTH_GRAPHQL_RATE_LIMIT": "lots"]) } throws: {
            error in
            (error as? ServiceError)?.message.contains("HEARTH_GRAPHQL_RATE_LIMIT is \"lots\", which is not a number")
                == true
        }
        #expect { try ServerConfiguration.resolve(graphQLRateBurst: 0, environment: [:]) } throws: { error in
            (error as? ServiceError)?.message.contains("--graphql-rate-burst 0.0 is out of range") == true
        }
    }
}
