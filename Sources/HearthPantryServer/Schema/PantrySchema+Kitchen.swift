import Graphiti
import HearthPantryModel

extension PantrySchema {
    /// Recipes, what can be cooked from the stock, and the shopping list.
    static func kitchen() -> PartialSchema<PantryResolver, PantryContext> {
        PartialSchema(
            types: {
                Enum(Difficulty.self) {
                    Value(.easy)
                    Value(.medium)
                    Value(.hard)
                }.description("How hard a recipe is to make.")
                Enum(CoverageStatus.self) {
                    Value(.covered).description("All of it is in stock.")
                    Value(.partial).description("Some of it is in stock.")
                    Value(.missing).description("None of it is in stock.")
                    Value(.unitMismatch).description("The food is in stock, but in a unit that does not convert.")
                }.description("Where a recipe's ingredient stands against the stock.")
                Type(Ingredient.self) {
                    KeyField("name", at: \.name)
                    KeyField("quantity", at: \.quantity).description("0 for \"to taste\".")
                    KeyField("unit", at: \.unit)
                    KeyField("quantityMax", at: \.quantityMax).description(
                        "The upper end of a range such as \"2-3\", in the same unit; null for a single amount.")
                    KeyField("note", at: \.note).description(
                        "What the line adds about the food, such as \"sifted\" or \"optional\".")
                }.description("How much of which food a recipe needs.")
                Type(Recipe.self) {
                    KeyField("id", at: \.id)
                    KeyField("householdId", at: \.householdId)
                    KeyField("name", at: \.name)
                    KeyField("description", at: \.description)
                    KeyField("ingredients", at: \.ingredients)
                    KeyField("instructions", at: \.instructions)
                    KeyField("prepTime", at: \.prepTime).description("Minutes.")
                    KeyField("cookTime", at: \.cookTime).description("Minutes.")
                    KeyField("totalTime", at: \.totalTime).description("Minutes, preparation and cooking together.")
                    KeyField("servings", at: \.servings)
                    KeyField("difficulty", at: \.difficulty)
                    KeyField("tags", at: \.tags)
                    KeyField("version", at: \.version).description(
                        "1 when added, one more with each update; send it as updateRecipe's expectedVersion.")
                }.description("A household's recipe.")
                Type(IngredientCoverage.self) {
                    KeyField("ingredient", at: \.ingredient).description("Scaled to the servings asked for.")
                    KeyField("available", at: \.available).description(
                        "How much the stock covers, in the ingredient's unit.")
                    KeyField("missing", at: \.missing).description(
                        "How much is still needed, in the ingredient's unit.")
                    KeyField("status", at: \.coverageStatus)
                    KeyField("itemIds", at: \.itemIds).description("The stock items drawn on.")
                }.description("How much of one ingredient the stock covers.")
                Type(RecipeCoverage.self, as: "CookableRecipe") {
                    KeyField("recipe", at: \.recipe)
                    KeyField("servings", at: \.servings).description("The servings the amounts were scaled to, if any.")
                    KeyField("coverage", at: \.coverage).description("The covered share of the ingredients, 0 to 1.")
                    KeyField("canCook", at: \.canCook)
                    KeyField("ingredients", at: \.ingredients)
                    KeyField("missing", at: \.missing).description("The ingredients still needed.")
                }.description("A recipe and how much of it the household's stock covers.")
                Type(ShoppingListItem.self) {
                    KeyField("id", at: \.id)
                    KeyField("householdId", at: \.householdId)
                    KeyField("name", at: \.name)
                    KeyField("quantity", at: \.quantity)
                    KeyField("unit", at: \.unit)
                    KeyField("checked", at: \.checked)
                    KeyField("note", at: \.note)
                    KeyField("recipeId", at: \.recipeId).description("The recipe the line was added for, if any.")
                    KeyField("listId", at: \.listId).description("The shopping list the line is on.")
                    KeyField("section", at: \.section).description(
                        "The store section set on the line; null to go by its food's pantry category.")
                }.description("A line on a household's shopping list.")
                Type(ShoppingCheckOffResult.self, as: "ShoppingCheckOff") {
                    KeyField("line", at: \.line).description("The line, now checked.")
                    KeyField("item", at: \.item).description("The stock item it went into.")
                    KeyField("booking", at: \.booking).description("The purchase booked.")
                }.description("A shopping list line checked off into stock.")
                Input(IngredientInput.self) {
                    InputField("name", at: \.name)
                    InputField("quantity", at: \.quantity)
                    InputField("unit", at: \.unit)
                    InputField("quantityMax", at: \.quantityMax)
                    InputField("note", at: \.note)
                }
                Input(RecipeInput.self) {
                    InputField("householdId", at: \.householdId)
                    InputField("name", at: \.name)
                    InputField("description", at: \.description)
                    InputField("ingredients", at: \.ingredients)
                    InputField("instructions", at: \.instructions)
                    InputField("prepTime", at: \.prepTime)
                    InputField("cookTime", at: \.cookTime)
                    InputField("servings", at: \.servings)
                    InputField("difficulty", at: \.difficulty)
                    InputField("tags", at: \.tags)
                }
                Input(RecipeUpdateInput.self) {
                    InputField("name", at: \.name)
                    InputField("description", at: \.description)
                    InputField("ingredients", at: \.ingredients)
                    InputField("instructions", at: \.instructions)
                    InputField("prepTime", at: \.prepTime)
                    InputField("cookTime", at: \.cookTime)
                    InputField("servings", at: \.servings)
                    InputField("difficulty", at: \.difficulty)
                    InputField("tags", at: \.tags)
                }.description("Everything a recipe says; fields left out are cleared (difficulty becomes easy).")
            },
            query: {
                Field("recipes", at: PantryResolver.recipes) {
                    Argument("householdId", at: \.householdId)
                }.description("A household's recipes, by name.")
                Field("cookableRecipes", at: PantryResolver.cookableRecipes) {
                    Argument("householdId", at: \.householdId)
                    Argument("servings", at: \.servings).description(
                        "Scale recipes that state their servings to this many.")
                }.description(
                    "What can I cook with what I have: recipes ranked by how much the stock covers, most first.")
                Field("shoppingList", at: PantryResolver.shoppingList) {
                    Argument("householdId", at: \.householdId)
                    Argument("listId", at: \.listId).description(
                        "One of the household's lists; the default list when left out.")
                }.description("The lines of a household's shopping list, in the order they were added.")
            },
            mutation: {
                Field("addRecipe", at: PantryResolver.addRecipe) {
                    Argument("input", at: \.input)
                }
                Field("updateRecipe", at: PantryResolver.updateRecipe) {
                    Argument("id", at: \.id)
                    Argument("input", at: \.input)
                    Argument("expectedVersion", at: \.expectedVersion)
                        .description(
                            "The version the change is based on: when the recipe was saved since, nothing is written and the error is BAD_USER_INPUT with extensions.reason STALE_VERSION. Leave it out to overwrite whatever is stored."
                        )
                }.description("Replaces what the recipe says; it stays in its household.")
                Field("importRecipe", at: PantryResolver.importRecipe) {
                    Argument("householdId", at: \.householdId)
                    Argument("url", at: \.url).description(
                        "The recipe page's http(s) address, which the server fetches; not with html.")
                    Argument("html", at: \.html).description("The recipe page itself; not with url.")
                }.description(
                    "Adds the recipe a web page describes (its schema.org Recipe in JSON-LD or microdata) to the household: name, description, servings, times, steps, and ingredients read into amounts, units, foods and notes. Give exactly one of url and html."
                )
                Field("deleteRecipe", at: PantryResolver.deleteRecipe) {
                    Argument("id", at: \.id)
                }.description("Deletes the recipe; shopping list lines added for it stay on the list.")
                Field("addShoppingItem", at: PantryResolver.addShoppingItem) {
                    Argument("householdId", at: \.householdId)
                    Argument("name", at: \.name)
                    Argument("quantity", at: \.quantity)
                    Argument("unit", at: \.unit)
                    Argument("note", at: \.note)
                    Argument("listId", at: \.listId).description("The list to add to; the default list when left out.")
                    Argument("section", at: \.section).description(
                        "The store section to put the line in, instead of its food's pantry category.")
                }.description(
                    "Puts something on the list, merged into an unchecked line of the same food whose unit converts; returns the line it is on."
                )
                Field("updateShoppingItem", at: PantryResolver.updateShoppingItem) {
                    Argument("id", at: \.id)
                    Argument("quantity", at: \.quantity)
                    Argument("unit", at: \.unit)
                    Argument("note", at: \.note).description("An empty note removes the note.")
                    Argument("section", at: \.section).description("The store section to put the line in.")
                }.description(
                    "Changes an unchecked line; another unchecked line of the same food in a unit that converts is folded into it."
                )
                Field("deleteShoppingItem", at: PantryResolver.deleteShoppingItem) {
                    Argument("id", at: \.id)
                }.description("Takes a line off the list.")
                Field("clearCheckedShoppingItems", at: PantryResolver.clearCheckedShoppingItems) {
                    Argument("householdId", at: \.householdId)
                    Argument("listId", at: \.listId).description("The list to clear; the default list when left out.")
                }.description("Removes every checked line from the list; returns how many went.")
                Field("addMissingIngredients", at: PantryResolver.addMissingIngredients) {
                    Argument("recipeId", at: \.recipeId)
                    Argument("servings", at: \.servings)
                    Argument("listId", at: \.listId).description("The list to add to; the default list when left out.")
                }.description(
                    "Adds what the recipe still needs after the stock to the shopping list; returns the list.")
                Field("addExpiringAndBelowMinimum", at: PantryResolver.addExpiringAndBelowMinimum) {
                    Argument("householdId", at: \.householdId)
                    Argument("withinDays", at: \.withinDays).description(
                        "Items due within this many days count as expiring; 5 by default.")
                    Argument("listId", at: \.listId).description("The list to add to; the default list when left out.")
                }.description(
                    "Tops the shopping list up with items going off or below their minimum; returns the list.")
                Field("checkShoppingItem", at: PantryResolver.checkShoppingItem) {
                    Argument("id", at: \.id)
                    Argument("location", at: \.location)
                    Argument("bestBefore", at: \.bestBefore)
                }.description("Checks a line off and books its purchase into the household's item of that food.")
            })
    }
}

/// ``IngredientCoverage/Status`` as the schema names it.
enum CoverageStatus: String, Codable, Sendable, CaseIterable {
    case covered, partial, missing
    case unitMismatch = "unit_mismatch"
}

extension IngredientCoverage {
    var coverageStatus: CoverageStatus { CoverageStatus(rawValue: status.rawValue) ?? .missing }
}
