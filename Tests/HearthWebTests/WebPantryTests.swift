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

    @Test(
        "several lists: switch between them, add to the second, group by a store's walk, delete one; the only list stays"
    )
    func severalLists() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            let home = try await WebTest.household(browser)
            let first = try await browser.get("/pantry/\(home)/shopping").text
            #expect(first.contains("<h1>Shopping list</h1>"), "the current address shows the default list")

            let lonely = try await browser.post(
                "/pantry/\(home)/lists/\(try listID(in: first))/delete")
            #expect(lonely.status == .unprocessableContent)
            #expect(lonely.text.contains("class=\"problems\""))
            #expect(lonely.text.contains("id=\"deleteList-error\""))
            #expect(lonely.text.contains("<h1>Shopping list</h1>"), "the only list is still there")

            try await browser.get("/pantry/\(home)/shopping")
            let blank = try await browser.post("/pantry/\(home)/lists", [("listName", "  ")])
            #expect(blank.status == .unprocessableContent)
            #expect(blank.text.contains("id=\"listName-error\""))
            let made = try await browser.post("/pantry/\(home)/lists", [("listName", "Hardware store")])
            #expect(made.status == .seeOther)
            let second = try await browser.get(try #require(made.location)).text
            #expect(second.contains("<h1>Hardware store</h1>"))
            #expect(second.contains("The list Hardware store is made."))
            let hardware = try listID(in: second)
            #expect(
                second.contains("href=\"/pantry/\(home)/shopping\">Shopping list</a>"), "the switcher links both lists")
            #expect(second.contains("href=\"/pantry/\(home)/shopping?list=\(hardware)\" aria-current=\"page\">"))
            try await browser.get("/pantry/\(home)/shopping")
            let taken = try await browser.post("/pantry/\(home)/lists", [("listName", "hardware STORE")])
            #expect(taken.status == .unprocessableContent, "names are unique regardless of case")
            #expect(taken.text.contains("id=\"listName-error\""))

            try await browser.get("/pantry/\(home)/shopping?list=\(hardware)")
            let added = try await browser.post(
                "/pantry/\(home)/shopping", [("name", "Screws"), ("quantity", "40"), ("list", hardware)])
            #expect(added.location == "/pantry/\(home)/shopping?list=\(hardware)")
            for (name, section) in [("Ice cream", "frozen"), ("Apples", "produce"), ("Bread", "bakery")] {
                try await browser.get("/pantry/\(home)/shopping")
                #expect(
                    try await browser.post(
                        "/pantry/\(home)/shopping", [("name", name), ("section", section)]
                    ).status == .seeOther)
            }
            try await browser.get("/pantry/\(home)/shopping")
            let badSection = try await browser.post(
                "/pantry/\(home)/shopping", [("name", "Soap"), ("section", "attic")])
            #expect(badSection.status == .unprocessableContent)
            #expect(badSection.text.contains("id=\"section-error\""))
            let hardwarePage = try await browser.get("/pantry/\(home)/shopping?list=\(hardware)").text
            #expect(hardwarePage.contains("Screws"))
            #expect(!hardwarePage.contains("Ice cream"), "a line added to the default list is not on the other")
            let usual = try await browser.get("/pantry/\(home)/shopping").text
            #expect(!usual.contains("Screws"))
            #expect(try order(["<h2>Produce</h2>", "<h2>Bakery</h2>", "<h2>Frozen</h2>"], in: usual))

            let token = try #require(browser.cookies["hearth_session"])
            let store = try await createStore(client, token: token, household: home, order: ["frozen", "bakery"])
            let defaultList = try listID(in: usual)
            let chosen = try await browser.post("/pantry/\(home)/lists/\(defaultList)/store", [("store", store)])
            #expect(chosen.status == .seeOther)
            let walked = try await browser.get(try #require(chosen.location)).text
            #expect(walked.contains("grouped as Corner shop is walked"))
            #expect(try order(["<h2>Frozen</h2>", "<h2>Bakery</h2>", "<h2>Produce</h2>"], in: walked))

            let line = String(try #require(walked.firstMatch(of: /shopping\/([^\/]+)\/check/)).1)
            #expect(
                try await browser.post("/pantry/\(home)/shopping/\(line)/check", [("location", "Freezer")]).status
                    == .seeOther)
            let basket = try await browser.get("/pantry/\(home)/shopping").text
            #expect(try order(["<h2>Produce</h2>", "<h2>In the basket</h2>"], in: basket), "checked lines come last")

            let deleted = try await browser.post("/pantry/\(home)/lists/\(hardware)/delete")
            #expect(deleted.status == .seeOther)
            let after = try await browser.get(try #require(deleted.location)).text
            #expect(after.contains("The list is deleted; its lines moved to Shopping list."))
            #expect(after.contains("Screws"), "the deleted list's lines moved to the default list")
            #expect(!after.contains("Hardware store"))
            #expect(try await browser.get("/pantry/\(home)/shopping?list=\(hardware)").status == .notFound)
        }
    }

    @Test("a stranger cannot see or change another household's lists: 404, and nothing is written")
    func strangerLists() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let owner = WebBrowser(client)
            try await WebTest.signUp(owner, "owner")
            let home = try await WebTest.household(owner)
            try await owner.get("/pantry/\(home)/shopping")
            let made = try await owner.post("/pantry/\(home)/lists", [("listName", "Secret list")])
            let secret = String(try #require(made.location?.firstMatch(of: /list=([^&]+)/)).1)
            try await owner.get("/pantry/\(home)/shopping")
            _ = try await owner.post("/pantry/\(home)/shopping", [("name", "Diamonds"), ("list", secret)])

            let stranger = WebBrowser(client)
            try await WebTest.signUp(stranger, "stranger")
            let own = try await WebTest.household(stranger, "Flat")
            for path in ["/pantry/\(home)/shopping?list=\(secret)", "/pantry/\(own)/shopping?list=\(secret)"] {
                let page = try await stranger.get(path)
                #expect(page.status == .notFound, "\(path)")
                #expect(!page.text.contains("Diamonds"))
                #expect(!page.text.contains("Secret list"))
            }
            try await stranger.get("/pantry/\(own)/shopping")
            #expect(try await stranger.post("/pantry/\(home)/lists/\(secret)/delete").status == .notFound)
            #expect(try await stranger.post("/pantry/\(own)/lists/\(secret)/delete").status == .notFound)
            #expect(try await stranger.post("/pantry/\(home)/lists", [("listName", "Mine now")]).status == .notFound)
            #expect(
                try await stranger.post("/pantry/\(own)/shopping", [("name", "Coal"), ("list", secret)]).status
                    == .notFound)
            let still = try await owner.get("/pantry/\(home)/shopping?list=\(secret)").text
            #expect(still.contains("Diamonds"))
            #expect(!still.contains("Coal"))
            #expect(!(try await owner.get("/pantry/\(home)/shopping").text.contains("Mine now")))
        }
    }

    @Test("an item's barcode: set, shown, cleared; a bad check digit is named beside the field and nothing is saved")
    func barcode() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.router) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            let home = try await WebTest.household(browser)
            let cocoa = try await WebTest.item(browser, home, name: "Cocoa", quantity: "1")
            let path = "/pantry/\(home)/items/\(cocoa)"
            func details(_ barcode: String) -> [(String, String)] {
                [
                    ("name", "Cocoa"), ("unit", "piece"), ("category", "pantry"), ("location", "Pantry"),
                    ("barcode", barcode),
                ]
            }
            try await browser.get(path)
            let saved = try await browser.post(path, details("4006-381 333931"))
            #expect(saved.status == .seeOther, "\(saved.text)")
            let shown = try await browser.get(path).text
            #expect(shown.contains("<span class=\"barcode\">4006381333931</span>"))
            #expect(
                shown.contains("name=\"barcode\" inputmode=\"numeric\" autocomplete=\"off\" value=\"4006381333931\""))

            let wrong = try await browser.post(path, details("4006381333932"))
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("id=\"barcode-error\""))
            #expect(wrong.text.contains("should be 1"))
            #expect(wrong.text.contains("value=\"4006381333932\""), "what was typed is kept")
            let letters = try await browser.post(path, details("40063813339x1"))
            #expect(letters.status == .unprocessableContent)
            #expect(letters.text.contains("is not a digit"))
            #expect(try await browser.get(path).text.contains("<span class=\"barcode\">4006381333931</span>"))

            let cleared = try await browser.post(path, details(""))
            #expect(cleared.status == .seeOther)
            let none = try await browser.get(path).text
            #expect(!none.contains("class=\"barcode\""))
            #expect(!none.contains("4006381333931"))
        }
    }

    private func listID(in page: String) throws -> String {
        String(try #require(page.firstMatch(of: /name="list" value="([^"]+)"/)).1)
    }

    /// Whether `parts` appear in `page` in this order.
    private func order(_ parts: [String], in page: String) throws -> Bool {
        let places = try parts.map { part in try #require(page.range(of: part), "\(part) is on the page").lowerBound }
        return places == places.sorted()
    }

    /// Makes a store through the GraphQL API with the browser's session, as an app of the household would.
    private func createStore(_ client: any TestClientProtocol, token: String, household: String, order: [String])
        async throws -> String
    {
        let query =
            "mutation($id: String!, $order: [StoreSection!]!) { createStore(householdId: $id, name: \"Corner shop\", sectionOrder: $order) { id } }"
        let body = try JSONSerialization.data(withJSONObject: [
            "query": query, "variables": ["id": household, "order": order],
        ])
        let answer = try await client.execute(
            uri: "/graphql", method: .post,
            headers: [.contentType: "application/json", .authorization: "Bearer \(token)"],
            body: ByteBuffer(bytes: body))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any])
        let store = try #require((json["data"] as? [String: Any])?["createStore"] as? [String: Any], "\(json)")
        return try #require(store["id"] as? String)
    }

    private func versionIn(_ page: String) -> String {
        page.firstMatch(of: /name="version" value="(\d*)"/).map { String($0.1) } ?? ""
    }
}
