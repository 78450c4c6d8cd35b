import HearthPantryModel

/// The arguments of the shopping list and store fields, as GraphQL passes them.
struct ShoppingListArguments: Codable, Sendable {
    let householdId: String
    let listId: String?
}

struct CreateShoppingListArguments: Codable, Sendable {
    let householdId: String
    let name: String
    let storeId: String?
}

struct RenameShoppingListArguments: Codable, Sendable {
    let id: String
    let name: String
}

struct SetShoppingListStoreArguments: Codable, Sendable {
    let id: String
    let storeId: String?
}

struct MoveShoppingItemArguments: Codable, Sendable {
    let id: String
    let listId: String
}

struct CreateStoreArguments: Codable, Sendable {
    let householdId: String
    let name: String
    let sectionOrder: [StoreSection]
}

struct UpdateStoreArguments: Codable, Sendable {
    let id: String
    let name: String?
    let sectionOrder: [StoreSection]?
}
