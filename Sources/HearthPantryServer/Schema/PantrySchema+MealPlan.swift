import Graphiti
import HearthPantryModel

extension PantrySchema {
    /// The meal plan, the shopping it needs, and recipes cooked from stock.
    static func mealPlan() -> PartialSchema<PantryResolver, PantryContext> {
        PartialSchema(
            types: {
                Enum(Meal.self) {
                    Value(.breakfast)
                    Value(.lunch)
                    Value(.dinner)
                    Value(.snack)
                }.description("The meal of the day a recipe is planned for.")
                Type(MealPlanEntry.self) {
                    KeyField("id", at: \.id)
                    KeyField("householdId", at: \.householdId)
                    KeyField("day", at: \.dayText).description("The day, YYYY-MM-DD.")
                    KeyField("meal", at: \.meal)
                    KeyField("recipeId", at: \.recipeId)
                    KeyField("servings", at: \.servings).description(
                        "The recipe's amounts are scaled by servings / the recipe's own servings.")
                    KeyField("note", at: \.note)
                    KeyField("createdBy", at: \.createdBy)
                    KeyField("createdAt", at: \.createdAtText)
                    KeyField("updatedAt", at: \.updatedAtText)
                }.description("A recipe planned for a day's meal.")
                Type(ShoppingNeed.self, as: "ShoppingAddition") {
                    KeyField("name", at: \.name)
                    KeyField("quantity", at: \.quantity).description("How much was added, in unit.")
                    KeyField("unit", at: \.unit)
                    KeyField("note", at: \.note).description(
                        "\"To taste\" or \"In stock in another unit\" when the amount alone does not say why.")
                    KeyField("lineId", at: \.lineId).description("The shopping list line it is on.")
                }.description("What the meal plan added to the shopping list.")
                Type(CookingDraw.self, as: "CookedItem") {
                    KeyField("itemId", at: \.itemId)
                    KeyField("name", at: \.name)
                    KeyField("quantity", at: \.quantity).description("Taken from stock, in the item's unit.")
                    KeyField("unit", at: \.unit)
                }.description("What cooking took from one stock item.")
                Type(CookingShortfall.self) {
                    KeyField("name", at: \.name)
                    KeyField("quantity", at: \.quantity).description("Missing, in the ingredient's unit.")
                    KeyField("unit", at: \.unit)
                    KeyField("reason", at: \.reason)
                }.description("What the stock could not give when a recipe was cooked.")
                Type(Cooking.self) {
                    KeyField("id", at: \.id).description("Give it to undoCooking to take the whole cooking back.")
                    KeyField("householdId", at: \.householdId)
                    KeyField("recipeId", at: \.recipeId)
                    KeyField("servings", at: \.servings)
                    KeyField("mealPlanEntryId", at: \.mealPlanEntryId)
                    KeyField("consumed", at: \.consumed)
                    KeyField("bookingIds", at: \.bookingIds).description("The consumption bookings, one per item.")
                    KeyField("shortfalls", at: \.shortfalls)
                    KeyField("createdBy", at: \.createdBy)
                    KeyField("createdAt", at: \.createdAtText)
                    KeyField("undone", at: \.undone)
                    KeyField("undoneAt", at: \.undoneAtText)
                }.description("A recipe cooked from stock.")
            },
            query: {
                Field("mealPlan", at: PantryResolver.mealPlan) {
                    Argument("householdId", at: \.householdId)
                    Argument("from", at: \.from).description("The first day, YYYY-MM-DD.")
                    Argument("to", at: \.to).description("The last day, YYYY-MM-DD; at most 366 days after from.")
                }.description("A household's planned meals from one day to another, by day and meal.")
            },
            mutation: {
                Field("addMealPlanEntry", at: PantryResolver.addMealPlanEntry) {
                    Argument("householdId", at: \.householdId)
                    Argument("day", at: \.day).description("YYYY-MM-DD.")
                    Argument("meal", at: \.meal)
                    Argument("recipeId", at: \.recipeId).description("A recipe of the same household.")
                    Argument("servings", at: \.servings).description(
                        "1 to 1000; the recipe's own servings when left out.")
                    Argument("note", at: \.note)
                }.description("Plans a recipe for a day's meal.")
                Field("updateMealPlanEntry", at: PantryResolver.updateMealPlanEntry) {
                    Argument("id", at: \.id)
                    Argument("day", at: \.day)
                    Argument("meal", at: \.meal)
                    Argument("recipeId", at: \.recipeId)
                    Argument("servings", at: \.servings)
                    Argument("note", at: \.note).description("An empty note removes the note.")
                }.description("Changes a planned meal; fields left out stay as they are.")
                Field("removeMealPlanEntry", at: PantryResolver.removeMealPlanEntry) {
                    Argument("id", at: \.id)
                }.description("Takes a meal off the plan.")
                Field("addMissingIngredientsToShoppingList", at: PantryResolver.addMissingIngredientsToShoppingList) {
                    Argument("householdId", at: \.householdId)
                    Argument("from", at: \.from)
                    Argument("to", at: \.to)
                }.description(
                    "Puts on the shopping list what the meals planned from one day to another still need after the stock and what is already listed, merged into the lines of the same food; running it again adds nothing. Returns what was added."
                )
                Field("cookRecipe", at: PantryResolver.cookRecipe) {
                    Argument("householdId", at: \.householdId)
                    Argument("recipeId", at: \.recipeId)
                    Argument("servings", at: \.servings).description(
                        "1 to 1000; the meal plan entry's, else the recipe's own, when left out.")
                    Argument("mealPlanEntryId", at: \.mealPlanEntryId).description(
                        "The planned meal being cooked, if any.")
                }.description(
                    "Books what cooking the recipe takes from stock, converted into each item's unit and never below zero; what was short comes back in shortfalls."
                )
                Field("undoCooking", at: PantryResolver.undoCooking) {
                    Argument("id", at: \.id)
                }.description("Takes back every consumption a cooking booked, in one step.")
            })
    }
}
