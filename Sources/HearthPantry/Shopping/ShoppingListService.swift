import Foundation
public import HearthCore
public import HearthPantryModel

/// A household's shopping list: what to buy, filled by hand, from recipes and from stock running low or going
/// off, and checked off into stock.
///
/// A household has one or more named lists (see ``ShoppingListsServicing``); calls that name no list (`listId`
/// nil) mean its default list.
public protocol ShoppingListServicing: ShoppingListsServicing {
    /// The lines of list `listId` of the household (nil: its default list), in the order they were added.
    func list(householdId: String, listId: String?) async throws -> [ShoppingListItem]
    /// Puts `quantity` `unit` of `name` on list `listId` (nil: the default list), in `section` when given; merged
    /// into an unchecked line of the same food whose unit converts. Returns the line it is on.
    func add(
        householdId: String, name: String, quantity: Double, unit: String?, note: String?, listId: String?,
        section: StoreSection?
    ) async throws -> ShoppingListItem
    /// Changes a line's amount, unit, note or section (nil keeps each; an empty note removes it). Returns the line.
    func update(lineId: String, quantity: Double?, unit: String?, note: String?, section: StoreSection?) async throws
        -> ShoppingListItem
    /// Takes a line off the list.
    func delete(lineId: String) async throws
    /// Puts what a recipe still needs after the stock on list `listId` (nil: the default list); returns the list.
    func addMissingIngredients(recipeId: String, servings: Int?, listId: String?) async throws -> [ShoppingListItem]
    /// Tops list `listId` (nil: the default list) up with items going off within `withinDays` days (5 when nil)
    /// or below their minimum; returns the list.
    func addExpiringAndBelowMinimum(householdId: String, withinDays: Int?, listId: String?) async throws
        -> [ShoppingListItem]
    /// Checks a line off: its purchase is booked into the household's item of that food (made when there is
    /// none) at `location`, or the item's own location.
    func checkOff(lineId: String, location: String?, bestBefore: CalendarDay?) async throws -> CheckedOffLine
    /// Removes the checked lines of list `listId` (nil: the default list); returns how many went.
    func clearChecked(householdId: String, listId: String?) async throws -> Int
}

extension ShoppingListServicing {
    /// The household's default list, in the order lines were added.
    public func list(householdId: String) async throws -> [ShoppingListItem] {
        try await list(householdId: householdId, listId: nil)
    }
    /// Puts `quantity` `unit` of `name` on the default list; see ``add(householdId:name:quantity:unit:note:listId:section:)``.
    public func add(householdId: String, name: String, quantity: Double, unit: String?, note: String?) async throws
        -> ShoppingListItem
    {
        try await add(
            householdId: householdId, name: name, quantity: quantity, unit: unit, note: note, listId: nil, section: nil)
    }
    /// Changes a line's amount, unit or note (nil keeps each; an empty note removes it). Returns the line.
    public func update(lineId: String, quantity: Double?, unit: String?, note: String?) async throws
        -> ShoppingListItem
    {
        try await update(lineId: lineId, quantity: quantity, unit: unit, note: note, section: nil)
    }
    /// Puts what a recipe still needs after the stock on the default list; returns the list.
    public func addMissingIngredients(recipeId: String, servings: Int?) async throws -> [ShoppingListItem] {
        try await addMissingIngredients(recipeId: recipeId, servings: servings, listId: nil)
    }
    /// Tops the default list up with items going off or below their minimum; returns the list.
    public func addExpiringAndBelowMinimum(householdId: String, withinDays: Int?) async throws -> [ShoppingListItem] {
        try await addExpiringAndBelowMinimum(householdId: householdId, withinDays: withinDays, listId: nil)
    }
    /// Removes the checked lines of the default list; returns how many went.
    public func clearChecked(householdId: String) async throws -> Int {
        try await clearChecked(householdId: householdId, listId: nil)
    }
}

/// The shopping list over the pantry server's GraphQL. Strings are trimmed and amounts checked before anything
/// is sent, with messages that name the value; the list itself is never cached, since every member of the
/// household changes it.
public actor ShoppingListService: ShoppingListServicing {
    public nonisolated let serviceName = "ShoppingListService"
    let graphQL: any GraphQLServing

    /// A service over `graphQL`.
    public init(graphQL: any GraphQLServing) {
        self.graphQL = graphQL
    }

    public func list(householdId: String, listId: String?) async throws -> [ShoppingListItem] {
        let id = try ServiceInput.required(householdId, "Household id")
        return try await graphQL.perform(ShoppingListQuery(householdId: id, listId: ServiceInput.trimmed(listId)))
    }

    public func add(
        householdId: String, name: String, quantity: Double, unit: String?, note: String?, listId: String?,
        section: StoreSection?
    ) async throws -> ShoppingListItem {
        let id = try ServiceInput.required(householdId, "Household id")
        let name = try ServiceInput.required(name, "Shopping list item name")
        let quantity = try ServiceInput.quantity(quantity)
        return try await graphQL.perform(
            AddShoppingItemMutation(
                householdId: id, name: name, quantity: quantity, unit: ServiceInput.trimmed(unit),
                note: ServiceInput.trimmed(note), listId: ServiceInput.trimmed(listId), section: section))
    }

    public func update(lineId: String, quantity: Double?, unit: String?, note: String?, section: StoreSection?)
        async throws -> ShoppingListItem
    {
        let id = try ServiceInput.required(lineId, "Shopping list item id")
        guard quantity != nil || unit != nil || note != nil || section != nil else {
            throw ServiceError.validationFailed("Give a quantity, unit, note or section to change.")
        }
        let quantity = try quantity.map { try ServiceInput.quantity($0) }
        let note = note.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return try await graphQL.perform(
            UpdateShoppingItemMutation(
                id: id, quantity: quantity, unit: unit.map { $0.trimmingCharacters(in: .whitespaces) }, note: note,
                section: section))
    }

    public func delete(lineId: String) async throws {
        let id = try ServiceInput.required(lineId, "Shopping list item id")
        _ = try await graphQL.perform(DeleteShoppingItemMutation(id: id))
    }

    public func addMissingIngredients(recipeId: String, servings: Int?, listId: String?) async throws
        -> [ShoppingListItem]
    {
        let id = try ServiceInput.required(recipeId, "Recipe id")
        return try await graphQL.perform(
            AddMissingIngredientsMutation(
                recipeId: id, servings: try ServiceInput.servings(servings), listId: ServiceInput.trimmed(listId)))
    }

    public func addExpiringAndBelowMinimum(householdId: String, withinDays: Int?, listId: String?) async throws
        -> [ShoppingListItem]
    {
        let id = try ServiceInput.required(householdId, "Household id")
        if let withinDays, withinDays < 0 {
            throw ServiceError.validationFailed("withinDays must be 0 or more; it is \(withinDays).")
        }
        return try await graphQL.perform(
            AddExpiringAndBelowMinimumMutation(
                householdId: id, withinDays: withinDays, listId: ServiceInput.trimmed(listId)))
    }

    public func checkOff(lineId: String, location: String?, bestBefore: CalendarDay?) async throws -> CheckedOffLine {
        let id = try ServiceInput.required(lineId, "Shopping list item id")
        return try await graphQL.perform(
            CheckShoppingItemMutation(id: id, location: ServiceInput.trimmed(location), bestBefore: bestBefore))
    }

    public func clearChecked(householdId: String, listId: String?) async throws -> Int {
        let id = try ServiceInput.required(householdId, "Household id")
        return try await graphQL.perform(
            ClearCheckedShoppingItemsMutation(householdId: id, listId: ServiceInput.trimmed(listId)))
    }

    public func checkHealth() async -> HealthStatus {
        await ServiceInput.health { [graphQL] in _ = try await graphQL.perform(HouseholdsQuery()) }
    }
}
