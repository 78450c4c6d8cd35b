import Foundation
import HTTPTypes
import HearthCloud
import HearthCloudModel
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HearthServer

/// Signed-out callers are limited per client address, before their bodies are read; behind a trusted proxy the
/// address is the one it forwarded.
@Suite("Signed-out limits per client address", .timeLimit(.minutes(10)))
struct SignedOutLimitTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// A server that trusts the test's own connections (127.0.0.1) as a proxy, with limits that barely refill.
    static func configuration(signedOutBurst: Double = 1_000, signUpBurst: Double = 20, analyticsKeys: [String] = [])
        throws -> ServerConfiguration
    {
        var cloud = CloudConfiguration(bcryptCost: 4)
        cloud.signInRate = 0.001
        cloud.signInBurst = signUpBurst
        cloud.addressRate = 0.001
        cloud.addressBurst = 1_000
        var configuration = testConfiguration(cloud)
        configuration.trustedProxies = try TrustedProxies(parsing: ["127.0.0.1", "::1"])
        configuration.signedOutRequestsPerSecond = 0.001
        configuration.signedOutBurst = signedOutBurst
        configuration.analyticsKeys = analyticsKeys
        return configuration
    }

    static func signUp(_ client: some TestClientProtocol, from address: String, _ index: Int) async throws
        -> TestResponse
    {
        var headers = jsonHeaders
        headers[forwardedFor] = address
        return try await client.execute(
            uri: "/cloud/v1/accounts/signup", method: .post, headers: headers,
            body: body(
                CloudSignUpRequest(
                    emailAddress: "flood\(index)-\(UUID().uuidString.prefix(6))@example.com",
                    password: "long enough password")))
    }

    @Test(
        "a flood of sign-ups from one address is refused with THROTTLED and Retry-After; another address still signs up"
    )
    func signUpsArePerAddress() async throws {
        let app = try await buildApplication(try Self.configuration(signUpBurst: 5))
        try await app.test(.live) { client in
            var statuses: [Int] = []
            var refused: TestResponse?
            for index in 0..<12 {
                let response = try await Self.signUp(client, from: "203.0.113.7", index)
                statuses.append(Int(response.status.code))
                if response.status == .tooManyRequests, refused == nil { refused = response }
            }
            #expect(statuses.prefix(5).allSatisfy { $0 == 201 }, "\(statuses)")
            #expect(statuses.suffix(7).allSatisfy { $0 == 429 }, "\(statuses)")
            let answer = try #require(refused)
            #expect(answer.headers[.retryAfter].flatMap { Int($0) } ?? 0 >= 1)
            let error = try errorBody(answer)
            #expect(error.serverErrorCode == .throttled)
            #expect(error.reason.contains("Too many sign-ups from your address (203.0.113.7)"), "\(error.reason)")

            // Someone else, behind the same proxy, is not held up.
            #expect(try await Self.signUp(client, from: "198.51.100.20", 99).status == .created)
            // A client's own X-Forwarded-For entries left of the proxy's do not buy a fresh bucket.
            #expect(try await Self.signUp(client, from: "192.0.2.1, 203.0.113.7", 100).status == .tooManyRequests)

            // The refusals are counted by limit.
            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            let line = try #require(
                metrics.split(separator: "\n").first {
                    $0.hasPrefix("hearth_rate_limit_refusals_total{limit=\"signup\"}")
                })
            #expect(Int(line.split(separator: " ").last ?? "") ?? 0 >= 8, "\(line)")
        }
    }

    @Test(
        "without a trusted proxy, X-Forwarded-For names nobody: every request counts against the connection's address")
    func untrustedForwardingIsIgnored() async throws {
        var configuration = try Self.configuration(signUpBurst: 3)
        configuration.trustedProxies = .none
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            var statuses: [HTTPResponse.Status] = []
            for index in 0..<5 {
                statuses.append(try await Self.signUp(client, from: "198.51.100.\(index)", index).status)
            }
            #expect(statuses == [.created, .created, .created, .tooManyRequests, .tooManyRequests])
        }
    }

    @Test("sign-in and sign-up bodies past a few kilobytes are refused before they are parsed, and nothing is written")
    func smallBodies() async throws {
        let app = try await buildApplication(try Self.configuration())
        try await app.test(.live) { client in
            let padding = String(repeating: "p", count: 40_000)
            for path in ["/cloud/v1/accounts/signin", "/cloud/v1/accounts/signup"] {
                let response = try await client.execute(
                    uri: path, method: .post, headers: jsonHeaders,
                    body: body(CloudSignUpRequest(emailAddress: "refused@example.com", password: padding)))
                #expect(response.status == .contentTooLarge)
                let error = try errorBody(response)
                #expect(error.serverErrorCode == .limitExceeded)
                #expect(
                    error.reason.contains("larger than \(CloudAPI.smallBodyBytes) bytes, the most POST \(path) takes"),
                    "\(error.reason)")
            }
            // The longest password the rules allow, every character escaped, still fits.
            let longest = String(repeating: "\u{1F511}", count: AccountRules.maxPasswordLength)
            var escaped = "{\"emailAddress\":\"big@example.com\",\"password\":\""
            for unit in longest.utf16 { escaped += String(format: "\\u%04x", unit) }
            escaped += "\"}"
            #expect(escaped.utf8.count < CloudAPI.smallBodyBytes)
            let fits = try await client.execute(
                uri: "/cloud/v1/accounts/signup", method: .post, headers: jsonHeaders, body: ByteBuffer(string: escaped)
            )
            #expect(fits.status == .created, "\(String(buffer: fits.body))")
            // Nothing was made of the refused sign-up: the address is still free.
            let again = try await client.execute(
                uri: "/cloud/v1/accounts/signup", method: .post, headers: jsonHeaders,
                body: body(CloudSignUpRequest(emailAddress: "refused@example.com", password: "long enough password")))
            #expect(again.status == .created)
        }
    }

    @Test(
        "requests without a valid token are limited per address: the cloud API answers THROTTLED, /graphql RATE_LIMITED, the collector THROTTLED"
    )
    func signedOutRequests() async throws {
        let app = try await buildApplication(try Self.configuration(signedOutBurst: 3, analyticsKeys: ["phc_key"]))
        try await app.test(.live) { client in
            func call(
                _ uri: String, method: HTTPRequest.Method = .post, token: String? = nil, from address: String,
                body: ByteBuffer? = nil
            ) async throws -> TestResponse {
                var headers: HTTPFields = [.contentType: "application/json", Self.forwardedFor: address]
                if let token { headers[.authorization] = "Bearer \(token)" }
                return try await client.execute(uri: uri, method: method, headers: headers, body: body)
            }
            // No token, a malformed header and an unknown token all count.
            #expect(
                try await call("/cloud/v1/accounts/caller", method: .get, from: "203.0.113.8").status == .unauthorized)
            #expect(
                try await client.execute(
                    uri: "/cloud/v1/accounts/caller", method: .get,
                    headers: [Self.forwardedFor: "203.0.113.8", .authorization: "Basic x"]
                ).status == .unauthorized)
            #expect(
                try await call("/cloud/v1/private/zones/list", token: "not-a-token", from: "203.0.113.8").status
                    == .unauthorized)
            let throttled = try await call(
                "/cloud/v1/assets/upload", token: "not-a-token", from: "203.0.113.8",
                body: ByteBuffer(repeating: 1, count: 100_000))
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.headers[.retryAfter] != nil)
            let error = try errorBody(throttled)
            #expect(error.serverErrorCode == .throttled)
            #expect(error.reason.contains("without a valid sign-in from your address (203.0.113.8)"), "\(error.reason)")

            // GraphQL shares the budget and answers in its own shape.
            let query = ByteBuffer(string: #"{"query":"{ __typename }"}"#)
            let graphQL = try await call("/graphql", from: "203.0.113.8", body: query)
            #expect(graphQL.status == .tooManyRequests)
            #expect(graphQL.headers[.retryAfter] != nil)
            let answer = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: graphQL.body)) as? [String: Any])
            let extensions = (answer["errors"] as? [[String: Any]])?.first?["extensions"] as? [String: Any]
            #expect(extensions?["code"] as? String == "RATE_LIMITED")
            #expect(extensions?["retryAfter"] as? Int ?? 0 >= 1)
            // Another address is not held up.
            #expect(try await call("/graphql", from: "198.51.100.30", body: query).status == .ok)

            // The collector has a budget of its own per address, spent before the body is read.
            let event = ByteBuffer(string: #"{"api_key":"phc_key","event":"e","distinct_id":"d"}"#)
            for _ in 0..<3 { #expect(try await call("/batch/", from: "203.0.113.8", body: event).status == .ok) }
            let collector = try await call(
                "/batch/", from: "203.0.113.8", body: ByteBuffer(repeating: 0x20, count: 1_000_000))
            #expect(collector.status == .tooManyRequests)
            #expect(try errorBody(collector).serverErrorCode == .throttled)

            // A signed-in caller is never held to the signed-out budget.
            let (token, _) = try await HearthServerTests.signUp(client, "signed-in")
            for _ in 0..<5 {
                #expect(
                    try await call("/cloud/v1/accounts/caller", method: .get, token: token, from: "203.0.113.8").status
                        == .ok)
            }

            let metrics = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(metrics.contains("hearth_rate_limit_refusals_total{limit=\"signed-out\"}"))
            #expect(metrics.contains("hearth_rate_limit_refusals_total{limit=\"analytics\"} 1"))
        }
    }
}
