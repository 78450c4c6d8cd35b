import AsyncHTTPClient
import Foundation
import HearthCore
import HearthPantry
import HearthStore
import HearthTestSupport
import NIOCore
import NIOHTTP1
import Testing

@Suite(
    "AuthService against a live server: sign up, in and out, kept sessions, expiry and re-validation",
    .timeLimit(.minutes(10)))
struct AuthServiceTests {
    static let password = "long enough password"

    static func auth(_ server: LiveServer, folder: URL, now: @escaping @Sendable () -> Date = { Date() }) -> AuthService
    {
        AuthService(
            serverURL: server.url, httpClient: .shared,
            tokens: SecureTokenStore(files: ProtectedFileStore(directory: folder)), now: now)
    }

    static func folder() -> URL {
        scratchDirectory("hearth-pantry-auth")
    }

    @Test("passwords need 8 characters and emails cannot be empty, both said plainly before anything is sent")
    func validation() async throws {
        try await withLiveServer { server in
            let auth = Self.auth(server, folder: Self.folder())
            let short = await serviceError { try await auth.signUp(email: freshEmail(), password: "seven77") }
            #expect(short?.code == .validationFailed)
            #expect(short?.message == "Password must be at least 8 characters; the one given has 7.")
            let empty = await serviceError { try await auth.signIn(email: "  ", password: Self.password) }
            #expect(empty?.reasons == ["Email cannot be empty; give the address the account was made with."])
            let wrong = await serviceError { try await auth.signIn(email: freshEmail(), password: Self.password) }
            #expect(wrong?.code == .notAuthenticated)
        }
    }

    @Test("a session is kept in the token store for the next run; signing out revokes it on the server")
    func keptSessionAndSignOut() async throws {
        try await withLiveServer { server in
            let folder = Self.folder()
            let email = freshEmail()
            let session = try await Self.auth(server, folder: folder).signUp(
                email: "  \(email) ", password: Self.password)
            #expect(session.email == email)

            let nextRun = Self.auth(server, folder: folder)
            #expect(try await nextRun.currentSession() == session)
            #expect(await nextRun.checkHealth().isHealthy)

            try await nextRun.signOut()
            #expect(try await nextRun.currentSession() == nil)
            #expect(try await Self.auth(server, folder: folder).currentSession() == nil, "the kept session is gone")
            let graphQL = GraphQLService(endpoint: server.url.appendingPathComponent("graphql"), httpClient: .shared) {
                session.token
            }
            let refused = await serviceError {
                _ = try await graphQL.query("{ me { id } }", variables: [:], policy: .networkOnly)
            }
            #expect(refused?.code == .notAuthenticated, "the server no longer takes the old token")
        }
    }

    @Test("a token counts as expired 300 s before the server's expiry")
    func expiresEarly() async throws {
        try await withLiveServer { server in
            let clock = TestNow()
            let auth = Self.auth(server, folder: Self.folder(), now: clock.now)
            let session = try await auth.signUp(email: freshEmail(), password: Self.password)
            #expect(auth.isExpired(session, at: session.expiresAt.addingTimeInterval(-301)) == false)
            #expect(auth.isExpired(session, at: session.expiresAt.addingTimeInterval(-300)))

            clock.set(session.expiresAt.addingTimeInterval(-301))
            #expect(try await auth.tokenForRequest() == session.token)
            clock.set(session.expiresAt.addingTimeInterval(-300))
            #expect(try await auth.tokenForRequest() == nil)
            #expect(try await auth.currentSession() == nil)
        }
    }

    @Test("the session is re-validated with the server every 30 minutes, which notices a token revoked elsewhere")
    func revalidatesEveryThirtyMinutes() async throws {
        try await withLiveServer { server in
            let start = Date()
            let clock = TestNow(start)
            let auth = Self.auth(server, folder: Self.folder(), now: clock.now)
            let session = try await auth.signUp(email: freshEmail(), password: Self.password)

            // Revoke the token on the server, as signing out on another device does.
            var request = HTTPClientRequest(
                url: server.url.appendingPathComponent("cloud/v1/accounts/signout").absoluteString)
            request.method = .POST
            request.headers.add(name: "Authorization", value: "Bearer \(session.token)")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
            #expect((200..<300).contains(Int(response.status.code)))

            clock.set(start.addingTimeInterval(29 * 60 + 59))
            #expect(try await auth.currentSession() == session, "not yet due: the server is not asked")
            clock.set(start.addingTimeInterval(30 * 60))
            #expect(
                try await auth.currentSession() == nil, "due: the server refuses the token and the session is dropped")
        }
    }

    @Test("a session the server still accepts is re-validated and kept")
    func revalidationKeepsAGoodSession() async throws {
        try await withLiveServer { server in
            let start = Date()
            let clock = TestNow(start)
            let auth = Self.auth(server, folder: Self.folder(), now: clock.now)
            let session = try await auth.signUp(email: freshEmail(), password: Self.password)
            clock.set(start.addingTimeInterval(31 * 60))
            let revalidated = try #require(try await auth.currentSession())
            #expect(revalidated.token == session.token)
            #expect(revalidated.validatedAt == start.addingTimeInterval(31 * 60))
        }
    }
}
