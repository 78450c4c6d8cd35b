import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import Testing

@Suite(
    "RecipeService against a live server: the 5-minute cache per household, invalidation, ranking, refusals",
    .timeLimit(.minutes(10)))
struct RecipeServiceTests {
    static func recipe(_ name: String, servings: Int? = nil, _ ingredients: [(String, Double, String)]) -> RecipeFields
    {
        RecipeFields(
            name: name, ingredients: ingredients.map { Ingredient(name: $0.0, quantity: $0.1, unit: $0.2) },
            servings: servings)
    }

    @Test(
        "reads come from the cache for 5 minutes per household; adding, changing or deleting empties that household's cache"
    )
    func cache() async throws {
        try await withLiveServer { server in
            let clock = ManualClock()
            let email = freshEmail()
            let mine = server.client(clock: clock)
            try await mine.auth().signUp(email: email, password: "long enough password")
            let home = try await mine.households().createHousehold(name: "Home", description: nil)
            let cabin = try await mine.households().createHousehold(name: "Cabin", description: nil)
            let recipes = try mine.recipes()
            let soup = try await recipes.addRecipe(householdId: home.id, Self.recipe("Soup", [("Leek", 2, "")]))
            #expect(try await recipes.recipes(in: home.id).map(\.name) == ["Soup"])
            #expect(try await recipes.recipes(in: cabin.id).isEmpty)

            let elsewhere = server.client()
            try await elsewhere.auth().signIn(email: email, password: "long enough password")
            _ = try await elsewhere.recipes().addRecipe(
                householdId: home.id, Self.recipe("Bread", [("Flour", 500, "g")]))
            _ = try await elsewhere.recipes().addRecipe(
                householdId: cabin.id, Self.recipe("Stew", [("Beans", 400, "g")]))

            clock.advance(by: .seconds(299))
            #expect(try await recipes.recipes(in: home.id).map(\.name) == ["Soup"], "still cached at 4:59")
            // A change in the cabin empties the cabin's cache only.
            _ = try await recipes.addRecipe(householdId: cabin.id, Self.recipe("Tea", [("Tea", 1, "bag")]))
            #expect(try await recipes.recipes(in: cabin.id).map(\.name) == ["Stew", "Tea"])
            #expect(
                try await recipes.recipes(in: home.id).map(\.name) == ["Soup"], "the home's recipes are still cached")
            clock.advance(by: .seconds(1))
            #expect(
                try await recipes.recipes(in: home.id).map(\.name) == ["Bread", "Soup"], "asked the server at 5:00")

            _ = try await elsewhere.recipes().addRecipe(
                householdId: home.id, Self.recipe("Cake", [("Flour", 200, "g")]))
            let renamed = try await recipes.updateRecipe(id: soup.id, Self.recipe(" Leek soup ", [(" Leeks ", 3, "")]))
            #expect(renamed.name == "Leek soup")
            #expect(renamed.ingredients == [Ingredient(name: "Leeks", quantity: 3, unit: "")])
            #expect(
                try await recipes.recipes(in: home.id).map(\.name) == ["Bread", "Cake", "Leek soup"],
                "the update emptied the cache")
            try await recipes.deleteRecipe(id: soup.id)
            #expect(try await recipes.recipes(in: home.id).map(\.name) == ["Bread", "Cake"])
        }
    }

    @Test("an update based on an older version is refused as a conflict; the next read shows the version that won")
    func versionConflict() async throws {
        try await withLiveServer { server in
            let services = try await server.signedUpClient()
            let home = try await services.households().createHousehold(name: "Home", description: nil)
            let recipes = try services.recipes()
            let soup = try await recipes.addRecipe(householdId: home.id, Self.recipe("Soup", [("Water", 1, "l")]))
            #expect(soup.version == 1)
            #expect(try await recipes.recipes(in: home.id).map(\.version) == [1])
            let mine = try await recipes.updateRecipe(
                id: soup.id, Self.recipe("Leek soup", [("Leeks", 3, "")]), expectedVersion: soup.version)
            #expect(mine.version == 2)

            let error = await serviceError {
                _ = try await recipes.updateRecipe(
                    id: soup.id, Self.recipe("Onion soup", [("Onions", 4, "")]), expectedVersion: soup.version)
            }
            #expect(error?.code == .staleVersion)
            #expect(error?.message.contains("it is at version 2, your change was based on version 1") == true)
            let current = try await recipes.recipes(in: home.id)
            #expect(current.map(\.name) == ["Leek soup"])
            #expect(current.map(\.version) == [2])
        }
    }

    @Test("cookable ranks recipes by how much the stock covers, scales servings, and adds what is missing to the list")
    func cookable() async throws {
        try await withLiveServer { server in
            let services = try await server.signedUpClient()
            let home = try await services.households().createHousehold(name: "Home", description: nil)
            for (name, grams) in [("Flour", 1000.0), ("Sugar", 50)] {
                _ = try await services.pantry().addItem(
                    householdId: home.id, name: name, quantity: grams, unit: "g", category: .pantry,
                    expirationDate: nil, location: "Pantry", notes: nil)
            }
            let recipes = try services.recipes()
            _ = try await recipes.addRecipe(householdId: home.id, Self.recipe("Bread", [("Flour", 500, "g")]))
            let pancakes = try await recipes.addRecipe(
                householdId: home.id,
                Self.recipe("Pancakes", servings: 2, [("flour", 0.25, "kg"), ("Sugar", 100, "g")]))
            _ = try await recipes.addRecipe(householdId: home.id, Self.recipe("Omelette", [("Eggs", 3, "")]))

            let ranked = try await recipes.cookable(householdId: home.id, servings: nil)
            #expect(ranked.map(\.recipe.name) == ["Bread", "Pancakes", "Omelette"])
            #expect(ranked[0].canCook)
            #expect(ranked[1].coverage == 0.75)
            #expect(ranked[1].missing.map(\.ingredient.name) == ["Sugar"])
            #expect(ranked[1].missing.first?.missing == 50)
            #expect(ranked[1].missing.first?.status == .partial)
            #expect(ranked[2].missing.first?.status == .missing)

            let doubled = try await recipes.cookable(householdId: home.id, servings: 4)
            let scaled = try #require(doubled.first { $0.recipe.id == pancakes.id })
            #expect(scaled.servings == 4)
            #expect(scaled.missing.map(\.missing) == [150])

            let list = try await recipes.addMissingIngredients(recipeId: pancakes.id, servings: nil)
            #expect(list.map(\.name) == ["Sugar"])
            #expect(list.first?.quantity == 50)
            #expect(list.first?.recipeId == pancakes.id)
        }
    }

    @Test("bad recipes, ids and servings are refused with messages that name them; outsiders are refused by the server")
    func refusals() async throws {
        try await withLiveServer { server in
            let services = try await server.signedUpClient()
            let home = try await services.households().createHousehold(name: "Home", description: nil)
            let recipes = try services.recipes()
            let bad = await serviceError {
                _ = try await recipes.addRecipe(householdId: home.id, Self.recipe("  ", servings: 0, [(" ", -2, "g")]))
            }
            #expect(bad?.code == .validationFailed)
            #expect(
                bad?.message
                    == "Recipe name cannot be empty; Ingredient 1 needs a name; Ingredient 1 quantity must be 0 or more; Servings must be at least 1"
            )
            let noHousehold = await serviceError { _ = try await recipes.recipes(in: "  ") }
            #expect(noHousehold?.message == "Household id cannot be empty")
            let servings = await serviceError { _ = try await recipes.cookable(householdId: home.id, servings: 0) }
            #expect(servings?.message == "servings must be at least 1; it is 0.")
            let unknown = await serviceError { try await recipes.deleteRecipe(id: "no-such-recipe") }
            #expect(unknown?.code == .notFound)
            #expect(try await recipes.recipes(in: home.id).isEmpty, "nothing was added")

            let outsider = try await server.signedUpClient("outsider").recipes()
            let refused = await serviceError {
                _ = try await outsider.addRecipe(householdId: home.id, Self.recipe("Tea", [("Tea", 1, "bag")]))
            }
            #expect(refused?.code == .notFound)
            #expect(await recipes.checkHealth().isHealthy)
        }
    }
}
