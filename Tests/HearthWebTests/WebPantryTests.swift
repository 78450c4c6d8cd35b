import Foundation
import HTTPTypes
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer

/// The pantry from a browser: households, items and stock, recipes, shopping; and what one member may not do.
@Suite("Web pages: the pantry", .timeLimit(.minutes(10)))
struct WebPantryTests {
    @Test("add items, use some, undo it; statuses are shown in words; a bad quantity is named and nothing is booked")
    func stockAndUndo() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            let home = try await WebTest.household(browser)
            let flour = try await WebTest.item(browser, home, name: "Flour", quantity: "1000", unit: "g")
            _ = try await WebTest.item(
                browser, home, name: "Milk", quantity: "1", unit: "l", location: "Fridge", expires: "2000-01-01")
            let page = try await browser.get("/pantry/\(home)").text
            #expect(page.contains("Flour"))
            #expect(page.contains("1000 g"))
            #expect(page.contains("<h2>Fridge</h2>"))
            #expect(
                page.contains("badge-expired\">Expired</span>"), "an expired item says so in words, not only in colour")

            try await browser.get("/pantry/\(home)")
            let used = try await browser.post(
                "/pantry/\(home)/items/\(flour)/stock",
                [("verb", "consume"), ("quantity", "250"), ("location", "Pantry")])
            #expect(used.status == .seeOther)
            let afterUse = try await browser.get(try #require(used.location)).text
            #expect(afterUse.contains("750 g"))
            #expect(afterUse.contains("Used some Flour. Now 750 g."))
            let undo = String(try #require(afterUse.firstMatch(of: /action="(\/pantry\/[^"]+\/undo)"/)).1)
            let undone = try await browser.post(undo)
            #expect(undone.status == .seeOther)
            #expect(try await browser.get(try #require(undone.location)).text.contains("1000 g"))

            try await browser.get("/pantry/\(home)")
            let tooMuch = try await browser.post(
                "/pantry/\(home)/items/\(flour)/stock",
                [("verb", "consume"), ("quantity", "5000"), ("location", "Pantry")])
            #expect(tooMuch.status == .unprocessableContent)
            #expect(tooMuch.text.contains("5000"))
            try await browser.get("/pantry/\(home)")
            let notANumber = try await browser.post(
                "/pantry/\(home)/items/\(flour)/stock", [("verb", "consume"), ("quantity", "lots")])
            #expect(notANumber.status == .unprocessableContent)
            #expect(notANumber.text.contains("Quantity must be a number"))
            let history = try await browser.get("/pantry/\(home)/items/\(flour)").text
            #expect(history.contains("Bought 1000 g"))
            #expect(history.contains("Used 250 g"))
            #expect(history.contains("Undid a booking"))
            #expect(!history.contains("5000"))
        }
    }

    @Test("an item named <script>alert(1)</script> shows as text on every page that names it")
    func escapesEverything() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            let home = try await WebTest.household(browser, "<b>Home</b>")
            let evil = "<script>alert(1)</script>"
            let item = try await WebTest.item(
                browser, home, name: evil, quantity: "1", location: "\"><img src=x onerror=alert(2)>")
            for path in ["/pantry", "/pantry/\(home)", "/pantry/\(home)/items/\(item)", "/pantry/\(home)/settings"] {
                let page = try await browser.get(path).text
                #expect(!page.contains("<script>alert"), "\(path)")
                #expect(!page.contains("<img src=x"), "\(path)")
                #expect(!page.contains("<b>Home</b>"), "\(path)")
            }
            #expect(browser.page.contains("&lt;b&gt;Home&lt;/b&gt;"))
        }
    }

    @Test("a stranger cannot open or change another household's pages: 404, and nothing is written")
    func strangers() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let owner = WebBrowser(client)
            try await WebTest.signUp(owner, "owner")
            let home = try await WebTest.household(owner)
            let flour = try await WebTest.item(owner, home, name: "Flour", quantity: "500", unit: "g")
            let stranger = WebBrowser(client)
            try await WebTest.signUp(stranger, "stranger")
            for path in [
                "/pantry/\(home)", "/pantry/\(home)/items/\(flour)", "/pantry/\(home)/recipes",
                "/pantry/\(home)/shopping", "/pantry/\(home)/settings", "/pantry/\(home)/events",
            ] {
                #expect(try await stranger.get(path).status == .notFound, "\(path)")
            }
            try await stranger.get("/pantry")
            #expect(
                try await stranger.post(
                    "/pantry/\(home)/items/\(flour)/stock", [("verb", "consume"), ("quantity", "500")]
                ).status == .notFound)
            #expect(try await stranger.post("/pantry/\(home)/items/\(flour)/delete").status == .notFound)
            #expect(try await owner.get("/pantry/\(home)").text.contains("500 g"))
        }
    }

    @Test("invite, join with the code, roles: a member may not manage members; an admin may")
    func householdsAndRoles() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let owner = WebBrowser(client)
            try await WebTest.signUp(owner, "owner")
            let home = try await WebTest.household(owner)
            try await owner.get("/pantry/\(home)/settings")
            try await owner.post("/pantry/\(home)/invites")
            let settings = try await owner.get("/pantry/\(home)/settings").text
            let code = String(try #require(settings.firstMatch(of: /<code class="invite">([A-Z0-9-]+)<\/code>/)).1)

            let member = WebBrowser(client)
            try await WebTest.signUp(member, "member")
            try await member.get("/pantry")
            let wrong = try await member.post("/pantry/join", [("code", "ZZZZ-ZZZZ")])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("value=\"ZZZZ-ZZZZ\""))
            let joined = try await member.post("/pantry/join", [("code", code)])
            #expect(joined.status == .seeOther)
            let memberSettings = try await member.get("/pantry/\(home)/settings").text
            #expect(!memberSettings.contains("Make an invite code"))
            #expect(try await member.post("/pantry/\(home)/invites").status == .forbidden)

            let ownerView = try await owner.get("/pantry/\(home)/settings").text
            let memberID = String(try #require(ownerView.firstMatch(of: /members\/([^\/]+)\/role/)).1)
            #expect(
                try await owner.post("/pantry/\(home)/members/\(memberID)/role", [("role", "admin")]).status
                    == .seeOther)
            #expect(try await member.get("/pantry/\(home)/settings").text.contains("Make an invite code"))
        }
    }

    @Test(
        "recipes ranked by what is in stock with what is missing; a stale edit shows the conflict and keeps the typing")
    func recipes() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            let home = try await WebTest.household(browser)
            _ = try await WebTest.item(browser, home, name: "Flour", quantity: "1", unit: "kg")
            _ = try await WebTest.item(browser, home, name: "Eggs", quantity: "6")
            try await browser.get("/pantry/\(home)/recipes/new")
            #expect(
                try await browser.post(
                    "/pantry/\(home)/recipes",
                    [("name", "Pancakes"), ("ingredients", "200 g flour\n2 eggs\n300 ml milk"), ("servings", "4")]
                ).status == .seeOther)
            try await browser.get("/pantry/\(home)/recipes/new")
            #expect(
                try await browser.post("/pantry/\(home)/recipes", [("name", "Boiled eggs"), ("ingredients", "2 eggs")])
                    .status == .seeOther)
            let ranking = try await browser.get("/pantry/\(home)/recipes").text
            let eggs = try #require(ranking.range(of: "Boiled eggs"))
            let pancakes = try #require(ranking.range(of: "Pancakes"))
            #expect(eggs.lowerBound < pancakes.lowerBound, "what can be cooked now comes first: \(ranking)")
            #expect(ranking.contains("300 ml milk"))

            let recipeID = String(try #require(ranking.firstMatch(of: /recipes\/([^\/"]+)\/missing/)).1)
            try await browser.get("/pantry/\(home)/recipes/\(recipeID)")
            let myEdit = browser.page
            // Someone else saves first.
            let other = WebBrowser(client)
            other.setCookie("hearth_session", try #require(browser.cookies["hearth_session"]))
            try await other.get("/pantry/\(home)/recipes/\(recipeID)")
            #expect(
                try await other.post(
                    "/pantry/\(home)/recipes/\(recipeID)",
                    [("name", "Their pancakes"), ("ingredients", "250 g flour"), ("version", versionIn(other.page))]
                ).status == .seeOther)
            let stale = try await browser.post(
                "/pantry/\(home)/recipes/\(recipeID)",
                [("name", "My pancakes"), ("ingredients", "200 g flour\n3 eggs"), ("version", versionIn(myEdit))],
                csrf: nil)
            #expect(stale.status == .conflict)
            #expect(stale.text.contains("Someone saved this recipe"))
            #expect(stale.text.contains("Their pancakes"))
            #expect(stale.text.contains("value=\"My pancakes\""))
            let saved = try await browser.post(
                "/pantry/\(home)/recipes/\(recipeID)",
                [("name", "My pancakes"), ("ingredients", "200 g flour\n3 eggs"), ("version", versionIn(stale.text))])
            #expect(saved.status == .seeOther)
            #expect(try await browser.get("/pantry/\(home)/recipes").text.contains("My pancakes"))

            let bad = try await browser.post(
                "/pantry/\(home)/recipes", [("name", "Nothing"), ("ingredients", "200 g")])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("id=\"ingredients-error\""))
        }
    }

    @Test("shopping: add, add a recipe's missing ingredients, check a line off into the pantry, clear checked")
    func shopping() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            let home = try await WebTest.household(browser)
            _ = try await WebTest.item(browser, home, name: "Rice", quantity: "100", unit: "g")
            try await browser.get("/pantry/\(home)/shopping")
            #expect(
                try await browser.post(
                    "/pantry/\(home)/shopping", [("name", "Coffee"), ("quantity", "2"), ("unit", "bags")]
                ).status == .seeOther)
            let list = try await browser.get("/pantry/\(home)/shopping").text
            #expect(list.contains("2 bags Coffee"))
            let line = String(try #require(list.firstMatch(of: /shopping\/([^\/]+)\/check/)).1)
            let checked = try await browser.post("/pantry/\(home)/shopping/\(line)/check", [("location", "Freezer")])
            #expect(checked.status == .seeOther, "\(checked.text)")
            #expect(try await browser.get(try #require(checked.location)).text.contains("In the basket"))
            let pantry = try await browser.get("/pantry/\(home)").text
            #expect(pantry.contains("<h2>Freezer</h2>"))
            #expect(pantry.contains("Coffee"))
            try await browser.get("/pantry/\(home)/shopping")
            let cleared = try await browser.post("/pantry/\(home)/shopping/clear")
            #expect(try await browser.get(try #require(cleared.location)).text.contains("Cleared 1 checked line."))
        }
    }

    private func versionIn(_ page: String) -> String {
        page.firstMatch(of: /name="version" value="(\d*)"/).map { String($0.1) } ?? ""
    }
}
