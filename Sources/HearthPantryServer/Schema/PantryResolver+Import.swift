import Foundation
import HearthCore
import HearthPantryModel
import HearthPermissions

/// Recipes from the web: a page's schema.org Recipe read into a household recipe.
extension PantryResolver {
    /// Reads the recipe of the page at `url` (fetched by ``RecipePageFetching``) or of `html`, and adds it to the
    /// household. The caller must be allowed to add recipes there before anything is fetched; a page that cannot
    /// be fetched or read is `BAD_USER_INPUT` naming why, and nothing is stored.
    func importRecipe(context: PantryContext, arguments: ImportRecipeArguments) async throws -> Recipe {
        let viewer = try context.signedIn()
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "create", PantryPermissions.Subject.recipe, household)
        let url = arguments.url.flatMap(Validation.trimmedOrNil)
        let html = arguments.html.flatMap { $0.isEmpty ? nil : $0 }
        let limits = RecipePage.Limits(maxBytes: recipePages.maxBytes)
        let imported: ImportedRecipe
        do {
            switch (url, html) {
            case (let url?, nil):
                let page = try await recipePages.fetcher.fetch(url)
                imported = try RecipePage.read(page.bytes, from: Redaction.url(page.url), limits: limits)
            case (nil, let html?):
                imported = try RecipePage.read(html.utf8, from: "the HTML given", limits: limits)
            default:
                throw ServiceError.validationFailed(
                    "Give exactly one of url (a recipe page's address) and html (the page itself) to import a recipe.")
            }
        } catch let error as ServiceError where GraphQLErrorShaper.code(for: error.code) == nil {
            // A fetch that failed is about the address given, not the server.
            throw ServiceError.validationFailed(error.message)
        }
        let recipe = try RecipeRules.validated(imported.recipe(id: PantryStore.newID(), householdId: household.id))
        try await context.store.announcing(
            PantryChange(.recipeAdded, householdID: household.id, recipeID: recipe.id, by: viewer.userID)
        ).insert(recipe)
        context.changed()
        return recipe
    }
}

/// The arguments of `importRecipe`.
struct ImportRecipeArguments: Codable, Sendable {
    let householdId: String
    let url: String?
    let html: String?
}

/// What `importRecipe` fetches pages with, and how large a page it reads.
struct RecipeImporting: Sendable {
    let fetcher: any RecipePageFetching
    let maxBytes: Int
}
