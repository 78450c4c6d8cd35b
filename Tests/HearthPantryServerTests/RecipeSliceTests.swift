import Foundation
import GraphQL
import HearthCore
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("Recipes over GraphQL: add, list, and what can be cooked from the stock")
struct RecipeSliceTests {
    static let addRecipe = """
        mutation($h: String!, $name: String!, $ingredients: [IngredientInput!]!) {
          addRecipe(input: {householdId: $h, name: $name, ingredients: $ingredients, instructions: [" Mix ", " "], servings: 2, prepTime: 5, cookTime: 10, difficulty: medium, tags: ["quick", "Quick "]}) {
            id name ingredients { name quantity unit } instructions totalTime servings difficulty tags
          }
        }
        """

    static func ingredient(_ name: String, _ quantity: Double, _ unit: String) -> Map {
        ["name": .string(name), "quantity": .number(Number(quantity)), "unit": .string(unit)]
    }

    @Test(
        "recipes are stored by RecipeRules and ranked by how much the stock covers, with what is missing",
        arguments: DatabaseKind.allCases)
    func cookable(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            _ = try await pantry.stockedItem("Flour", grams: 1000, in: household)
            _ = try await pantry.stockedItem("Sugar", grams: 50, in: household)
            let pancakes = try await pantry.data(
                Self.addRecipe, as: owner,
                [
                    "h": .string(household.id), "name": "  Pancakes ",
                    "ingredients": [Self.ingredient("flour", 0.25, "kg"), Self.ingredient("Sugar", 100, "g")],
                ])["addRecipe"]
            #expect(pancakes["name"].text == "Pancakes")
            #expect(pancakes["instructions"] == ["Mix"])
            #expect(pancakes["tags"] == ["quick"])
            #expect(pancakes["totalTime"] == 15)
            #expect(pancakes["difficulty"].text == "medium")
            _ = try await pantry.data(
                Self.addRecipe, as: owner,
                [
                    "h": .string(household.id), "name": "Bread", "ingredients": [Self.ingredient("Flour", 500, "g")],
                ])
            _ = try await pantry.data(
                Self.addRecipe, as: owner,
                [
                    "h": .string(household.id), "name": "Omelette", "ingredients": [Self.ingredient("Eggs", 3, "")],
                ])

            let listed = try await pantry.data(
                "query($h: String!) { recipes(householdId: $h) { name } }", as: owner, ["h": .string(household.id)])
            #expect(listed["recipes"].elements.compactMap { $0["name"].text } == ["Bread", "Omelette", "Pancakes"])

            let ranked = try await pantry.data(
                "query($h: String!) { cookableRecipes(householdId: $h) { recipe { name } coverage canCook missing { ingredient { name } missing status } } }",
                as: owner, ["h": .string(household.id)])["cookableRecipes"].elements
            #expect(ranked.compactMap { $0["recipe", "name"].text } == ["Bread", "Pancakes", "Omelette"])
            #expect(ranked[0]["canCook"] == true)
            #expect(ranked[1]["coverage"] == 0.75)
            #expect(ranked[1]["missing"] == [["ingredient": ["name": "Sugar"], "missing": 50, "status": "partial"]])
            #expect(ranked[2]["missing", 0, "status"].text == "missing")

            // Doubling the servings doubles what the pancakes need.
            let doubled = try await pantry.data(
                "query($h: String!) { cookableRecipes(householdId: $h, servings: 4) { recipe { name } servings missing { ingredient { name quantity } missing } } }",
                as: owner, ["h": .string(household.id)])["cookableRecipes"].elements
            let scaled = try #require(doubled.first { $0["recipe", "name"].text == "Pancakes" })
            #expect(scaled["servings"] == 4)
            #expect(scaled["missing"] == [["ingredient": ["name": "Sugar", "quantity": 200], "missing": 150]])
        }
    }

    @Test(
        "a recipe RecipeRules refuses is BAD_USER_INPUT with its messages, and nothing is stored",
        arguments: DatabaseKind.allCases)
    func refusals(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let refused = await pantry.run(
                Self.addRecipe, as: owner,
                [
                    "h": .string(household.id), "name": " ", "ingredients": [Self.ingredient(" ", -1, "g")],
                ])
            #expect(refused.codes == ["BAD_USER_INPUT"])
            #expect(
                refused.errors.first?.message
                    == "Recipe name cannot be empty; Ingredient 1 needs a name; Ingredient 1 quantity must be 0 or more"
            )
            #expect(try await pantry.store.recipes(inHouseholds: [household.id]).isEmpty)
            let servings = await pantry.run(
                "query($h: String!) { cookableRecipes(householdId: $h, servings: 0) { coverage } }", as: owner,
                ["h": .string(household.id)])
            #expect(servings.codes == ["BAD_USER_INPUT"])
            #expect(servings.errors.first?.message == "servings must be at least 1; it is 0.")
        }
    }
}
