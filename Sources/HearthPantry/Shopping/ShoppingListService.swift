import Foundation
public import HearthCore
public import HearthPantryModel

/// A household's shopping list: what to buy, filled by hand, from recipes and from stock running low or going
/// off, and checked off into stock.
public protocol ShoppingListServicing: ServiceHealth {
    /// The household's list, in the order lines were added.
    func list(householdId: String) async throws -> [ShoppingListItem]
    /// Puts `quantity` `unit` of `name` on the list; merged into an unchecked line of the same food whose unit
    /// converts. Returns the line it is on.
    func add(householdId: String, name: String, quantity: Double, unit: String?, note: String?) async throws
        -> ShoppingListItem
    /// Changes a line's amount, unit or note (nil keeps each; an empty note removes it). Returns the line.
    func update(lineId: String, quantity: Double?, unit: String?, note: String?) async throws -> ShoppingListItem
    /// Takes a line off the list.
    func delete(lineId: String) async throws
    /// Puts what a recipe still needs after the stock on the list; returns the list.
    func addMissingIngredients(recipeId: String, servings: Int?) async throws -> [ShoppingListItem]
    /// Tops the list up with items going off within `withinDays` days (5 when nil) or below their minimum;
    /// returns the list.
    func addExpiringAndBelowMinimum(householdId: String, withinDays: Int?) async throws -> [ShoppingListItem]
    /// Checks a line off: its purchase is booked into the household's item of that food (made when there is
    /// none) at `location`, or the item's own location.
    func checkOff(lineId: String, location: String?, bestBefore: CalendarDay?) async throws -> CheckedOffLine
    /// Removes the checked lines; returns how many went.
    func clearChecked(householdId: String) async throws -> Int
}

/// The shopping list over the pantry server's GraphQL. Strings are trimmed and amounts checked before anything
/// is sent, with messages that name the value; the list itself is never cached, since every member of the
/// household changes it.
public actor ShoppingListService: ShoppingListServicing {
    public nonisolated let serviceName = "ShoppingListService"
    private let graphQL: any GraphQLServing

    /// A service over `graphQL`.
    public init(graphQL: any GraphQLServing) {
        self.graphQL = graphQL
    }

    public func list(householdId: String) async throws -> [ShoppingListItem] {
        let id = try ServiceInput.required(householdId, "Household id")
        return try await graphQL.perform(ShoppingListQuery(householdId: id))
    }

    public func add(householdId: String, name: String, quantity: Double, unit: String?, note: String?) async throws
        -> ShoppingListItem
    {
        let id = try ServiceInput.required(householdId, "Household id")
        let name = try ServiceInput.required(name, "Shopping list item name")
        let quantity = try ServiceInput.quantity(quantity)
        return try await graphQL.perform(
            AddShoppingItemMutation(
                householdId: id, name: name, quantity: quantity, unit: ServiceInput.trimmed(unit),
                note: ServiceInput.trimmed(note)))
    }

    public func update(lineId: String, quantity: Double?, unit: String?, note: String?) async throws -> ShoppingListItem
    {
        let id = try ServiceInput.required(lineId, "Shopping list item id")
        guard quantity != nil || unit != nil || note != nil else {
            throw ServiceError.validationFailed("Give a quantity, unit or note to change.")
        }
        let quantity = try quantity.map { try ServiceInput.quantity($0) }
        let note = note.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return try await graphQL.perform(
            UpdateShoppingItemMutation(
                id: id, quantity: quantity, unit: unit.map { $0.trimmingCharacters(in: .whitespaces) }, note: note))
    }

    public func delete(lineId: String) async throws {
        let id = try ServiceInput.required(lineId, "Shopping list item id")
        _ = try await graphQL.perform(DeleteShoppingItemMutation(id: id))
    }

    public func addMissingIngredients(recipeId: String, servings: Int?) async throws -> [ShoppingListItem] {
        let id = try ServiceInput.required(recipeId, "Recipe id")
        return try await graphQL.perform(
            AddMissingIngredientsMutation(recipeId: id, servings: try ServiceInput.servings(servings)))
    }

    public func addExpiringAndBelowMinimum(householdId: String, withinDays: Int?) async throws -> [ShoppingListItem] {
        let id = try ServiceInput.required(householdId, "Household id")
        if let withinDays, withinDays < 0 {
            throw ServiceError.validationFailed("withinDays must be 0 or more; it is \(withinDays).")
        }
        return try await graphQL.perform(AddExpiringAndBelowMinimumMutation(householdId: id, withinDays: withinDays))
    }

    public func checkOff(lineId: String, location: String?, bestBefore: CalendarDay?) async throws -> CheckedOffLine {
        let id = try ServiceInput.required(lineId, "Shopping list item id")
        return try await graphQL.perform(
            CheckShoppingItemMutation(id: id, location: ServiceInput.trimmed(location), bestBefore: bestBefore))
    }

    public func clearChecked(householdId: String) async throws -> Int {
        let id = try ServiceInput.required(householdId, "Household id")
        return try await graphQL.perform(ClearCheckedShoppingItemsMutation(householdId: id))
    }

    public func checkHealth() async -> HealthStatus {
        await ServiceInput.health { [graphQL] in _ = try await graphQL.perform(HouseholdsQuery()) }
    }
}
