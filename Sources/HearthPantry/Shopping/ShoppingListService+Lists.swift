public import HearthCore
public import HearthPantryModel

/// Named lists and stores over the pantry server's GraphQL; names are trimmed and checked before they are sent.
extension ShoppingListService {
    public func lists(householdId: String) async throws -> [ShoppingListContents] {
        let id = try ServiceInput.required(householdId, "Household id")
        return try await graphQL.perform(ShoppingListsQuery(householdId: id))
    }

    public func createList(householdId: String, name: String, storeId: String?) async throws -> ShoppingListContents {
        let id = try ServiceInput.required(householdId, "Household id")
        let name = try ShoppingSections.validatedName(name, "Shopping list name")
        return try await graphQL.perform(
            CreateShoppingListMutation(householdId: id, name: name, storeId: ServiceInput.trimmed(storeId)))
    }

    public func renameList(listId: String, name: String) async throws -> ShoppingListContents {
        let id = try ServiceInput.required(listId, "Shopping list id")
        let name = try ShoppingSections.validatedName(name, "Shopping list name")
        return try await graphQL.perform(RenameShoppingListMutation(id: id, name: name))
    }

    public func setStore(listId: String, storeId: String?) async throws -> ShoppingListContents {
        let id = try ServiceInput.required(listId, "Shopping list id")
        return try await graphQL.perform(SetShoppingListStoreMutation(id: id, storeId: ServiceInput.trimmed(storeId)))
    }

    public func deleteList(listId: String) async throws -> ShoppingListContents {
        let id = try ServiceInput.required(listId, "Shopping list id")
        return try await graphQL.perform(DeleteShoppingListMutation(id: id))
    }

    public func move(lineId: String, toList listId: String) async throws -> ShoppingListItem {
        let id = try ServiceInput.required(lineId, "Shopping list item id")
        let list = try ServiceInput.required(listId, "Shopping list id")
        return try await graphQL.perform(MoveShoppingItemMutation(id: id, listId: list))
    }

    public func stores(householdId: String) async throws -> [GroceryStore] {
        let id = try ServiceInput.required(householdId, "Household id")
        return try await graphQL.perform(StoresQuery(householdId: id))
    }

    public func createStore(householdId: String, name: String, sectionOrder: [StoreSection]) async throws
        -> GroceryStore
    {
        let id = try ServiceInput.required(householdId, "Household id")
        let name = try ShoppingSections.validatedName(name, "Store name")
        return try await graphQL.perform(
            CreateStoreMutation(
                householdId: id, name: name, sectionOrder: try ShoppingSections.validated(sectionOrder)))
    }

    public func updateStore(storeId: String, name: String?, sectionOrder: [StoreSection]?) async throws
        -> GroceryStore
    {
        let id = try ServiceInput.required(storeId, "Store id")
        guard name != nil || sectionOrder != nil else {
            throw ServiceError.validationFailed("Give a name or a section order to change the store.")
        }
        return try await graphQL.perform(
            UpdateStoreMutation(
                id: id, name: try name.map { try ShoppingSections.validatedName($0, "Store name") },
                sectionOrder: try sectionOrder.map { try ShoppingSections.validated($0) }))
    }

    public func deleteStore(storeId: String) async throws {
        let id = try ServiceInput.required(storeId, "Store id")
        _ = try await graphQL.perform(DeleteStoreMutation(id: id))
    }
}
