import Foundation
import HTTPTypes
import HearthCore
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HearthServer

@Suite("Kept GraphQL answers over HTTP: per user, and never older than the last write")
struct GraphQLAnswerCacheTests {
    static func post(_ client: some TestClientProtocol, token: String, _ query: String) async throws -> String {
        let body = try JSONSerialization.data(withJSONObject: ["query": query])
        let response = try await client.execute(
            uri: "/graphql", method: .post,
            headers: [.contentType: "application/json", .authorization: "Bearer \(token)"],
            body: ByteBuffer(bytes: body))
        #expect(response.status == .ok)
        return String(buffer: response.body)
    }

    @Test(
        "a query asked again answers the same until a mutation changes what it shows; another user gets their own answer"
    )
    func keptUntilChanged() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (ada, _) = try await signUp(client, "ada")
            let (bob, _) = try await signUp(client, "bob")
            let query = "{ households { name memberCount } }"
            #expect(try await Self.post(client, token: ada, query) == #"{"data":{"households":[]}}"#)
            let created = try await Self.post(
                client, token: ada, #"mutation { createHousehold(input: {name: "Flat 3"}) { id } }"#)
            let id = try #require(created.firstMatch(of: /"id":"([^"]+)"/)?.1)
            #expect(
                try await Self.post(client, token: ada, query)
                    == #"{"data":{"households":[{"name":"Flat 3","memberCount":1}]}}"#)
            #expect(
                try await Self.post(client, token: ada, query)
                    == #"{"data":{"households":[{"name":"Flat 3","memberCount":1}]}}"#)
            #expect(try await Self.post(client, token: bob, query) == #"{"data":{"households":[]}}"#)
            _ = try await Self.post(
                client, token: ada, #"mutation { updateHousehold(id: "\#(id)", input: {name: "Flat 4"}) { name } }"#)
            #expect(
                try await Self.post(client, token: ada, query)
                    == #"{"data":{"households":[{"name":"Flat 4","memberCount":1}]}}"#)
        }
    }

    @Test("the memory for kept answers comes from the flag over the environment; 0 keeps none")
    func configuration() throws {
        #expect(try ServerConfiguration.resolve(environment: [:]).graphQLAnswerCacheBytes == 64 << 20)
        #expect(
            try ServerConfiguration.resolve(environment: ["HEARTH_GRAPHQL_ANSWER_CACHE_MB": "8"])
                .graphQLAnswerCacheBytes == 8 << 20)
        #expect(
            try ServerConfiguration.resolve(
                graphQLAnswerCacheMegabytes: 0, environment: ["HEARTH_GRAPHQL_ANSWER_CACHE_MB": "8"]
            ).graphQLAnswerCacheBytes == 0)
        #expect { try ServerConfiguration.resolve(graphQLAnswerCacheMegabytes: -1, environment: [:]) } throws: {
            error in
            (error as? ServiceError)?.message.contains("--graphql-answer-cache-mb -1 is out of range") == true
        }
    }
}
