import Foundation
import HearthCore
import HearthFinance
import HearthGarage
import HearthTestSupport
import HummingbirdTesting
import Testing

/// A household as the pages' route checks need it, made through the pages and the devices' own sync on a live
/// server: an owner with a household, items, a booking, a recipe, a second shopping list with a line, a second
/// member, a vehicle (with its fill-ups, services, history and an expense) and a money book synced from devices, the
/// garage's calendar link; and a stranger, signed in, who belongs to none of it.
struct WebFixture {
    let owner: WebBrowser
    let member: WebBrowser
    let stranger: WebBrowser
    let ownerEmail: String
    /// A real id for each route parameter, by its name in the route (`household`, `item`, …).
    let ids: [String: String]

    /// Makes it on the server `client` talks to, listening on `port`.
    static func make(_ client: any TestClientProtocol, port: Int) async throws -> WebFixture {
        let owner = WebBrowser(client)
        let email = try await WebTest.signUp(owner, "owner")
        let home = try await WebTest.household(owner)
        let flour = try await WebTest.item(owner, home, name: "Flour", quantity: "1000", unit: "g")
        _ = try await WebTest.item(owner, home, name: "Eggs", quantity: "6", location: "Fridge")
        try await owner.get("/pantry/\(home)")
        let used = try await owner.post(
            "/pantry/\(home)/items/\(flour)/stock", [("verb", "consume"), ("quantity", "100")])
        let booking = try Self.capture(used.location ?? "", /undo=([0-9a-f-]{36})/, "the booking")

        try await owner.get("/pantry/\(home)/recipes/new")
        try await owner.post(
            "/pantry/\(home)/recipes",
            [("name", "Pancakes"), ("ingredients", "200 g flour\n2 eggs"), ("servings", "4")])
        let recipes = try await owner.get("/pantry/\(home)/recipes").text
        let recipe = try Self.capture(recipes, /\/recipes\/([0-9a-f-]{36})"/, "the recipe")

        try await owner.get("/pantry/\(home)/shopping")
        let listed = try await owner.post("/pantry/\(home)/lists", [("listName", "Hardware")])
        let list = try Self.capture(listed.location ?? "", /list=([0-9a-f-]{36})/, "the list")
        try await owner.get("/pantry/\(home)/shopping?list=\(list)")
        try await owner.post("/pantry/\(home)/shopping", [("name", "Screws"), ("quantity", "40"), ("list", list)])
        let shopping = try await owner.get("/pantry/\(home)/shopping?list=\(list)").text
        let line = try Self.capture(shopping, /shopping\/([0-9a-f-]{36})\/check/, "the shopping line")

        try await owner.get("/pantry/\(home)/settings")
        try await owner.post("/pantry/\(home)/invites")
        let settings = try await owner.get("/pantry/\(home)/settings").text
        let code = try Self.capture(settings, /<code class="invite">([A-Z0-9-]+)<\/code>/, "the invite code")
        let member = WebBrowser(client)
        try await WebTest.signUp(member, "member")
        try await member.get("/pantry")
        try await member.post("/pantry/join", [("code", code)])
        let members = try await owner.get("/pantry/\(home)/settings").text
        let memberID = try Self.capture(members, /members\/([0-9a-f-]{36})\/role/, "the member")

        // The garage and money come from devices of the owner's account, as they do in life.
        let server = URL(string: "http://127.0.0.1:\(port)")!
        let garage = try await WebRecordsHarness.garageDevice(email, server: server, signUp: false)
        let seeded = try await GarageRecordsTests.seed(garage.store)
        let car = seeded.car
        let expense = try await garage.store.addExpense(
            ExpenseDraft(kind: "tolls", amount: "7.50", date: CalendarDay(iso: "2026-03-02")), to: car.id)
        try await garage.sync()
        let fillUp = try #require(try await garage.store.fuelLogs(of: car.id).first)
        let log = try #require(try await garage.store.logs(of: car.id).first)
        // The car's files, kept from its page: a document's scan, a photo, and a receipt of logged work.
        let carPage = "/garage/\(car.id.uuidString.lowercased())"
        let png = TestImages.png(width: 6, height: 4, colorType: .gray) { x, y, _ in x * 30 + y }
        try await owner.get(carPage)
        try await owner.upload(
            "\(carPage)/documents", [("documentKind", "insurance")],
            file: ("documentFile", "card.pdf", Data("%PDF-1.4 card".utf8)))
        try await owner.get(carPage)
        try await owner.upload("\(carPage)/photo", [], file: ("photo", "car.png", png))
        try await owner.get(carPage)
        try await owner.upload(
            "\(carPage)/history/\(log.id.uuidString.lowercased())/receipt", [], file: ("receipt", "paid.png", png))
        let document = try Self.capture(
            try await owner.get(carPage).text, /\/documents\/([0-9a-f-]{36})\/file/, "the document")
        let money = try await WebRecordsHarness.financeDevice(email, server: server, signUp: false)
        let book = try await FinanceRecordsTests.seed(money.store)
        let trip = book.trip
        try await money.sync()
        let transaction = try #require(
            try await money.store.fetchTransactions(matching: TransactionQuery(), page: PageRequest(size: 1)).items
                .first)
        let subscription = try #require(try await money.store.fetchAllSubscriptions().first)
        let groupExpense = try #require(try await money.store.fetchExpenses(forGroup: trip.id).first)
        let expensePage =
            "/money/groups/\(trip.id.uuidString.lowercased())/expenses/\(groupExpense.id.uuidString.lowercased())"
        try await owner.get(expensePage)
        try await owner.upload("\(expensePage)/receipt", [], file: ("receipt", "paid.png", png))

        // The garage's calendar link: made on the page, read back from it.
        try await owner.get("/garage/reminders")
        try await owner.post("/garage/calendar")
        let reminders = try await owner.get("/garage/reminders").text
        let token = try Self.capture(reminders, /\/calendar\/([0-9a-f]{64})\/garage\.ics/, "the calendar link")

        let stranger = WebBrowser(client)
        try await WebTest.signUp(stranger, "stranger")
        try await stranger.get("/pantry")
        return WebFixture(
            owner: owner, member: member, stranger: stranger, ownerEmail: email,
            ids: [
                "household": home, "item": flour, "booking": booking, "recipe": recipe, "list": list, "line": line,
                "member": memberID, "vehicle": car.id.uuidString.lowercased(), "group": trip.id.uuidString.lowercased(),
                "fillup": fillUp.id.uuidString.lowercased(), "service": seeded.oil.id.uuidString.lowercased(),
                "log": log.id.uuidString.lowercased(), "expense": expense.id.uuidString.lowercased(),
                "document": document,
                "transaction": transaction.id.uuidString.lowercased(),
                "subscription": subscription.id.uuidString.lowercased(), "token": token,
                "groupexpense": groupExpense.id.uuidString.lowercased(), "person": book.ana.id.uuidString.lowercased(),
            ])
    }

    /// `route` (`/pantry/:household/items/:item`) with its parameters filled with the fixture's ids; a parameter
    /// the fixture has no id for fails the test, so a new kind of route gets one.
    func path(_ route: String) throws -> String {
        try "/"
            + route.split(separator: "/").map { part -> String in
                guard part.hasPrefix(":") || part.hasPrefix("{") else { return String(part) }
                let name = part.trimmingCharacters(in: CharacterSet(charactersIn: ":{}"))
                return try #require(ids[name], "the route \(route) has a parameter :\(name) the fixture has no id for")
            }.joined(separator: "/")
    }

    private static func capture(_ text: String, _ pattern: Regex<(Substring, Substring)>, _ what: String) throws
        -> String
    {
        String(try #require(text.firstMatch(of: pattern), "\(what) in \(text.prefix(300))").1)
    }
}
