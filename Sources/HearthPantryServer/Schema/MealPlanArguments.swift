import HearthPantryModel

/// The arguments of the meal plan's fields, as GraphQL passes them.
struct MealPlanArguments: Codable, Sendable {
    let householdId: String
    let from: String
    let to: String
}

struct AddMealPlanEntryArguments: Codable, Sendable {
    let householdId: String
    let day: String
    let meal: Meal
    let recipeId: String
    let servings: Int?
    let note: String?
}

struct UpdateMealPlanEntryArguments: Codable, Sendable {
    let id: String
    let day: String?
    let meal: Meal?
    let recipeId: String?
    let servings: Int?
    let note: String?
}

struct CookRecipeArguments: Codable, Sendable {
    let householdId: String
    let recipeId: String
    let servings: Int?
    let mealPlanEntryId: String?
}
