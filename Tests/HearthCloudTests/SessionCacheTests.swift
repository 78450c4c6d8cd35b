import Foundation
import HearthCloudModel
import HearthCore
import Testing

@testable import HearthCloud

/// Sessions kept between requests: read from the store once per lifetime, never past their end, and gone at
/// once when signed out.
@Suite("Session cache")
struct SessionCacheTests {
    static let caller = CloudCaller(userRecordName: "_ann", emailAddress: "ann@example.com", createdAt: 0)

    @Test("a session is kept for its lifetime and never past the session's own end")
    func keepsWithinLifetime() {
        let clock = ManualClock()
        let cache = SessionCache(lifetime: .milliseconds(300), clock: clock)
        cache.remember(tokenHash: "h1", caller: Self.caller, expiresAt: 10_000)
        #expect(cache.caller(tokenHash: "h1", now: 9_999) == Self.caller)
        #expect(cache.caller(tokenHash: "h1", now: 10_000) == nil, "a session that has ended is not answered")
        #expect(cache.count == 0, "an ended session is dropped")
        cache.remember(tokenHash: "h2", caller: Self.caller, expiresAt: 10_000)
        clock.advance(by: .milliseconds(299))
        #expect(cache.caller(tokenHash: "h2", now: 0) == Self.caller, "within its lifetime the session is kept")
        clock.advance(by: .milliseconds(1))
        #expect(cache.caller(tokenHash: "h2", now: 0) == nil, "past its lifetime the session is read again")
        #expect(cache.caller(tokenHash: "unknown", now: 0) == nil)
    }

    @Test("a revoked session is not kept again, even by a request that read it just before")
    func revokedStaysOut() {
        let clock = ManualClock()
        let cache = SessionCache(lifetime: .seconds(30), clock: clock)
        cache.remember(tokenHash: "h1", caller: Self.caller, expiresAt: .max)
        cache.revoke(tokenHash: "h1")
        #expect(cache.caller(tokenHash: "h1", now: 0) == nil)
        cache.remember(tokenHash: "h1", caller: Self.caller, expiresAt: .max)
        #expect(cache.caller(tokenHash: "h1", now: 0) == nil)
        clock.advance(by: .seconds(29))
        cache.remember(tokenHash: "h1", caller: Self.caller, expiresAt: .max)
        #expect(cache.caller(tokenHash: "h1", now: 0) == nil, "a revoked session stays out for the whole lifetime")
        clock.advance(by: .seconds(1))
        cache.remember(tokenHash: "h1", caller: Self.caller, expiresAt: .max)
        #expect(
            cache.caller(tokenHash: "h1", now: 0) == Self.caller,
            "past the lifetime a session read afresh is kept again")
    }

    @Test("a zero lifetime keeps nothing, and the cache holds at most its capacity")
    func zeroLifetimeAndCapacity() {
        let off = SessionCache(lifetime: .zero)
        off.remember(tokenHash: "h1", caller: Self.caller, expiresAt: .max)
        #expect(off.caller(tokenHash: "h1", now: 0) == nil)
        #expect(off.count == 0)
        let small = SessionCache(lifetime: .seconds(30), capacity: 3)
        for index in 0..<10 { small.remember(tokenHash: "h\(index)", caller: Self.caller, expiresAt: .max) }
        #expect(small.count <= 3)
        #expect(small.caller(tokenHash: "h9", now: 0) == Self.caller, "the newest session is kept")
    }

    @Test(
        "a signed-in client's requests read its session once; signing out takes effect at once",
        arguments: StoreKind.allCases)
    func serviceReadsOnce(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let accounts = AccountService(store: store, configuration: CloudConfiguration(bcryptCost: 4))
            _ = try await accounts.signUp(
                CloudSignUpRequest(emailAddress: "ann@example.com", password: "correct horse"))
            let session = try await accounts.signIn(
                CloudSignInRequest(emailAddress: "ann@example.com", password: "correct horse"))
            let first = try await accounts.authenticate(token: session.token)
            let before = store.database.statements.value
            for _ in 0..<5 { #expect(try await accounts.authenticate(token: session.token) == first) }
            #expect(store.database.statements.value == before, "the session was read again within its cache lifetime")
            try await accounts.signOut(token: session.token)
            let revoked = await cloudError { _ = try await accounts.authenticate(token: session.token) }
            #expect(revoked?.serverErrorCode == .authenticationFailed)
            #expect(revoked?.reason.contains("revoked") == true, "\(revoked?.reason ?? "")")
        }
    }

    @Test("with a zero cache lifetime every request reads its session")
    func zeroLifetimeReadsEveryTime() async throws {
        let configuration = {
            var configuration = CloudConfiguration(bcryptCost: 4)
            configuration.sessionCacheLifetime = .zero
            return configuration
        }()
        try await withStore(.sqlite, configuration: configuration) { store in
            let accounts = AccountService(store: store, configuration: configuration)
            _ = try await accounts.signUp(CloudSignUpRequest(emailAddress: "bo@example.com", password: "correct horse"))
            let session = try await accounts.signIn(
                CloudSignInRequest(emailAddress: "bo@example.com", password: "correct horse"))
            let before = store.database.statements.value
            for _ in 0..<3 { _ = try await accounts.authenticate(token: session.token) }
            #expect(store.database.statements.value == before + 3)
            let bad = await cloudError { _ = try await accounts.authenticate(token: "") }
            #expect(bad?.serverErrorCode == .authenticationFailed)
        }
    }
}
