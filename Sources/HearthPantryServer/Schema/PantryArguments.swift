import HearthPantryModel

/// The arguments of the pantry's fields, as GraphQL passes them.
struct IDArguments: Codable, Sendable {
    let id: String
}

struct HouseholdIDArguments: Codable, Sendable {
    let householdId: String
}

struct HouseholdInput: Codable, Sendable {
    let name: String
    let description: String?
}

struct CreateHouseholdArguments: Codable, Sendable {
    let input: HouseholdInput
}

struct UpdateHouseholdArguments: Codable, Sendable {
    let id: String
    let input: HouseholdInput
}

struct CodeArguments: Codable, Sendable {
    let code: String
}

struct UpdateMemberRoleArguments: Codable, Sendable {
    let memberId: String
    let role: MemberRole
}

struct MemberIDArguments: Codable, Sendable {
    let memberId: String
}

struct AddMemberArguments: Codable, Sendable {
    let householdId: String
    let userId: String
    let role: MemberRole?
}

struct TransferOwnershipArguments: Codable, Sendable {
    let householdId: String
    let memberId: String
}

struct ItemsArguments: Codable, Sendable {
    let householdId: String
    let expiringWithinDays: Int?
    let barcode: String?
}

struct ItemInput: Codable, Sendable {
    let householdId: String
    let name: String
    let quantity: Double
    let unit: String?
    let category: ItemCategory?
    let expirationDate: String?
    let dueDateKind: DueDateKind?
    let minimumQuantity: Double?
    let location: String?
    let notes: String?
    let barcode: String?
}

struct AddItemArguments: Codable, Sendable {
    let input: ItemInput
}

/// What `updateItem` may change; a field left out (null) stays as it is. There is no quantity: stock changes
/// only through the stock verbs.
struct ItemEditInput: Codable, Sendable {
    let name: String?
    let unit: String?
    let category: ItemCategory?
    let expirationDate: String?
    let dueDateKind: DueDateKind?
    let minimumQuantity: Double?
    let location: String?
    let notes: String?
    let barcode: String?
}

struct UpdateItemArguments: Codable, Sendable {
    let id: String
    let input: ItemEditInput
}

struct PantryChangedArguments: Codable, Sendable {
    let householdId: String
}

struct PurchaseArguments: Codable, Sendable {
    let itemId: String
    let quantity: Double
    let location: String?
    let bestBefore: String?
}

struct ConsumeArguments: Codable, Sendable {
    let itemId: String
    let quantity: Double
    let location: String?
    let spoiled: Bool?
}

struct TransferArguments: Codable, Sendable {
    let itemId: String
    let quantity: Double
    let from: String
    let to: String
}

struct IngredientInput: Codable, Sendable {
    let name: String
    let quantity: Double
    let unit: String?
    let quantityMax: Double?
    let note: String?
}

struct RecipeInput: Codable, Sendable {
    let householdId: String
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

struct AddRecipeArguments: Codable, Sendable {
    let input: RecipeInput
}

struct CookableArguments: Codable, Sendable {
    let householdId: String
    let servings: Int?
}

struct AddMissingArguments: Codable, Sendable {
    let recipeId: String
    let servings: Int?
    let listId: String?
}

struct RestockArguments: Codable, Sendable {
    let householdId: String
    let withinDays: Int?
    let listId: String?
}

struct CheckShoppingItemArguments: Codable, Sendable {
    let id: String
    let location: String?
    let bestBefore: String?
}
