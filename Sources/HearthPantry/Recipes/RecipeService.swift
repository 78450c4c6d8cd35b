import Foundation
public import HearthCore
public import HearthPantryModel

/// A household's recipes, and what can be cooked from its stock.
public protocol RecipeServicing: ServiceHealth {
    /// The household's recipes, by name (cached for five minutes per household).
    func recipes(in householdId: String) async throws -> [Recipe]
    /// Adds a recipe to the household.
    func addRecipe(householdId: String, _ fields: RecipeFields) async throws -> Recipe
    /// Replaces what a recipe says. With `expectedVersion` (the ``Recipe/version`` the change is based on), a
    /// recipe someone saved since is left as it is and the call throws `staleVersion`: reload, apply again, save.
    func updateRecipe(id: String, _ fields: RecipeFields, expectedVersion: Int?) async throws -> Recipe
    /// Deletes a recipe.
    func deleteRecipe(id: String) async throws
    /// Adds the recipe a web page describes to the household: the server fetches the page at `url` (http or
    /// https, on the public web), or reads `html`, the page itself. Give exactly one.
    func importRecipe(householdId: String, url: String?, html: String?) async throws -> Recipe
    /// The household's recipes ranked by how much its stock covers, most first, each with what is missing;
    /// amounts scaled to `servings` for recipes that state theirs.
    func cookable(householdId: String, servings: Int?) async throws -> [RecipeCoverage]
    /// Puts what the recipe still needs after the stock on its household's shopping list; returns the list.
    func addMissingIngredients(recipeId: String, servings: Int?) async throws -> [ShoppingListItem]
}

extension RecipeServicing {
    /// Replaces what a recipe says, whatever version is stored.
    public func updateRecipe(id: String, _ fields: RecipeFields) async throws -> Recipe {
        try await updateRecipe(id: id, fields, expectedVersion: nil)
    }
}

/// Recipes over the pantry server's GraphQL, with each household's list cached for five minutes.
///
/// Adding, changing or deleting a recipe empties its household's cache, so the next read asks the server. Inputs
/// are trimmed and checked by ``RecipeRules`` before they are sent, so a bad recipe is refused with the same
/// messages the server would give, without a round trip. ``cookable(householdId:servings:)`` is never cached:
/// it depends on the stock, which changes all the time.
public actor RecipeService: RecipeServicing, SessionScoped {
    /// How long a household's recipes are served from the cache.
    public static let cacheLifetime: Duration = .seconds(300)

    public nonisolated let serviceName = "RecipeService"
    private let graphQL: any GraphQLServing
    private let cache: TTLCache<String, [Recipe]>
    /// The household of each recipe seen, so deleting one empties the right household's cache.
    private var households: [String: String] = [:]

    /// A service over `graphQL`, whose cache expires by `clock`.
    public init<C: Clock>(graphQL: any GraphQLServing, clock: C) where C.Duration == Duration {
        self.graphQL = graphQL
        self.cache = TTLCache(defaultTTL: Self.cacheLifetime, clock: clock)
    }

    /// A service over `graphQL`, whose cache expires by the continuous clock.
    public init(graphQL: any GraphQLServing) {
        self.init(graphQL: graphQL, clock: ContinuousClock())
    }

    public func recipes(in householdId: String) async throws -> [Recipe] {
        let id = try ServiceInput.required(householdId, "Household id")
        let recipes = try await cache.value(forKey: id) { [graphQL] in
            try await graphQL.perform(RecipesQuery(householdId: id))
        }
        for recipe in recipes { households[recipe.id] = recipe.householdId }
        return recipes
    }

    public func addRecipe(householdId: String, _ fields: RecipeFields) async throws -> Recipe {
        let household = try ServiceInput.required(householdId, "Household id")
        let recipe = try await graphQL.perform(
            AddRecipeMutation(householdId: household, fields: try Self.checked(fields)))
        await forget(recipe)
        return recipe
    }

    public func importRecipe(householdId: String, url: String?, html: String?) async throws -> Recipe {
        let household = try ServiceInput.required(householdId, "Household id")
        let recipe = try await graphQL.perform(ImportRecipeMutation(householdId: household, url: url, html: html))
        await forget(recipe)
        return recipe
    }

    public func updateRecipe(id: String, _ fields: RecipeFields, expectedVersion: Int?) async throws -> Recipe {
        let id = try ServiceInput.required(id, "Recipe id")
        do {
            let recipe = try await graphQL.perform(
                UpdateRecipeMutation(id: id, fields: try Self.checked(fields), expectedVersion: expectedVersion))
            await forget(recipe)
            return recipe
        } catch let error as ServiceError where error.code == .staleVersion {
            // The cached list holds the version that lost; the next read fetches the one that won.
            if let household = households[id] { await cache.remove(household) } else { await cache.removeAll() }
            throw error
        }
    }

    public func deleteRecipe(id: String) async throws {
        let id = try ServiceInput.required(id, "Recipe id")
        _ = try await graphQL.perform(DeleteRecipeMutation(id: id))
        if let household = households.removeValue(forKey: id) {
            await cache.remove(household)
        } else {
            await cache.removeAll()
        }
    }

    public func cookable(householdId: String, servings: Int?) async throws -> [RecipeCoverage] {
        let id = try ServiceInput.required(householdId, "Household id")
        return try await graphQL.perform(
            CookableRecipesQuery(householdId: id, servings: try ServiceInput.servings(servings)))
    }

    public func addMissingIngredients(recipeId: String, servings: Int?) async throws -> [ShoppingListItem] {
        let id = try ServiceInput.required(recipeId, "Recipe id")
        return try await graphQL.perform(
            AddMissingIngredientsMutation(recipeId: id, servings: try ServiceInput.servings(servings)))
    }

    /// Empties every household's cached recipes.
    public func forgetSession() async {
        households = [:]
        await cache.removeAll()
    }

    public func checkHealth() async -> HealthStatus {
        await ServiceInput.health { [graphQL] in _ = try await graphQL.perform(HouseholdsQuery()) }
    }

    /// Empties the cache of `recipe`'s household.
    private func forget(_ recipe: Recipe) async {
        households[recipe.id] = recipe.householdId
        await cache.remove(recipe.householdId)
    }

    /// `fields` trimmed and checked by ``RecipeRules``: every problem is reported at once.
    static func checked(_ fields: RecipeFields) throws -> RecipeFields {
        let recipe = Recipe(
            id: "", householdId: "", name: fields.name, description: fields.description,
            ingredients: fields.ingredients,
            instructions: fields.instructions, prepTime: fields.prepTime, cookTime: fields.cookTime,
            servings: fields.servings,
            difficulty: fields.difficulty, tags: fields.tags)
        return RecipeFields(try RecipeRules.validated(recipe))
    }
}
