import Foundation
import Graphiti
import HearthCore
import HearthPantryModel
import HearthPermissions

/// Recipes, and "what can I cook with what I have": recipes ranked by how much the household's stock covers.
extension PantryResolver {
    func recipes(context: PantryContext, arguments: HouseholdIDArguments) async throws -> [Recipe] {
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "read", PantryPermissions.Subject.recipe, household)
        return try await context.loaders.recipes.load(household.id) ?? []
    }

    func addRecipe(context: PantryContext, arguments: AddRecipeArguments) async throws -> Recipe {
        let viewer = try context.signedIn()
        let input = arguments.input
        let (household, ability) = try await Self.stored(input.householdId, context)
        try Self.allowContent(ability, "create", PantryPermissions.Subject.recipe, household)
        let recipe = try RecipeRules.validated(
            Recipe(
                id: PantryStore.newID(), householdId: household.id, name: input.name, description: input.description,
                ingredients: input.ingredients.map(\.ingredient),
                instructions: input.instructions ?? [], prepTime: input.prepTime, cookTime: input.cookTime,
                servings: input.servings,
                difficulty: input.difficulty ?? .easy, tags: input.tags ?? []))
        try await context.store.announcing(
            PantryChange(.recipeAdded, householdID: household.id, recipeID: recipe.id, by: viewer.userID)
        ).insert(recipe)
        context.changed()
        return recipe
    }

    /// Replaces what the recipe says (its household stays); RecipeRules checks it as when it was added. With
    /// `expectedVersion`, a recipe saved since that version is refused (`STALE_VERSION`) and left as it is.
    func updateRecipe(context: PantryContext, arguments: UpdateRecipeArguments) async throws -> Recipe {
        let viewer = try context.signedIn()
        guard let old = try await context.store.recipe(id: arguments.id) else {
            throw ServiceError.notFound("Recipe \(arguments.id)")
        }
        let (household, ability) = try await Self.stored(
            old.householdId, context, notFound: .notFound("Recipe \(old.id)"))
        try Self.allowContent(ability, "update", PantryPermissions.Subject.recipe, household)
        let input = arguments.input
        let recipe = try RecipeRules.validated(
            Recipe(
                id: old.id, householdId: household.id, name: input.name, description: input.description,
                ingredients: input.ingredients.map(\.ingredient),
                instructions: input.instructions ?? [], prepTime: input.prepTime, cookTime: input.cookTime,
                servings: input.servings,
                difficulty: input.difficulty ?? .easy, tags: input.tags ?? []))
        if let expected = arguments.expectedVersion, expected < 1 {
            throw ServiceError.validationFailed(
                "expectedVersion must be 1 or more; it is \(expected). Send the version of the recipe your change is based on."
            )
        }
        let saved = try await context.store.announcing(
            PantryChange(.recipeUpdated, householdID: household.id, recipeID: recipe.id, by: viewer.userID)
        )
        .update(recipe, expectedVersion: arguments.expectedVersion)
        context.changed()
        return saved
    }

    /// Deletes the recipe; shopping list lines added for it stay on the list.
    func deleteRecipe(context: PantryContext, arguments: IDArguments) async throws -> Bool {
        let viewer = try context.signedIn()
        guard let recipe = try await context.store.recipe(id: arguments.id) else {
            throw ServiceError.notFound("Recipe \(arguments.id)")
        }
        let (household, ability) = try await Self.stored(
            recipe.householdId, context, notFound: .notFound("Recipe \(recipe.id)"))
        try Self.allowContent(ability, "delete", PantryPermissions.Subject.recipe, household)
        let deleted = try await context.store.announcing(
            PantryChange(.recipeDeleted, householdID: household.id, recipeID: recipe.id, by: viewer.userID)
        )
        .deleteRecipe(id: recipe.id)
        context.changed()
        return deleted
    }

    /// The household's recipes ranked by CookableRanking: most covered first, each with what is missing.
    /// Expired stock does not count.
    func cookableRecipes(context: PantryContext, arguments: CookableArguments) async throws -> [RecipeCoverage] {
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "read", PantryPermissions.Subject.recipe, household)
        if let servings = arguments.servings, servings < 1 {
            throw ServiceError.validationFailed("servings must be at least 1; it is \(servings).")
        }
        let recipes = try await context.loaders.recipes.load(household.id) ?? []
        let stock = try await context.store.stockIndex(of: household.id, today: context.today)
        return CookableRanking.rank(recipes, index: stock, servings: arguments.servings)
    }
}

extension IngredientInput {
    /// The ingredient this input describes.
    var ingredient: Ingredient {
        Ingredient(name: name, quantity: quantity, unit: unit ?? "", quantityMax: quantityMax, note: note)
    }
}
