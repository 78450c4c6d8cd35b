import Foundation
import HTTPTypes
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer

/// What the pages do at the edges of a session, over a real connection: live streams that end with their sign-in,
/// cookies behind a trusted https proxy, and `Strict-Transport-Security` behind an https address.
@Suite("Web pages: sessions at the edge", .timeLimit(.minutes(10)))
struct WebSessionEdgeTests {
    /// Opens the household's live stream on a raw connection with `browser`'s cookies, and waits for its first
    /// lines.
    static func follow(_ household: String, as browser: WebBrowser, port: Int) async throws -> RawConnection {
        let stream = try await RawConnection(port: port)
        let cookies = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        stream.send("GET /pantry/\(household)/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookies)\r\n\r\n")
        try await waitUntil("the stream begins") { stream.received.contains(": following \(household)") }
        return stream
    }

    /// Whether the chunked body on `stream` has ended (its last chunk), or the connection closed.
    static func ended(_ stream: RawConnection) -> Bool {
        stream.isClosed || stream.received.hasSuffix("0\r\n\r\n")
    }

    @Test(
        "signing out everywhere and changing the password end the other sessions' live streams within one heartbeat of the injected clock"
    )
    func streamsEndWithTheirSession() async throws {
        let clock = ManualClock()
        let app = try await buildApplication(try WebTest.configuration(), clock: clock)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let phone = WebBrowser(client)
            let email = try await WebTest.signUp(phone)
            let home = try await WebTest.household(phone)
            func signIn() async throws -> WebBrowser {
                let browser = WebBrowser(client)
                try await browser.get("/signin")
                #expect(
                    try await browser.post("/signin", [("email", email), ("password", WebTest.password)]).status
                        == .seeOther)
                return browser
            }

            // A password change: the other session's stream ends at the next heartbeat; this one's goes on.
            let laptop = try await signIn()
            let laptopStream = try await Self.follow(home, as: laptop, port: port)
            let phoneStream = try await Self.follow(home, as: phone, port: port)
            try await phone.get("/account")
            let changed = try await phone.post(
                "/account/password",
                [("current", WebTest.password), ("new", "a brand new password"), ("confirm", "a brand new password")])
            #expect(changed.status == .seeOther)
            #expect(!Self.ended(laptopStream), "nothing ends before the heartbeat")
            try await clock.advance(pastWaitOf: .seconds(15))
            try await waitUntil("the signed-out session's stream ends") { Self.ended(laptopStream) }
            try await waitUntil("the changing session's stream beats on") {
                phoneStream.received.contains(": still here")
            }
            #expect(!Self.ended(phoneStream))

            // Signing out everywhere ends this session's stream too.
            try await phone.get("/account")
            #expect(try await phone.post("/account/signout-everywhere").status == .seeOther)
            try await clock.advance(pastWaitOf: .seconds(15))
            try await waitUntil("the stream of a session signed out everywhere ends") { Self.ended(phoneStream) }
        }
    }

    @Test("an account's places for live streams come back when browsers leave, even before their stream began")
    func streamPlacesComeBack() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            let home = try await WebTest.household(browser)
            let cookies = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            // Twenty browsers that ask for the stream and hang up at once: more than the 8 places an account has.
            for _ in 0..<20 {
                let leaving = try await RawConnection(port: port)
                leaving.send("GET /pantry/\(home)/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookies)\r\n\r\n")
                await leaving.close()
            }
            // Once they are gone, the account can follow its household again, eight times over.
            var streams: [RawConnection] = []
            try await waitUntil("every place is given back") {
                let probe = try await RawConnection(port: port)
                probe.send("GET /pantry/\(home)/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookies)\r\n\r\n")
                try await waitUntil("an answer") { !probe.received.isEmpty || probe.isClosed }
                if probe.received.hasPrefix("HTTP/1.1 200") {
                    streams.append(probe)
                } else {
                    await probe.close()
                }
                return streams.count == 8
            }
            let ninth = try await RawConnection(port: port)
            ninth.send("GET /pantry/\(home)/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookies)\r\n\r\n")
            try await waitUntil("the ninth is answered") { ninth.received.contains("\r\n\r\n") }
            #expect(ninth.received.hasPrefix("HTTP/1.1 429"), "\(ninth.received.prefix(200))")
            for stream in streams { await stream.close() }
        }
    }

    @Test("behind a trusted proxy, cookies are Secure when it says the request came over https, and only then")
    func secureBehindAProxy() async throws {
        var trusting = try WebTest.configuration()
        trusting.trustedProxies = try TrustedProxies(parsing: ["127.0.0.1"])
        let app = try await buildApplication(trusting)
        try await app.test(.live) { client in
            func visitorCookie(_ headers: HTTPFields) async throws -> String {
                let page = try await client.execute(uri: "/signup", method: .get, headers: headers)
                return try #require(page.headers[values: .setCookie].first { $0.hasPrefix("hearth_visitor=") })
            }
            let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!
            let overHTTPS = try await visitorCookie([forwardedProto: "https"])
            let overHTTP = try await visitorCookie([forwardedProto: "http"])
            let unsaid = try await visitorCookie([:])
            // The value the nearest proxy wrote counts, not one a client slipped in before it.
            let slipped = try await visitorCookie([forwardedProto: "https, http"])
            #expect(overHTTPS.contains("Secure"))
            #expect(!overHTTP.contains("Secure") && !unsaid.contains("Secure") && !slipped.contains("Secure"))
        }
        // A client that is no trusted proxy cannot ask for it.
        let plain = try await buildApplication(try WebTest.configuration())
        try await plain.test(.live) { client in
            let page = try await client.execute(
                uri: "/signup", method: .get, headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"])
            let cookie = try #require(page.headers[values: .setCookie].first { $0.hasPrefix("hearth_visitor=") })
            #expect(!cookie.contains("Secure"))
        }
    }

    @Test("behind an https address every answer, pages, API and errors, asks browsers to keep to https")
    func strictTransportSecurity() async throws {
        var https = try WebTest.configuration()
        https.publicURL = URL(string: "https://hearth.example")
        let hsts = HTTPField.Name("Strict-Transport-Security")!
        let app = try await buildApplication(https)
        try await app.test(.router) { client in
            for (path, method) in [
                ("/signin", HTTPRequest.Method.get), ("/health", .get), ("/no-such-page", .get),
                ("/cloud/v1/accounts/caller", .get), ("/signin", .delete),
            ] {
                let answer = try await client.execute(uri: path, method: method)
                #expect(answer.headers[hsts] == "max-age=31536000", "\(method) \(path): \(answer.status)")
            }
        }
        let plain = try await buildApplication(try WebTest.configuration())
        try await plain.test(.router) { client in
            let answer = try await client.execute(uri: "/signin", method: .get)
            #expect(answer.headers[hsts] == nil)
        }
    }
}
