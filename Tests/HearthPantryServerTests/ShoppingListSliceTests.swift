import Foundation
import GraphQL
import HearthCore
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("The shopping list over GraphQL: filled from recipes and running-low stock, checked off into stock")
struct ShoppingListSliceTests {
    static let list =
        "query($h: String!) { shoppingList(householdId: $h) { id name quantity unit checked recipeId note } }"

    @Test(
        "missing ingredients and restocking fill the list; checking a line off books its purchase",
        arguments: DatabaseKind.allCases)
    func shopping(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let member = try await pantry.user("member")
            let household = try await pantry.household("Home", owner: owner, members: [(member, .member)])
            let today = CalendarDay(Date(), in: TimeZone(identifier: "UTC")!)
            let (flour, _) = try await pantry.stockedItem(
                "Flour", grams: 100, in: household, expiring: today.adding(days: 2))
            let recipe = try #require(
                try await pantry.data(
                    RecipeSliceTests.addRecipe, as: owner,
                    [
                        "h": .string(household.id), "name": "Bread",
                        "ingredients": [
                            RecipeSliceTests.ingredient("Flour", 500, "g"),
                            RecipeSliceTests.ingredient("Yeast", 7, "g"),
                        ],
                    ])["addRecipe", "id"].text)

            let missing = try await pantry.data(
                "mutation($r: String!) { addMissingIngredients(recipeId: $r) { name quantity unit recipeId } }",
                as: member, ["r": .string(recipe)])
            #expect(
                missing["addMissingIngredients"] == [
                    ["name": "Flour", "quantity": 400, "unit": "g", "recipeId": .string(recipe)],
                    ["name": "Yeast", "quantity": 7, "unit": "g", "recipeId": .string(recipe)],
                ])

            // The flour is due in two days: restocking adds what goes off, merged into the flour line already there.
            let restocked = try await pantry.data(
                "mutation($h: String!) { addExpiringAndBelowMinimum(householdId: $h) { name quantity recipeId } }",
                as: member, ["h": .string(household.id)])
            #expect(
                restocked["addExpiringAndBelowMinimum"] == [
                    ["name": "Flour", "quantity": 500, "recipeId": .null],
                    ["name": "Yeast", "quantity": 7, "recipeId": .string(recipe)],
                ])
            let stored = try await pantry.data(Self.list, as: owner, ["h": .string(household.id)])["shoppingList"]
                .elements
            #expect(stored.compactMap { $0["name"].text } == ["Flour", "Yeast"])
            let flourLine = try #require(stored[0]["id"].text)
            let yeastLine = try #require(stored[1]["id"].text)

            let checked = try await pantry.data(
                "mutation($l: String!) { checkShoppingItem(id: $l, location: \"fridge\", bestBefore: \"2030-05-01\") { line { checked } item { id quantity } booking { kind quantity location bestBefore } } }",
                as: member, ["l": .string(flourLine)])["checkShoppingItem"]
            #expect(checked["line", "checked"] == true)
            #expect(checked["item", "id"].text == flour)
            #expect(checked["item", "quantity"] == 600)
            #expect(
                checked["booking"] == [
                    "kind": "purchase", "quantity": 500, "location": "Fridge", "bestBefore": "2030-05-01",
                ])
            #expect(try await pantry.store.bookings(ofItems: [flour])[flour]?.count == 2)

            // Yeast is not in stock yet: checking it off makes the item, at the location given.
            let yeast = try await pantry.data(
                "mutation($l: String!) { checkShoppingItem(id: $l, location: \"Pantry\") { item { name quantity unit location } } }",
                as: owner, ["l": .string(yeastLine)])["checkShoppingItem", "item"]
            #expect(yeast == ["name": "Yeast", "quantity": 7, "unit": "g", "location": "Pantry"])

            let again = await pantry.run(
                "mutation($l: String!) { checkShoppingItem(id: $l) { line { id } } }", as: owner,
                ["l": .string(flourLine)])
            #expect(again.codes == ["BAD_USER_INPUT"])
            #expect(again.errors.first?.message == "Flour is already checked off.")
            #expect(try await pantry.store.bookings(ofItems: [flour])[flour]?.count == 2)
        }
    }

    @Test(
        "a line that cannot go into stock is refused with ShoppingList's and the ledger's messages, and nothing changes",
        arguments: DatabaseKind.allCases)
    func refusals(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let recipe = try #require(
                try await pantry.data(
                    RecipeSliceTests.addRecipe, as: owner,
                    [
                        "h": .string(household.id), "name": "Tea",
                        "ingredients": [RecipeSliceTests.ingredient("Tea", 2, "")],
                    ])["addRecipe", "id"].text)
            let list = try await pantry.data(
                "mutation($r: String!) { addMissingIngredients(recipeId: $r) { id } }", as: owner,
                ["r": .string(recipe)])
            let line = try #require(list["addMissingIngredients", 0, "id"].text)
            let nowhere = await pantry.run(
                "mutation($l: String!) { checkShoppingItem(id: $l) { line { id } } }", as: owner, ["l": .string(line)])
            #expect(nowhere.codes == ["BAD_USER_INPUT"])
            #expect(
                nowhere.errors.first?.message == "Choose a location for the purchase: one of Pantry, Fridge, Freezer.")
            #expect(try await pantry.store.shoppingItem(id: line)?.checked == false)
            #expect(try await pantry.store.items(inHouseholds: [household.id]).isEmpty)
            let unknown = await pantry.run("mutation { checkShoppingItem(id: \"nope\") { line { id } } }", as: owner)
            #expect(unknown.codes == ["NOT_FOUND"])
            let missingRecipe = await pantry.run(
                "mutation { addMissingIngredients(recipeId: \"nope\") { id } }", as: owner)
            #expect(missingRecipe.codes == ["NOT_FOUND"])
        }
    }
}
