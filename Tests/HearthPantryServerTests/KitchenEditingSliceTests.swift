import Foundation
import GraphQL
import HearthCore
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("Editing recipes and the shopping list over GraphQL: update, delete, add by hand, merge, clear")
struct KitchenEditingSliceTests {
    static let updateRecipe = """
        mutation($id: String!, $input: RecipeUpdateInput!) {
          updateRecipe(id: $id, input: $input) { id householdId name description ingredients { name quantity unit } instructions servings difficulty tags }
        }
        """
    static let list =
        "query($h: String!) { shoppingList(householdId: $h) { id name quantity unit checked note recipeId } }"
    static let add = """
        mutation($h: String!, $name: String!, $q: Float!, $unit: String, $note: String) {
          addShoppingItem(householdId: $h, name: $name, quantity: $q, unit: $unit, note: $note) { id name quantity unit note checked }
        }
        """
    static let update = """
        mutation($id: String!, $q: Float, $unit: String, $note: String) { updateShoppingItem(id: $id, quantity: $q, unit: $unit, note: $note) { id name quantity unit note } }
        """

    /// An owner and a member of one household, and the owner's pancake recipe in it (its id).
    static func pancakes(_ pantry: Pantry) async throws -> (
        owner: PantryViewer, member: PantryViewer, household: Household, id: String
    ) {
        let owner = try await pantry.user("owner")
        let member = try await pantry.user("member")
        let household = try await pantry.household("Home", owner: owner, members: [(member, .member)])
        let id = try #require(
            try await pantry.data(
                RecipeSliceTests.addRecipe, as: owner,
                [
                    "h": .string(household.id), "name": "Pancakes",
                    "ingredients": [RecipeSliceTests.ingredient("Flour", 250, "g")],
                ])["addRecipe", "id"].text)
        return (owner, member, household, id)
    }

    @Test(
        "a recipe is replaced by RecipeRules' reading of the new fields, and deleted with its parts; refusals change nothing",
        arguments: DatabaseKind.allCases)
    func recipes(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let (owner, member, household, id) = try await Self.pancakes(pantry)

            let updated = try await pantry.data(
                Self.updateRecipe, as: member,
                [
                    "id": .string(id),
                    "input": [
                        "name": " Crêpes ", "description": "  thin  ", "servings": 4, "difficulty": "hard",
                        "instructions": [" Rest the batter ", ""],
                        "ingredients": [
                            RecipeSliceTests.ingredient(" Flour ", 125, "g"),
                            RecipeSliceTests.ingredient("Milk", 0.3, "l"),
                        ],
                    ],
                ])["updateRecipe"]
            #expect(
                updated == [
                    "id": .string(id), "householdId": .string(household.id), "name": "Crêpes", "description": "thin",
                    "ingredients": [
                        ["name": "Flour", "quantity": 125, "unit": "g"],
                        ["name": "Milk", "quantity": 0.3, "unit": "l"],
                    ],
                    "instructions": ["Rest the batter"], "servings": 4, "difficulty": "hard", "tags": [],
                ])
            let stored = try #require(try await pantry.store.recipe(id: id))
            #expect(stored.name == "Crêpes")
            #expect(stored.ingredients.map(\.name) == ["Flour", "Milk"])
            #expect(stored.tags.isEmpty, "tags left out are cleared")
            #expect(stored.prepTime == nil)

            let refused = await pantry.run(
                Self.updateRecipe, as: owner,
                [
                    "id": .string(id),
                    "input": [
                        "name": "  ", "servings": 0, "ingredients": [RecipeSliceTests.ingredient("Milk", -1, "l")],
                    ],
                ])
            #expect(refused.codes == ["BAD_USER_INPUT"])
            #expect(
                refused.errors.first?.message
                    == "Recipe name cannot be empty; Ingredient 1 quantity must be 0 or more; Servings must be at least 1"
            )
            #expect(try await pantry.store.recipe(id: id) == stored)
            let unknown = await pantry.run(
                Self.updateRecipe, as: owner, ["id": "nope", "input": ["name": "X", "ingredients": []]])
            #expect(unknown.codes == ["NOT_FOUND"])
            #expect(unknown.errors.first?.message == "Recipe nope was not found.")

            // Lines added for the recipe outlive it, no longer tied to it.
            let missing = try await pantry.data(
                "mutation($r: String!) { addMissingIngredients(recipeId: $r) { id recipeId } }", as: owner,
                ["r": .string(id)])
            #expect(missing["addMissingIngredients"].elements.count == 2)
            let deleted = try await pantry.data(
                "mutation($id: String!) { deleteRecipe(id: $id) }", as: member, ["id": .string(id)])
            #expect(deleted["deleteRecipe"] == true)
            #expect(try await pantry.store.recipe(id: id) == nil)
            #expect(try await pantry.store.recipes(inHouseholds: [household.id]).isEmpty)
            let lines = try await pantry.store.shoppingLists(ofHouseholds: [household.id])[household.id] ?? []
            #expect(lines.map(\.name) == ["Flour", "Milk"])
            #expect(lines.allSatisfy { $0.recipeId == nil })
            let again = await pantry.run(
                "mutation($id: String!) { deleteRecipe(id: $id) }", as: member, ["id": .string(id)])
            #expect(again.codes == ["NOT_FOUND"])
        }
    }

    static let updateVersioned = """
        mutation($id: String!, $input: RecipeUpdateInput!, $v: Int) {
          updateRecipe(id: $id, input: $input, expectedVersion: $v) { name version ingredients { name } }
        }
        """

    @Test(
        "each save moves a recipe's version on; a save based on an older version is refused as a conflict and writes nothing",
        arguments: DatabaseKind.allCases)
    func recipeVersions(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let (owner, member, _, id) = try await Self.pancakes(pantry)
            #expect(try await pantry.store.recipe(id: id)?.version == 1)

            let first = try await pantry.data(
                Self.updateVersioned, as: member,
                [
                    "id": .string(id), "v": 1,
                    "input": ["name": "Crêpes", "ingredients": [RecipeSliceTests.ingredient("Flour", 125, "g")]],
                ])["updateRecipe"]
            #expect(first["version"] == 2)
            #expect(first["name"] == "Crêpes")
            let saved = try #require(try await pantry.store.recipe(id: id))

            // The owner edited the version they read before the member's save.
            let stale = await pantry.run(
                Self.updateVersioned, as: owner,
                [
                    "id": .string(id), "v": 1,
                    "input": ["name": "Waffles", "ingredients": [RecipeSliceTests.ingredient("Eggs", 2, "")]],
                ])
            #expect(stale.codes == ["BAD_USER_INPUT"])
            #expect(stale.errors.first?.extensions["reason"] == "STALE_VERSION")
            #expect(
                stale.errors.first?.message
                    == "Recipe \"Crêpes\" was saved by someone else since you read it (it is at version 2, your change was based on version 1); nothing was changed. Reload it, apply your change again and save."
            )
            #expect(try await pantry.store.recipe(id: id) == saved, "the refused save changed nothing")

            let badVersion = await pantry.run(
                Self.updateVersioned, as: owner,
                ["id": .string(id), "v": 0, "input": ["name": "Waffles", "ingredients": []]])
            #expect(badVersion.codes == ["BAD_USER_INPUT"])
            #expect(
                badVersion.errors.first?.message
                    == "expectedVersion must be 1 or more; it is 0. Send the version of the recipe your change is based on."
            )
            let gone = await pantry.run(
                Self.updateVersioned, as: owner,
                ["id": "nope", "v": 1, "input": ["name": "Waffles", "ingredients": []]])
            #expect(gone.codes == ["NOT_FOUND"])

            // Left out, the version is not checked: the save overwrites and still counts.
            let forced = try await pantry.data(
                Self.updateVersioned, as: owner, ["id": .string(id), "input": ["name": "Waffles", "ingredients": []]])[
                    "updateRecipe"]
            #expect(forced["version"] == 3)
            #expect(try await pantry.store.recipe(id: id)?.version == 3)
        }
    }

    @Test(
        "of several cooks saving the same version at once, exactly one wins and the others change nothing",
        arguments: DatabaseKind.allCases)
    func concurrentRecipeSaves(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let id = try #require(
                try await pantry.data(
                    RecipeSliceTests.addRecipe, as: owner,
                    [
                        "h": .string(household.id), "name": "Soup",
                        "ingredients": [RecipeSliceTests.ingredient("Water", 1, "l")],
                    ])["addRecipe", "id"].text)
            let cooks = 8
            let outcomes = await withTaskGroup(of: (Int, GraphQLResult).self) { group in
                for cook in 0..<cooks {
                    group.addTask {
                        (
                            cook,
                            await pantry.run(
                                Self.updateVersioned, as: owner,
                                [
                                    "id": .string(id), "v": 1,
                                    "input": [
                                        "name": .string("Soup \(cook)"),
                                        "ingredients": [
                                            RecipeSliceTests.ingredient("Leek \(cook)", Double(cook + 1), "")
                                        ],
                                    ],
                                ])
                        )
                    }
                }
                var all: [(Int, GraphQLResult)] = []
                for await outcome in group { all.append(outcome) }
                return all
            }
            let winners = outcomes.filter { $0.1.errors.isEmpty }
            #expect(winners.count == 1)
            #expect(outcomes.filter { $0.1.errors.first?.extensions["reason"] == "STALE_VERSION" }.count == cooks - 1)
            let winner = try #require(winners.first?.0)
            let stored = try #require(try await pantry.store.recipe(id: id))
            #expect(stored.version == 2)
            #expect(stored.name == "Soup \(winner)")
            #expect(
                stored.ingredients == [Ingredient(name: "Leek \(winner)", quantity: Double(winner + 1), unit: "")],
                "the winner's parts, none of the losers'")
        }
    }

    @Test(
        "lines added by hand merge by food and unit, edits merge too, and checked lines are cleared",
        arguments: DatabaseKind.allCases)
    func shoppingList(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let h = Map.string(household.id)
            let milk = try await pantry.data(
                Self.add, as: owner, ["h": h, "name": "  Milk ", "q": 1, "unit": "L", "note": " semi-skimmed "])[
                    "addShoppingItem"]
            #expect(
                milk == [
                    "id": milk["id"], "name": "Milk", "quantity": 1, "unit": "l", "note": "semi-skimmed",
                    "checked": false,
                ])
            let more = try await pantry.data(Self.add, as: owner, ["h": h, "name": "milk", "q": 500, "unit": "ml"])[
                "addShoppingItem"]
            #expect(more["id"] == milk["id"], "500 ml of milk joins the litre already listed")
            #expect(more["quantity"] == 1.5)
            let eggs = try await pantry.data(Self.add, as: owner, ["h": h, "name": "Eggs", "q": 6])["addShoppingItem"]
            #expect(eggs["unit"].text == "piece")
            let flourKilo = try await pantry.data(
                Self.add, as: owner, ["h": h, "name": "Flour", "q": 1, "unit": "kg"])["addShoppingItem"]
            let flourCups = try await pantry.data(
                Self.add, as: owner, ["h": h, "name": "Flour", "q": 2, "unit": "cup"])["addShoppingItem"]
            #expect(flourCups["id"] != flourKilo["id"], "cups do not convert into kilograms")

            // Counting the cups in grams makes them the same food and unit as the kilogram line, which folds in.
            let edited = try await pantry.data(
                Self.update, as: owner, ["id": flourCups["id"], "q": 300, "unit": " grams "])["updateShoppingItem"]
            #expect(edited == ["id": flourCups["id"], "name": "Flour", "quantity": 1300, "unit": "g", "note": .null])
            let noNote = try await pantry.data(Self.update, as: owner, ["id": milk["id"], "note": ""])[
                "updateShoppingItem"]
            #expect(noNote["note"] == .null)
            var list = try await pantry.data(Self.list, as: owner, ["h": h])["shoppingList"].elements
            #expect(list.map { $0["name"].text ?? "" } == ["Milk", "Eggs", "Flour"])
            #expect(list.map { $0["quantity"] } == [1.5, 6, 1300])

            let before = try await pantry.store.shoppingLists(ofHouseholds: [household.id])
            let zero = await pantry.run(Self.update, as: owner, ["id": milk["id"], "q": 0])
            #expect(zero.codes == ["BAD_USER_INPUT"])
            #expect(zero.errors.first?.message == "quantity must be greater than 0, not 0")
            let nothing = await pantry.run(Self.update, as: owner, ["id": milk["id"]])
            #expect(nothing.errors.first?.message == "Give quantity, unit, note or section to change Milk.")
            let badAdd = await pantry.run(Self.add, as: owner, ["h": h, "name": " ", "q": -1])
            #expect(badAdd.codes == ["BAD_USER_INPUT"])
            #expect(badAdd.errors.first?.message == "name cannot be empty; quantity must be greater than 0, not -1")
            let unknown = await pantry.run(Self.update, as: owner, ["id": "nope", "q": 1])
            #expect(unknown.codes == ["NOT_FOUND"])
            #expect(unknown.errors.first?.message == "Shopping list item nope was not found.")
            #expect(
                try await pantry.store.shoppingLists(ofHouseholds: [household.id]) == before, "refusals change nothing")

            let checked = try await pantry.data(
                "mutation($l: String!) { checkShoppingItem(id: $l, location: \"Fridge\") { item { name quantity unit location } } }",
                as: owner, ["l": eggs["id"]])["checkShoppingItem", "item"]
            #expect(checked == ["name": "Eggs", "quantity": 6, "unit": "piece", "location": "Fridge"])
            let checkedEdit = await pantry.run(Self.update, as: owner, ["id": eggs["id"], "q": 12])
            #expect(checkedEdit.codes == ["BAD_USER_INPUT"])
            #expect(
                checkedEdit.errors.first?.message
                    == "Eggs is already checked off; add it to the list again to buy more.")

            let cleared = try await pantry.data(
                "mutation($h: String!) { clearCheckedShoppingItems(householdId: $h) }", as: owner, ["h": h])
            #expect(cleared["clearCheckedShoppingItems"] == 1)
            let clearedAgain = try await pantry.data(
                "mutation($h: String!) { clearCheckedShoppingItems(householdId: $h) }", as: owner, ["h": h])
            #expect(clearedAgain["clearCheckedShoppingItems"] == 0)
            let removed = try await pantry.data(
                "mutation($id: String!) { deleteShoppingItem(id: $id) }", as: owner, ["id": milk["id"]])
            #expect(removed["deleteShoppingItem"] == true)
            list = try await pantry.data(Self.list, as: owner, ["h": h])["shoppingList"].elements
            #expect(list.map { $0["name"].text ?? "" } == ["Flour"])
            let gone = await pantry.run(
                "mutation($id: String!) { deleteShoppingItem(id: $id) }", as: owner, ["id": milk["id"]])
            #expect(gone.codes == ["NOT_FOUND"])
        }
    }

    @Test("an amount too small to change the line it merges into is refused, not a server failure")
    func amountLostInMerge() async throws {
        _ = try await withPantry(.sqlite) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let h = Map.string(household.id)
            _ = try await pantry.data(Self.add, as: owner, ["h": h, "name": "Rice", "q": 1e17, "unit": "g"])
            let before = try await pantry.store.shoppingLists(ofHouseholds: [household.id])
            let lost = await pantry.run(Self.add, as: owner, ["h": h, "name": "Rice", "q": 0.25, "unit": "g"])
            #expect(lost.codes == ["BAD_USER_INPUT"])
            #expect(
                lost.errors.first?.message.contains("too small beside the Rice already on the list") == true,
                "\(lost.errors)")
            #expect(try await pantry.store.shoppingLists(ofHouseholds: [household.id]) == before)
        }
    }
}
