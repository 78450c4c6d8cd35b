import Foundation
import Graphiti
import HearthCore
import HearthPantryModel
import HearthPermissions

/// A household's named shopping lists and its stores: lists are made, renamed, given a store and deleted; lines
/// move between them; each list answers its lines grouped by its store's sections. Everyone who may use the
/// household's shopping list may do all of it, as with the lines themselves.
extension PantryResolver {
    func shoppingLists(context: PantryContext, arguments: HouseholdIDArguments) async throws -> [ShoppingListView] {
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "read", PantryPermissions.Subject.shoppingListItem, household)
        _ = try await context.store.defaultShoppingList(of: household.id)
        return try await views(of: try await context.store.shoppingLists(ofHousehold: household.id), context)
    }

    func createShoppingList(context: PantryContext, arguments: CreateShoppingListArguments) async throws
        -> ShoppingListView
    {
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "create", PantryPermissions.Subject.shoppingListItem, household)
        let name = try ShoppingSections.validatedName(arguments.name, "Shopping list name")
        var store: GroceryStore? = nil
        if let id = arguments.storeId { store = try await Self.groceryStore(id, in: household.id, context) }
        let list = HouseholdShoppingList(
            id: PantryStore.newID(), householdId: household.id, name: name, isDefault: false, storeId: store?.id)
        try await context.store.announcing(change(household.id, list.id, context)).insert(list)
        context.changed()
        return try await view(of: list, context)
    }

    func renameShoppingList(context: PantryContext, arguments: RenameShoppingListArguments) async throws
        -> ShoppingListView
    {
        let list = try await Self.ownedList(arguments.id, "update", context)
        let name = try ShoppingSections.validatedName(arguments.name, "Shopping list name")
        let renamed = HouseholdShoppingList(
            id: list.id, householdId: list.householdId, name: name, isDefault: list.isDefault, storeId: list.storeId)
        try await context.store.announcing(change(list.householdId, list.id, context)).update(renamed)
        context.changed()
        return try await view(of: renamed, context)
    }

    func setShoppingListStore(context: PantryContext, arguments: SetShoppingListStoreArguments) async throws
        -> ShoppingListView
    {
        let list = try await Self.ownedList(arguments.id, "update", context)
        var store: GroceryStore? = nil
        if let id = arguments.storeId { store = try await Self.groceryStore(id, in: list.householdId, context) }
        let chosen = HouseholdShoppingList(
            id: list.id, householdId: list.householdId, name: list.name, isDefault: list.isDefault, storeId: store?.id)
        try await context.store.announcing(change(list.householdId, list.id, context)).update(chosen)
        context.changed()
        return try await view(of: chosen, context)
    }

    /// Deletes a list; its lines move to the default list (the oldest other list becomes the default when the
    /// default goes). Answers the list that took the lines. The only list cannot be deleted.
    func deleteShoppingList(context: PantryContext, arguments: IDArguments) async throws -> ShoppingListView {
        let list = try await Self.ownedList(arguments.id, "delete", context)
        let heir = try await context.store.announcing(change(list.householdId, list.id, context)).delete(list)
        context.changed()
        return try await view(of: heir, context)
    }

    /// Moves a line to the end of another list of its household.
    func moveShoppingItem(context: PantryContext, arguments: MoveShoppingItemArguments) async throws
        -> ShoppingListItem
    {
        guard let line = try await context.store.shoppingItem(id: arguments.id) else {
            throw ServiceError.notFound("Shopping list item \(arguments.id)")
        }
        let (household, ability) = try await Self.stored(
            line.householdId, context, notFound: .notFound("Shopping list item \(line.id)"))
        try Self.allowContent(ability, "update", PantryPermissions.Subject.shoppingListItem, household)
        let target = try await Self.list(arguments.listId, in: household, context)
        guard target.id != line.listId else { return line }
        try await context.store.announcing(
            PantryChange(
                .shoppingListChanged, householdID: household.id, shoppingItemID: line.id, shoppingListID: target.id,
                by: try context.signedIn().userID)
        ).move(line, to: target.id)
        context.changed()
        return line.placed(on: target.id)
    }

    func stores(context: PantryContext, arguments: HouseholdIDArguments) async throws -> [GroceryStore] {
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "read", PantryPermissions.Subject.shoppingListItem, household)
        return try await context.store.stores(ofHousehold: household.id)
    }

    func createStore(context: PantryContext, arguments: CreateStoreArguments) async throws -> GroceryStore {
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "create", PantryPermissions.Subject.shoppingListItem, household)
        let store = GroceryStore(
            id: PantryStore.newID(), householdId: household.id,
            name: try ShoppingSections.validatedName(arguments.name, "Store name"),
            sectionOrder: try ShoppingSections.validated(arguments.sectionOrder))
        try await context.store.announcing(change(household.id, nil, context)).save(store, isNew: true)
        context.changed()
        return store
    }

    func updateStore(context: PantryContext, arguments: UpdateStoreArguments) async throws -> GroceryStore {
        let store = try await Self.ownedStore(arguments.id, "update", context)
        guard arguments.name != nil || arguments.sectionOrder != nil else {
            throw ServiceError.validationFailed("Give name or sectionOrder to change \(store.name).")
        }
        let updated = GroceryStore(
            id: store.id, householdId: store.householdId,
            name: try arguments.name.map { try ShoppingSections.validatedName($0, "Store name") } ?? store.name,
            sectionOrder: try arguments.sectionOrder.map { try ShoppingSections.validated($0) } ?? store.sectionOrder)
        try await context.store.announcing(change(store.householdId, nil, context)).save(updated, isNew: false)
        context.changed()
        return updated
    }

    /// Deletes a store; lists that chose it keep their lines and lose the store.
    func deleteStore(context: PantryContext, arguments: IDArguments) async throws -> Bool {
        let store = try await Self.ownedStore(arguments.id, "delete", context)
        try await context.store.announcing(change(store.householdId, nil, context)).delete(store)
        context.changed()
        return true
    }

    // MARK: Finding lists

    /// List `listId` of `household`, or its default list when nil: `NOT_FOUND` for a list of another household.
    static func list(_ listId: String?, in household: Household, _ context: PantryContext) async throws
        -> HouseholdShoppingList
    {
        guard let listId else { return try await context.store.defaultShoppingList(of: household.id) }
        guard let list = try await context.store.shoppingList(id: listId), list.householdId == household.id else {
            throw ServiceError.notFound("Shopping list \(listId)")
        }
        return list
    }

    /// The list `line` is on (the default list for a line stored before there were lists).
    static func list(of line: ShoppingListItem, in household: Household, _ context: PantryContext) async throws
        -> HouseholdShoppingList
    {
        if let id = line.listId, let list = try await context.store.shoppingList(id: id) { return list }
        return try await context.store.defaultShoppingList(of: household.id)
    }

    /// The lines on `list`, in the order they were added.
    func lines(of list: HouseholdShoppingList, _ context: PantryContext) async throws -> [ShoppingListItem] {
        if list.isDefault {
            return try await context.store.shoppingLists(ofHouseholds: [list.householdId])[list.householdId] ?? []
        }
        return try await context.store.shoppingLines(onLists: [list.id])[list.id] ?? []
    }

    /// List `id`, when the caller may `action` its household's shopping lists; `NOT_FOUND` otherwise too for a
    /// household they are not in.
    private static func ownedList(_ id: String, _ action: String, _ context: PantryContext) async throws
        -> HouseholdShoppingList
    {
        guard let list = try await context.store.shoppingList(id: id) else {
            throw ServiceError.notFound("Shopping list \(id)")
        }
        let (household, ability) = try await stored(
            list.householdId, context, notFound: .notFound("Shopping list \(id)"))
        try allowContent(ability, action, PantryPermissions.Subject.shoppingListItem, household)
        return list
    }

    private static func ownedStore(_ id: String, _ action: String, _ context: PantryContext) async throws
        -> GroceryStore
    {
        guard let store = try await context.store.groceryStore(id: id) else {
            throw ServiceError.notFound("Store \(id)")
        }
        let (household, ability) = try await stored(store.householdId, context, notFound: .notFound("Store \(id)"))
        try allowContent(ability, action, PantryPermissions.Subject.shoppingListItem, household)
        return store
    }

    /// Store `id` of household `householdID`; `NOT_FOUND` for a store of another household.
    private static func groceryStore(_ id: String, in householdID: String, _ context: PantryContext) async throws
        -> GroceryStore
    {
        guard let store = try await context.store.groceryStore(id: id), store.householdId == householdID else {
            throw ServiceError.notFound("Store \(id)")
        }
        return store
    }

    // MARK: Answers

    private func view(of list: HouseholdShoppingList, _ context: PantryContext) async throws -> ShoppingListView {
        try await views(of: [list], context)[0]
    }

    /// The lists with their lines, grouped by each list's store (the stock tells a line's section by its food).
    private func views(of lists: [HouseholdShoppingList], _ context: PantryContext) async throws
        -> [ShoppingListView]
    {
        guard let householdID = lists.first?.householdId else { return [] }
        let stock = try await context.store.items(inHouseholds: [householdID])[householdID] ?? []
        let stores = Dictionary(
            try await context.store.stores(ofHousehold: householdID).map { ($0.id, $0) },
            uniquingKeysWith: { a, _ in a })
        var views: [ShoppingListView] = []
        for list in lists {
            let lines = try await lines(of: list, context)
            let store = list.storeId.flatMap { stores[$0] }
            views.append(
                ShoppingListView(
                    list: list, store: store, lines: lines,
                    sections: ShoppingSections.group(lines, stock: stock, order: store?.sectionOrder ?? [])))
        }
        return views
    }

    private func change(_ householdID: String, _ listID: String?, _ context: PantryContext) throws -> PantryChange {
        PantryChange(
            .shoppingListChanged, householdID: householdID, shoppingListID: listID, by: try context.signedIn().userID)
    }
}
