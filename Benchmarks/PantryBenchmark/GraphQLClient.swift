import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import HearthCloudModel
import NIOCore
import NIOHTTP1

/// Plain HTTP calls of the benchmark's own set-up: signing the household's owner in and GraphQL operations.
enum GraphQLClient {
    /// A new account on the server at `base`, signed in: its bearer token.
    static func signUp(base: String) async throws -> String {
        let email = "pantry-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let password = "correct horse battery"
        _ = try await post(
            base + "/cloud/v1/accounts/signup",
            try JSONEncoder().encode(CloudSignUpRequest(emailAddress: email, password: password)))
        let answer = try await post(
            base + "/cloud/v1/accounts/signin",
            try JSONEncoder().encode(CloudSignInRequest(emailAddress: email, password: password)))
        return try JSONDecoder().decode(CloudSession.self, from: answer).token
    }

    /// The `data` of a GraphQL operation; a `LoadError` with the server's messages when it answered errors.
    static func data(base: String, token: String, query: String, variables: [String: Any] = [:]) async throws
        -> [String: Any]
    {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let answer = try await post(base + "/graphql", body, token: token)
        guard let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any] else {
            throw LoadError(
                "\(base)/graphql answered something other than a JSON object: \(String(decoding: answer.prefix(500), as: UTF8.self))"
            )
        }
        if let errors = object["errors"] as? [Any], !errors.isEmpty {
            throw LoadError("\(base)/graphql answered errors: \(String(decoding: answer.prefix(2000), as: UTF8.self))")
        }
        guard let data = object["data"] as? [String: Any] else { throw LoadError("\(base)/graphql answered no data") }
        return data
    }

    /// The raw answer of POSTing `body` to `url`; a `LoadError` for any status other than 2xx.
    static func post(_ url: String, _ body: Data, token: String? = nil) async throws -> Data {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let data = try await response.body.collect(upTo: 100_000_000)
        guard response.status.code < 300 else {
            throw LoadError("\(url) answered \(response.status.code): \(String(buffer: data).prefix(2000))")
        }
        return Data(data.readableBytesView)
    }
}
