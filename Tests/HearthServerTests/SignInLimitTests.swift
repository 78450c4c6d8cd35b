import Foundation
import HTTPTypes
import HearthCloud
import HearthCloudModel
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HearthCloud
@testable import HearthServer

@Suite("Sign-in limits", .timeLimit(.minutes(10)))
struct SignInLimitTests {
    /// Limits that barely refill, so the outcome does not depend on how fast the machine is.
    static func slowRefill(account: Double = 20, address: Double = 1_000) -> ServerConfiguration {
        var cloud = CloudConfiguration(bcryptCost: 4)
        cloud.signInRate = 0.001
        cloud.signInBurst = account
        cloud.addressRate = 0.001
        cloud.addressBurst = address
        return testConfiguration(cloud)
    }

    @Test("spaces and capitals in the email do not buy a fresh burst of guesses against one account")
    func theLimitKeyIsTheNormalizedEmail() async throws {
        let app = try await buildApplication(Self.slowRefill())
        try await app.test(.router) { client in
            // The burst is 20 attempts per account; 40 attempts that name the same account in different
            // spellings run past it. (Keyed by the raw text, the twelve spellings
            // below would each have had a burst of their own, and none would be refused.)
            var statuses: [Int] = []
            var throttled: CloudError?
            for index in 0..<40 {
                let variant =
                    String(repeating: " ", count: index % 4)
                    + (index.isMultiple(of: 2) ? "Me@Example.com" : "me@example.COM")
                    + String(repeating: " ", count: index % 3)
                let response = try await client.execute(
                    uri: "/cloud/v1/accounts/signin", method: .post, headers: jsonHeaders,
                    body: body(CloudSignInRequest(emailAddress: variant, password: "wrong password")))
                statuses.append(Int(response.status.code))
                if response.status.code == 429, throttled == nil { throttled = try errorBody(response) }
            }
            #expect(statuses.prefix(20).allSatisfy { $0 == 401 }, "\(statuses)")
            #expect(statuses.contains(429), "\(statuses)")
            #expect(throttled?.serverErrorCode == .throttled)
            #expect(throttled?.retryAfter != nil)
        }
    }

    @Test("guesses spread over many accounts from one address are limited too")
    func oneAddressIsLimitedAcrossAccounts() async throws {
        let app = try await buildApplication(Self.slowRefill(address: 30))
        try await app.test(.router) { client in
            // 30 attempts per address; each email below is new, so only the address limit can refuse them.
            var refused: CloudError?
            for index in 0..<40 where refused == nil {
                let response = try await client.execute(
                    uri: "/cloud/v1/accounts/signin", method: .post, headers: jsonHeaders,
                    body: body(
                        CloudSignInRequest(emailAddress: "guess\(index)@example.com", password: "wrong password")))
                if response.status.code == 429 { refused = try errorBody(response) }
            }
            #expect(refused?.serverErrorCode == .throttled)
            #expect(
                refused?.reason.contains("from your address") == true, "\(refused?.reason ?? "no attempt was refused")")
        }
    }

    @Test("an unknown email is checked against a decoy hash of the configured cost")
    func theDecoyHashHasTheConfiguredCost() async throws {
        let store = try SQLRecordStore.sqlite(inMemory: CloudConfiguration(bcryptCost: 5))
        let service = AccountService(store: store, configuration: CloudConfiguration(bcryptCost: 5))
        let real = try await service.hashPassword("a real password")
        // bcrypt hashes start "$2b$05$": the version, then the cost.
        #expect(service.decoyHash.prefix(7) == real.prefix(7))
        #expect(service.decoyHash.prefix(7).hasSuffix("05$"))
    }
}
