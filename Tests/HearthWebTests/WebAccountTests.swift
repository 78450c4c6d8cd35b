import Foundation
import HTTPTypes
import HearthCloud
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer

/// Accounts from a browser: sign up, verify the mailed code, sign in and out, sessions, and the attacks on them.
@Suite("Web pages: accounts and sessions", .timeLimit(.minutes(10)))
struct WebAccountTests {
    @Test("sign up, verify the code a real mail server received, sign out, sign in again and land where you were going")
    func signUpVerifySignIn() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        let app = try await buildApplication(try WebTest.configuration(smtp: smtp))
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            let email = try await WebTest.signUp(browser)
            try await waitUntil("the code is mailed") { smtp.count >= 1 }
            let text = try #require(try await smtp.message(1).text)
            let code = String(try #require(text.firstMatch(of: /\b(\d{6})\b/)).1)
            let verifyPage = try await browser.get("/verify?sent=1")
            #expect(verifyPage.text.contains("We sent a code to \(email)"))
            let wrong = try await browser.post("/verify", [("code", code == "000000" ? "111111" : "000000")])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("aria-invalid=\"true\""))
            let verified = try await browser.post("/verify", [("code", code)])
            #expect(verified.status == .seeOther)
            #expect(try await browser.get(try #require(verified.location)).text.contains("Your address is verified."))
            #expect(!browser.page.contains("is not verified yet"))

            try await browser.post("/signout")
            #expect(browser.cookies["hearth_session"] == nil)
            let away = try await browser.get("/pantry/some-household/shopping")
            #expect(away.status == .seeOther)
            #expect(away.location == "/signin?next=/pantry/some-household/shopping")
            try await browser.get(try #require(away.location))
            let back = try await browser.post(
                "/signin", [("email", email), ("password", WebTest.password), ("next", "/pantry")])
            #expect(back.status == .seeOther)
            #expect(back.location == "/pantry")
        }
    }

    @Test("a refused form names each bad field, keeps what was typed, and creates nothing")
    func refusedSignUp() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            try await browser.get("/signup")
            let refused = try await browser.post(
                "/signup", [("email", "not-an-address"), ("password", "short"), ("confirm", "shorter")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("value=\"not-an-address\""))
            #expect(refused.text.contains("id=\"email-error\""))
            #expect(refused.text.contains("id=\"password-error\""))
            #expect(refused.text.contains("id=\"confirm-error\""))
            #expect(browser.cookies["hearth_session"] == nil)
            let signIn = try await browser.post("/signin", [("email", "not-an-address"), ("password", "short")])
            #expect(signIn.status == .unprocessableContent)
            #expect(signIn.text.contains("The email or the password is wrong"))
        }
    }

    @Test("a form without its CSRF token, or sent from another site, is refused with 403 and writes nothing")
    func forgedForms() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            try await browser.get("/pantry")
            let noToken = try await browser.post("/pantry/households", [("name", "Forged")], csrf: "")
            #expect(noToken.status == .forbidden)
            let wrongToken = try await browser.post("/pantry/households", [("name", "Forged")], csrf: "AAAA")
            #expect(wrongToken.status == .forbidden)
            try await browser.get("/pantry")
            let otherSite = try await browser.post(
                "/pantry/households", [("name", "Forged")], origin: "https://evil.example")
            #expect(otherSite.status == .forbidden)
            #expect(!(try await browser.get("/pantry").text.contains("Forged")))

            // Another account's token does not work for this one either.
            let stranger = WebBrowser(client)
            try await WebTest.signUp(stranger, "stranger")
            try await stranger.get("/pantry")
            let theirs = try #require(stranger.csrfToken)
            #expect(
                try await browser.post("/pantry/households", [("name", "Forged")], csrf: theirs).status == .forbidden)
        }
    }

    @Test("every page carries a strict Content-Security-Policy, and the session cookie is HttpOnly and SameSite=Lax")
    func securityHeaders() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            let signUpPage = try await browser.get("/signup")
            let policy = try #require(signUpPage.headers[.contentSecurityPolicy])
            #expect(policy.contains("script-src 'self'"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(!policy.contains("unsafe-inline"))
            #expect(signUpPage.headers[.xContentTypeOptions] == "nosniff")
            let email = "headers-\(UUID().uuidString.prefix(6))@example.com".lowercased()
            let created = try await browser.post(
                "/signup", [("email", email), ("password", WebTest.password), ("confirm", WebTest.password)])
            let cookie = try #require(created.headers[values: .setCookie].first { $0.hasPrefix("hearth_session=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(!cookie.contains("Secure"), "plain http in tests: no Secure attribute")
            // No page has inline script or style for the policy to block.
            for path in ["/pantry", "/account", "/health-records"] {
                let page = try await browser.get(path).text
                #expect(!page.contains("<script>"), "\(path) has an inline script")
                #expect(!page.contains("style="), "\(path) has an inline style")
            }
        }
    }

    @Test("behind https (--public-url https://…) the cookies are Secure")
    func secureCookiesBehindHTTPS() async throws {
        var configuration = try WebTest.configuration()
        configuration.publicURL = URL(string: "https://hearth.example")
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            let signUpPage = try await browser.get("/signup")
            let visitor = try #require(signUpPage.headers[values: .setCookie].first { $0.hasPrefix("hearth_visitor=") })
            #expect(visitor.contains("Secure"))
            let email = "secure-\(UUID().uuidString.prefix(6))@example.com".lowercased()
            let created = try await browser.post(
                "/signup", [("email", email), ("password", WebTest.password), ("confirm", WebTest.password)])
            let session = try #require(created.headers[values: .setCookie].first { $0.hasPrefix("hearth_session=") })
            #expect(session.contains("Secure"))
            #expect(session.contains("HttpOnly"))
        }
    }

    @Test("the account page lists the sessions; signing out everywhere ends every one, this browser's and the API's")
    func signOutEverywhere() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            let email = try await WebTest.signUp(browser)
            let laptop = WebBrowser(client)
            try await laptop.get("/signin")
            #expect(
                try await laptop.post("/signin", [("email", email), ("password", WebTest.password)]).status == .seeOther
            )
            let account = try await browser.get("/account")
            #expect(account.text.contains("Where you are signed in (2)"))
            #expect(account.text.contains("this browser"))
            let stolen = try #require(laptop.cookies["hearth_session"])

            let changed = try await browser.post("/account/signout-everywhere")
            #expect(changed.status == .seeOther)
            let afterwards = try await laptop.get("/pantry")
            #expect(afterwards.status == .seeOther)
            #expect(afterwards.location?.hasPrefix("/signin") == true)
            let replay = WebBrowser(client)
            replay.setCookie("hearth_session", stolen)
            #expect(try await replay.get("/account").status == .seeOther)
        }
    }

    @Test("changing the password needs the current one, and a wrong one is named on the form")
    func changePassword() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            let email = try await WebTest.signUp(browser)
            try await browser.get("/account")
            let wrong = try await browser.post(
                "/account/password",
                [
                    ("current", "not my password at all"), ("new", "a brand new password"),
                    ("confirm", "a brand new password"),
                ])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("id=\"current-error\""))
            let changed = try await browser.post(
                "/account/password",
                [("current", WebTest.password), ("new", "a brand new password"), ("confirm", "a brand new password")])
            #expect(changed.status == .seeOther)
            #expect(try await browser.get(try #require(changed.location)).text.contains("Your password is changed"))
            let other = WebBrowser(client)
            try await other.get("/signin")
            #expect(
                try await other.post("/signin", [("email", email), ("password", "a brand new password")]).status
                    == .seeOther)
        }
    }

    @Test("a next parameter cannot send a browser to another site after signing in")
    func openRedirect() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            let email = try await WebTest.signUp(browser)
            try await browser.get("/pantry")
            try await browser.post("/signout")
            for next in ["https://evil.example/", "//evil.example/", "/\\evil.example"] {
                try await browser.get("/signin")
                let signedIn = try await browser.post(
                    "/signin", [("email", email), ("password", WebTest.password), ("next", next)])
                #expect(
                    signedIn.location == "/pantry", "next \(next): \(signedIn.status) \(signedIn.text.prefix(2000))")
                try await browser.get("/pantry")
                try await browser.post("/signout")
            }
        }
    }

    @Test("sign-in attempts from a browser spend the same limit as the API's")
    func signInThrottled() async throws {
        // The allowance refills at one attempt an hour here, so a machine slow enough to take a second per
        // bcrypt check (the default refill) still sees the limit reached.
        var configuration = try WebTest.configuration()
        configuration.cloud.signInRate = 1.0 / 3_600
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<30 {
                try await browser.get("/signin")
                statuses.append(
                    try await browser.post(
                        "/signin", [("email", "victim@example.com"), ("password", "guess guess guess")]
                    ).status)
                if statuses.last == .tooManyRequests { break }
            }
            #expect(
                statuses.contains(.tooManyRequests), "30 wrong passwords in a row were never throttled: \(statuses)")
            #expect(browser.page.contains("wait"))
        }
    }

    @Test("oversized and malformed forms are refused before they are read")
    func hostileForms() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            try await browser.get("/pantry")
            let huge = try await browser.post("/pantry/households", [("name", String(repeating: "x", count: 100_000))])
            #expect(huge.status == .contentTooLarge)
            let many = try await browser.post("/pantry/households", (0..<300).map { ("f\($0)", "v") })
            #expect(many.status == .badRequest)
            let json = try await client.execute(
                uri: "/pantry/households", method: .post, headers: [.contentType: "application/json"],
                body: .init(string: "{}"))
            #expect(json.status == .unsupportedMediaType || json.status == .forbidden)
            #expect(!(try await browser.get("/pantry").text.contains("xxxxxxxx")))
        }
    }
}
