public import HearthCore
public import HearthPantryModel

/// A household's named shopping lists and its stores: lists are made, renamed, grouped for a store and deleted,
/// lines move between them, and each list comes with its lines grouped by its store's sections.
public protocol ShoppingListsServicing: ServiceHealth {
    /// The household's lists, the default first, each with its lines grouped by section.
    func lists(householdId: String) async throws -> [ShoppingListContents]
    /// Makes a list named `name` (unique in the household regardless of case), grouped for `storeId` when given.
    func createList(householdId: String, name: String, storeId: String?) async throws -> ShoppingListContents
    /// Renames a list.
    func renameList(listId: String, name: String) async throws -> ShoppingListContents
    /// Chooses the store a list is grouped for; nil groups it without one.
    func setStore(listId: String, storeId: String?) async throws -> ShoppingListContents
    /// Deletes a list; its lines move to the default list. Returns the list they moved to.
    func deleteList(listId: String) async throws -> ShoppingListContents
    /// Moves a line to the end of another list of its household.
    func move(lineId: String, toList listId: String) async throws -> ShoppingListItem
    /// The household's stores, by name.
    func stores(householdId: String) async throws -> [GroceryStore]
    /// Adds a store with its sections in walking order (each at most once).
    func createStore(householdId: String, name: String, sectionOrder: [StoreSection]) async throws -> GroceryStore
    /// Renames a store or gives it a new section order (nil keeps each).
    func updateStore(storeId: String, name: String?, sectionOrder: [StoreSection]?) async throws -> GroceryStore
    /// Deletes a store; lists grouped for it lose their store.
    func deleteStore(storeId: String) async throws
}
