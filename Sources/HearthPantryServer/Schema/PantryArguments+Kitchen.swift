import HearthPantryModel

/// The arguments of the recipe, shopping list and profile fields, as GraphQL passes them.
struct RecipeUpdateInput: Codable, Sendable {
    let name: String
    let description: String?
    let ingredients: [IngredientInput]
    let instructions: [String]?
    let prepTime: Int?
    let cookTime: Int?
    let servings: Int?
    let difficulty: Difficulty?
    let tags: [String]?
}

struct UpdateRecipeArguments: Codable, Sendable {
    let id: String
    let input: RecipeUpdateInput
    let expectedVersion: Int?
}

struct AddShoppingItemArguments: Codable, Sendable {
    let householdId: String
    let name: String
    let quantity: Double
    let unit: String?
    let note: String?
    let listId: String?
    let section: StoreSection?
}

struct UpdateShoppingItemArguments: Codable, Sendable {
    let id: String
    let quantity: Double?
    let unit: String?
    let note: String?
    let section: StoreSection?
}

struct ProfileInput: Codable, Sendable {
    let firstName: String?
    let lastName: String?
    let displayName: String?
    let avatarUrl: String?
    let phone: String?
    let primaryHouseholdId: String?
}

struct UpdateMeArguments: Codable, Sendable {
    let input: ProfileInput
}

struct SearchUsersArguments: Codable, Sendable {
    let text: String
}
