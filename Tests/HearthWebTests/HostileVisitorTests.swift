import Foundation
import HTTPTypes
import HearthCloud
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer
@testable import HearthWeb

/// The pages tried as an attacker would: redirects after signing in, query values that would become a form's
/// target, ids that are not ids, and the limits on what a signed-in account can make the server do.
@Suite("Web pages: a hostile visitor", .timeLimit(.minutes(10)))
struct HostileVisitorTests {
    /// The table of open-redirect forms, shared with the Chromium check (scripts/web/hostile_visitor.py).
    struct RedirectTable: Decodable {
        struct Row: Decodable {
            var next: String
            var local: Bool
        }
        var redirects: [Row]

        static func load() throws -> RedirectTable {
            let url = VenvPython.repository.appendingPathComponent("scripts/web/open-redirects.json")
            return try JSONDecoder().decode(RedirectTable.self, from: Data(contentsOf: url))
        }
    }

    /// `text` with every byte but letters and digits percent-encoded: the server decodes it back to `text`.
    static func queryValue(_ text: String) -> String {
        text.utf8.map { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                String(UnicodeScalar(byte))
            default: String(format: "%%%02X", byte)
            }
        }.joined()
    }

    @Test("at least 30 open-redirect forms are refused as redirect targets, and paths on this site are kept")
    func redirectTargets() throws {
        let table = try RedirectTable.load()
        #expect(table.redirects.filter { !$0.local }.count >= 30)
        for row in table.redirects {
            let kept = LocalPath(row.next)
            #expect((kept != nil) == row.local, "next \(row.next.debugDescription)")
            #expect(kept.map { $0.description == row.next } ?? true)
        }
    }

    @Test("signed in or signing in, every hostile next ends on /pantry of this site")
    func redirectsThroughThePages() async throws {
        let table = try RedirectTable.load()
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            let email = try await WebTest.signUp(browser)
            for row in table.redirects {
                let signedIn = try await browser.get("/signin?next=" + Self.queryValue(row.next))
                #expect(signedIn.status == .seeOther)
                #expect(signedIn.location == (row.local ? row.next : "/pantry"), "next \(row.next.debugDescription)")
            }
            // Signing in with a hostile next, from the form the page shows (the hidden field carries only a local
            // path) and from a forged form that sends it anyway.
            try await browser.get("/pantry")
            try await browser.post("/signout")
            for row in table.redirects.filter({ !$0.local }).prefix(6) {
                let form = try await browser.get("/signin?next=" + Self.queryValue(row.next))
                #expect(form.status == .ok)
                #expect(!form.text.contains("evil.example"), "the sign-in form keeps \(row.next.debugDescription)")
                let signedIn = try await browser.post(
                    "/signin", [("email", email), ("password", WebTest.password), ("next", row.next)])
                #expect(signedIn.location == "/pantry", "next \(row.next.debugDescription)")
                try await browser.get("/pantry")
                try await browser.post("/signout")
            }
        }
    }

    @Test("a query value never becomes a form's target: undo names only a booking of the item, looked up")
    func undoFromTheQuery() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            let home = try await WebTest.household(browser)
            let flour = try await WebTest.item(browser, home, name: "Flour", quantity: "1000", unit: "g")
            try await browser.get("/pantry/\(home)")
            let used = try await browser.post(
                "/pantry/\(home)/items/\(flour)/stock", [("verb", "consume"), ("quantity", "250")])
            let location = try #require(used.location)
            let booking = String(try #require(location.firstMatch(of: /undo=([^&#]+)/)).1)

            // Another household's booking, of this same account.
            let away = try await WebTest.household(browser, "Cabin")
            let salt = try await WebTest.item(browser, away, name: "Salt", quantity: "5")
            try await browser.get("/pantry/\(away)")
            let usedAway = try await browser.post(
                "/pantry/\(away)/items/\(salt)/stock", [("verb", "consume"), ("quantity", "1")])
            let awayLocation = try #require(usedAway.location)
            let foreign = String(try #require(awayLocation.firstMatch(of: /undo=([^&#]+)/)).1)

            for undo in [
                "../../../account/signout-everywhere%23", "..%2F..%2F..%2Faccount%2Fsignout-everywhere%23",
                "x/../../leave", foreign, UUID().uuidString.lowercased(), "",
            ] {
                for page in [
                    "/pantry/\(home)?notice=consume&item=\(flour)", "/pantry/\(home)/items/\(flour)?notice=consume",
                ] {
                    let text = try await browser.get("\(page)&undo=\(undo)").text
                    #expect(!text.contains("signout-everywhere"), "\(page) undo=\(undo)")
                    #expect(!text.contains("/leave"), "\(page) undo=\(undo)")
                    #expect(!text.contains("bookings/\(undo)/undo") || undo.isEmpty, "\(page) undo=\(undo)")
                    #expect(text.contains("Used some Flour."), "the notice is still shown")
                }
            }
            let real = try await browser.get(location).text
            #expect(real.contains("action=\"/pantry/\(home)/bookings/\(booking)/undo\""))
            // Without the item it belongs to, there is nothing to look the booking up in: no button, and the
            // notice reads as English.
            let bare = try await browser.get("/pantry/\(home)?notice=consume&undo=\(booking)").text
            #expect(!bare.contains("/undo\""))
            #expect(bare.contains("Used some of the item."))
        }
    }

    @Test("a path segment that is not an id is a page that does not exist, and nothing is looked up or echoed")
    func idsAreTyped() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            let home = try await WebTest.household(browser)
            for path in [
                "/pantry/not-an-id", "/pantry/%3Cscript%3E", "/pantry/\(home)/items/..%2F..%2Fsettings",
                "/pantry/\(home)/recipes/x", "/garage/1234", "/money/groups/%00",
                "/pantry/\(home.uppercased())x",
            ] {
                let page = try await browser.get(path)
                #expect(page.status == .notFound, "\(path): \(page.status)")
                #expect(!page.text.contains("<script>"))
            }
            try await browser.get("/pantry/\(home)")
            let forged = try await browser.post("/pantry/..%2F..%2Faccount/leave")
            #expect(forged.status == .notFound)
        }
    }

    @Test("password checks from the pages are limited per account, with Retry-After, before bcrypt runs")
    func passwordChecksThrottled() async throws {
        // The allowance refills at one attempt an hour here, so a machine slow enough to take a second per
        // bcrypt check (the default refill) still sees the limit reached.
        var configuration = try WebTest.configuration()
        configuration.cloud.signInRate = 1.0 / 3_600
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            var last: TestResponse?
            for _ in 0..<40 {
                try await browser.get("/account")
                let tried = try await browser.post(
                    "/account/password",
                    [
                        ("current", "a wrong guess, again"), ("new", "a brand new password"),
                        ("confirm", "a brand new password"),
                    ])
                last = tried
                if tried.status == .tooManyRequests { break }
            }
            #expect(last?.status == .tooManyRequests)
            #expect(Int(last?.headers[.retryAfter] ?? "") ?? 0 >= 1)
            #expect(browser.page.contains("Too many password attempts"))
        }
    }

    @Test("invite codes tried from the pages spend the account's budget and the address's")
    func inviteCodesThrottled() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            var statuses: [HTTPResponse.Status] = []
            for attempt in 0..<15 {
                try await browser.get("/pantry")
                let letters = Array("ABCDEFGHJKMNPQRS")
                let code =
                    "ZZZZ-ZZ" + String(letters[attempt / letters.count]) + String(letters[attempt % letters.count])
                statuses.append(try await browser.post("/pantry/join", [("code", code)]).status)
                if statuses.last == .tooManyRequests { break }
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == .unprocessableContent }, "\(statuses)")
            #expect(statuses.last == .tooManyRequests, "\(statuses)")
        }
    }
}
