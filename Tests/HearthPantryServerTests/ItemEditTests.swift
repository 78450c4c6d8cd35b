import Foundation
import GraphQL
import HearthCore
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("updateItem and deleteItem: an item's description edited, never its stock; bad input named, nothing changed")
struct ItemEditTests {
    static let update =
        "mutation($i: String!, $input: ItemEditInput!) { updateItem(id: $i, input: $input) { id name quantity unit category expirationDate dueDateKind minimumQuantity location notes statuses } }"

    @Test("every field can be edited, the quantity stays, and empty values clear", arguments: DatabaseKind.allCases)
    func edits(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let (item, _) = try await pantry.stockedItem("Rice", grams: 500, in: household)
            let input: Map = [
                "name": " Basmati rice ", "unit": "grams", "category": "produce", "expirationDate": "2031-02-03",
                "dueDateKind": "best_before",
                "minimumQuantity": 800, "location": "fridge", "notes": "  top shelf ",
            ]
            let edited = try await pantry.data(Self.update, as: owner, ["i": .string(item), "input": input])[
                "updateItem"]
            #expect(edited["name"].text == "Basmati rice")
            #expect(edited["unit"].text == "g")
            #expect(edited["quantity"] == 500)
            #expect(edited["category"].text == "produce")
            #expect(edited["expirationDate"].text == "2031-02-03")
            #expect(edited["dueDateKind"].text == "best_before")
            #expect(edited["minimumQuantity"] == 800)
            #expect(edited["location"].text == "Fridge")
            #expect(edited["notes"].text == "top shelf")
            #expect(edited["statuses"].elements.map(\.text) == ["below_minimum"])
            let stored = try #require(try await pantry.store.item(id: item))
            #expect(stored.name == "Basmati rice" && stored.quantity == 500 && stored.minimumQuantity == 800)
            #expect(try await pantry.store.bookings(ofItems: [item])[item]?.count == 1, "an edit books nothing")

            let cleared = try await pantry.data(
                Self.update, as: owner,
                [
                    "i": .string(item),
                    "input": ["expirationDate": "", "location": "", "notes": "", "minimumQuantity": 0],
                ])["updateItem"]
            #expect(cleared["expirationDate"] == .null)
            #expect(cleared["location"] == .null)
            #expect(cleared["notes"] == .null)
            #expect(cleared["minimumQuantity"] == .null)
            #expect(cleared["name"].text == "Basmati rice", "fields left out stay")
        }
    }

    @Test("bad input is BAD_USER_INPUT naming the field, and changes nothing", arguments: DatabaseKind.allCases)
    func badInput(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let (item, _) = try await pantry.stockedItem("Rice", grams: 500, in: household)
            let before = try await pantry.store.item(id: item)
            let cases: [(Map, String)] = [
                (["name": "   "], "name cannot be empty; leave it out to keep \"Rice\"."),
                (
                    ["expirationDate": "soon"],
                    "expirationDate must be a day written YYYY-MM-DD, such as 2030-01-31; it is \"soon\"."
                ),
                (["minimumQuantity": -1], "minimumQuantity must be 0 or more (0 removes the minimum); it is -1.0."),
                (
                    ["unit": "ml"],
                    "unit cannot change from \"g\" to \"ml\" while Rice has stock (500 g); use it up or correct the inventory to 0 first."
                ),
            ]
            for (input, message) in cases {
                let result = await pantry.run(Self.update, as: owner, ["i": .string(item), "input": input])
                #expect(result.codes == ["BAD_USER_INPUT"], "\(input)")
                #expect(result.errors.first?.message == message)
            }
            // There is no quantity to edit: GraphQL refuses the field by name.
            let quantity = await pantry.run(Self.update, as: owner, ["i": .string(item), "input": ["quantity": 3]])
            #expect(quantity.codes == ["BAD_USER_INPUT"])
            #expect(quantity.errors.first?.message.contains("quantity") == true, "\(quantity.errors.map(\.message))")
            let missing = await pantry.run(Self.update, as: owner, ["i": "no-such-item", "input": ["name": "Tea"]])
            #expect(missing.codes == ["NOT_FOUND"])
            #expect(missing.errors.first?.message.contains("no-such-item") == true)
            #expect(try await pantry.store.item(id: item) == before)
        }
    }

    @Test(
        "deleteItem removes the item and its bookings; a second delete is NOT_FOUND", arguments: DatabaseKind.allCases)
    func delete(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let (item, booking) = try await pantry.stockedItem("Rice", grams: 500, in: household)
            let (kept, _) = try await pantry.stockedItem("Tea", grams: 100, in: household)
            let deleted = try await pantry.data(
                "mutation($i: String!) { deleteItem(id: $i) { id name } }", as: owner, ["i": .string(item)])
            #expect(deleted["deleteItem", "name"].text == "Rice")
            #expect(try await pantry.store.item(id: item) == nil)
            #expect(try await pantry.store.booking(id: booking) == nil)
            #expect(try await pantry.store.items(inHouseholds: [household.id])[household.id]?.map(\.id) == [kept])
            let again = await pantry.run(
                "mutation($i: String!) { deleteItem(id: $i) { id } }", as: owner, ["i": .string(item)])
            #expect(again.codes == ["NOT_FOUND"])
            #expect(again.errors.first?.message.contains(item) == true)
        }
    }
}
