import Foundation
import GraphQL
import HearthCore
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("Items over GraphQL: stock verbs booked through the ledger, refusals with its messages, expiry statuses")
struct ItemStockSliceTests {
    static let add = """
        mutation($h: String!, $q: Float!, $loc: String, $exp: String, $min: Float) {
          addItem(input: {householdId: $h, name: " Rice ", quantity: $q, unit: "Grams", category: pantry, location: $loc, expirationDate: $exp, minimumQuantity: $min}) {
            id name quantity unit location expirationDate statuses bookings { id kind quantity location }
          }
        }
        """
    static let fields =
        "id quantity location expirationDate statuses bookings { id kind quantity spoiled fromLocation toLocation reverses }"

    @Test(
        "purchase, open, consume, transfer, correct and undo, each an appended booking",
        arguments: DatabaseKind.allCases)
    func stockVerbs(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let added = try await pantry.data(
                Self.add, as: owner, ["h": .string(household.id), "q": 500, "loc": "pantry", "exp": "2030-01-31"])[
                    "addItem"]
            #expect(added["name"].text == "Rice")
            #expect(added["unit"].text == "g")
            #expect(added["quantity"] == 500)
            #expect(added["location"].text == "Pantry")
            #expect(added["bookings"].elements.map { $0["kind"].text } == ["purchase"])
            let id = try #require(added["id"].text)

            let bought = try await pantry.data(
                "mutation($i: String!) { purchase(itemId: $i, quantity: 250, location: \"Fridge\", bestBefore: \"2030-01-10\") { \(Self.fields) } }",
                as: owner, ["i": .string(id)])["purchase"]
            #expect(bought["quantity"] == 750)
            #expect(bought["expirationDate"].text == "2030-01-10")
            let purchaseID = try #require(bought["bookings", 1, "id"].text)

            let opened = try await pantry.data(
                "mutation($i: String!) { openItem(itemId: $i, quantity: 100) { quantity } }", as: owner,
                ["i": .string(id)])
            #expect(opened["openItem", "quantity"] == 750)
            let eaten = try await pantry.data(
                "mutation($i: String!) { consume(itemId: $i, quantity: 150, spoiled: true) { \(Self.fields) } }",
                as: owner, ["i": .string(id)])["consume"]
            #expect(eaten["quantity"] == 600)
            #expect(eaten["bookings", 3, "spoiled"] == true)
            let moved = try await pantry.data(
                "mutation($i: String!) { transfer(itemId: $i, quantity: 400, from: \"Pantry\", to: \"freezer\") { \(Self.fields) } }",
                as: owner, ["i": .string(id)])["transfer"]
            #expect(moved["location"].text == "Freezer")
            #expect(moved["bookings", 4, "toLocation"].text == "Freezer")
            let counted = try await pantry.data(
                "mutation($i: String!) { correctInventory(itemId: $i, quantity: -50) { quantity } }", as: owner,
                ["i": .string(id)])
            #expect(counted["correctInventory", "quantity"] == 550)

            // The Fridge purchase was partly used (opened stock went first), so the ledger refuses to undo it.
            let refused = await pantry.run(
                "mutation($b: String!) { undoBooking(id: $b) { quantity } }", as: owner, ["b": .string(purchaseID)])
            #expect(refused.codes == ["BAD_USER_INPUT"])
            #expect(
                refused.errors.first?.message.hasPrefix("The purchase \(purchaseID) cannot be undone:") == true,
                "\(refused.errors.map(\.message))")

            let correctionID = try #require(try await pantry.store.bookings(ofItems: [id])[id]?.last?.id)
            let undone = try await pantry.data(
                "mutation($b: String!) { undoBooking(id: $b) { \(Self.fields) } }", as: owner,
                ["b": .string(correctionID)])["undoBooking"]
            #expect(undone["quantity"] == 600)
            #expect(undone["bookings"].elements.count == 7)
            #expect(undone["bookings", 6, "reverses"].text == correctionID)
            let twice = await pantry.run(
                "mutation($b: String!) { undoBooking(id: $b) { quantity } }", as: owner, ["b": .string(correctionID)])
            #expect(twice.codes == ["BAD_USER_INPUT"])
            #expect(twice.errors.first?.message.hasPrefix("Booking \(correctionID) was already undone") == true)
        }
    }

    @Test(
        "the ledger's refusals come back as BAD_USER_INPUT with its messages, and nothing is written",
        arguments: DatabaseKind.allCases)
    func refusals(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let id = try #require(
                try await pantry.data(Self.add, as: owner, ["h": .string(household.id), "q": 200, "loc": "Pantry"])[
                    "addItem", "id"
                ].text)
            let before = try await pantry.store.bookings(ofItems: [id])[id]
            let itemBefore = try await pantry.store.item(id: id)
            let cases: [(String, String)] = [
                ("consume(itemId: $i, quantity: 500)", "Cannot consume 500 g: only 200 g is in stock."),
                ("consume(itemId: $i, quantity: 0)", "Booking quantity must be greater than 0; it is 0."),
                (
                    "purchase(itemId: $i, quantity: 1, location: \"Garage\")",
                    "Unknown location \"Garage\"; use one of: Pantry, Fridge, Freezer."
                ),
                (
                    "transfer(itemId: $i, quantity: 1, from: \"Pantry\", to: \"pantry\")",
                    "A move needs two different locations; both are Pantry."
                ),
                (
                    "correctInventory(itemId: $i, quantity: 0)",
                    "An inventory correction must change the amount; its quantity is 0."
                ),
                (
                    "purchase(itemId: $i, quantity: 1, location: \"Pantry\", bestBefore: \"soon\")",
                    "bestBefore must be a day written YYYY-MM-DD, such as 2030-01-31; it is \"soon\"."
                ),
            ]
            for (call, message) in cases {
                let result = await pantry.run(
                    "mutation($i: String!) { \(call) { quantity } }", as: owner, ["i": .string(id)])
                #expect(result.codes == ["BAD_USER_INPUT"], "\(call)")
                #expect(result.errors.first?.message == message, "\(call): \(result.errors.map(\.message))")
            }
            #expect(try await pantry.store.bookings(ofItems: [id])[id] == before)
            #expect(try await pantry.store.item(id: id) == itemBefore)

            let unnamed = await pantry.run(
                "mutation($h: String!) { addItem(input: {householdId: $h, name: \" \", quantity: -1}) { id } }",
                as: owner, ["h": .string(household.id)])
            #expect(unnamed.codes == ["BAD_USER_INPUT"])
            #expect(unnamed.errors.first?.message == "Item name cannot be empty; Item quantity must be 0 or more")
            let nowhere = await pantry.run(
                "mutation($h: String!) { addItem(input: {householdId: $h, name: \"Salt\", quantity: 1}) { id } }",
                as: owner, ["h": .string(household.id)])
            #expect(
                nowhere.errors.first?.message == "Choose a location for the purchase: one of Pantry, Fridge, Freezer.")
            #expect(try await pantry.store.items(inHouseholds: [household.id])[household.id]?.count == 1)
        }
    }

    @Test(
        "items answer their expiry statuses and can be filtered to those expiring soon",
        arguments: DatabaseKind.allCases)
    func expiry(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let today = CalendarDay(Date(), in: TimeZone(identifier: "UTC")!)
            for (days, minimum) in [(-2, 0.0), (3, 0.0), (30, 1000.0)] {
                _ = try await pantry.data(
                    Self.add, as: owner,
                    [
                        "h": .string(household.id), "q": 500, "loc": "Pantry",
                        "exp": .string(today.adding(days: days).iso), "min": .number(Number(minimum)),
                    ])
            }
            let all = try await pantry.data(
                "query($h: String!) { items(householdId: $h) { expirationDate statuses } }", as: owner,
                ["h": .string(household.id)])["items"].elements
            let statuses = all.sorted { ($0["expirationDate"].text ?? "") < ($1["expirationDate"].text ?? "") }.map {
                $0["statuses"].elements.compactMap(\.text)
            }
            #expect(statuses == [["expired"], ["due_soon"], ["below_minimum"]])
            let soon = try await pantry.data(
                "query($h: String!) { items(householdId: $h, expiringWithinDays: 7) { expirationDate } }", as: owner,
                ["h": .string(household.id)])["items"].elements
            #expect(
                Set(soon.compactMap { $0["expirationDate"].text }) == [
                    today.adding(days: -2).iso, today.adding(days: 3).iso,
                ])
        }
    }

    @Test(
        "an item stored with stock but no bookings gets its stock booked as an opening balance first",
        arguments: DatabaseKind.allCases)
    func openingBalance(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            try await pantry.item("Oats", quantity: 300, in: household)
            let id = try #require(try await pantry.store.items(inHouseholds: [household.id])[household.id]?.first?.id)
            let eaten = try await pantry.data(
                "mutation($i: String!) { consume(itemId: $i, quantity: 120) { \(Self.fields) } }", as: owner,
                ["i": .string(id)])["consume"]
            #expect(eaten["quantity"] == 180)
            #expect(eaten["location"].text == "Pantry")
            #expect(eaten["bookings"].elements.map { $0["kind"].text } == ["correct_inventory", "consume"])
            #expect(eaten["bookings", 0, "quantity"] == 300)
        }
    }
}
