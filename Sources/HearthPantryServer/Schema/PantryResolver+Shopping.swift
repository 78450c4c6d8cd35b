import Foundation
import Graphiti
import HearthCore
import HearthPantryModel
import HearthPermissions

/// The household's shopping list: filled from recipes and from stock running low or going off, and checked off
/// into stock as purchases booked through the ledger.
extension PantryResolver {
    func shoppingList(context: PantryContext, arguments: ShoppingListArguments) async throws -> [ShoppingListItem] {
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "read", PantryPermissions.Subject.shoppingListItem, household)
        guard let listId = arguments.listId else {
            return try await context.loaders.shoppingLists.load(household.id) ?? []
        }
        return try await lines(of: try await Self.list(listId, in: household, context), context)
    }

    func addMissingIngredients(context: PantryContext, arguments: AddMissingArguments) async throws
        -> [ShoppingListItem]
    {
        guard let recipe = try await context.store.recipe(id: arguments.recipeId) else {
            throw ServiceError.notFound("Recipe \(arguments.recipeId)")
        }
        let (household, ability) = try await Self.stored(
            recipe.householdId, context, notFound: .notFound("Recipe \(recipe.id)"))
        try Self.allowContent(ability, "update", PantryPermissions.Subject.shoppingListItem, household)
        if let servings = arguments.servings, servings < 1 {
            throw ServiceError.validationFailed("servings must be at least 1; it is \(servings).")
        }
        let target = try await Self.list(arguments.listId, in: household, context)
        let (list, items) = try await listAndStock(target, context)
        let updated = ShoppingList.addMissing(
            of: recipe, stock: items, servings: arguments.servings, today: context.today, to: list,
            makeId: PantryStore.newID)
        return try await save(
            updated, replacing: list, context,
            PantryChange(
                .shoppingListChanged, householdID: household.id, recipeID: recipe.id, shoppingListID: target.id,
                by: try context.signedIn().userID), on: target)
    }

    func addExpiringAndBelowMinimum(context: PantryContext, arguments: RestockArguments) async throws
        -> [ShoppingListItem]
    {
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "update", PantryPermissions.Subject.shoppingListItem, household)
        let days = arguments.withinDays ?? ExpiryStatus.defaultDueSoonDays
        guard days >= 0 else { throw ServiceError.validationFailed("withinDays must be 0 or more; it is \(days).") }
        let target = try await Self.list(arguments.listId, in: household, context)
        let (list, items) = try await listAndStock(target, context)
        let updated = ShoppingList.addRestock(
            from: items, on: context.today, dueSoonDays: days, to: list, makeId: PantryStore.newID)
        return try await save(
            updated, replacing: list, context,
            PantryChange(
                .shoppingListChanged, householdID: household.id, shoppingListID: target.id,
                by: try context.signedIn().userID), on: target)
    }

    /// Checks a line off: ShoppingCheckOff books its purchase into the household's item of the same food (a new
    /// item when there is none), at `location` or the item's own.
    func checkShoppingItem(context: PantryContext, arguments: CheckShoppingItemArguments) async throws
        -> ShoppingCheckOffResult
    {
        let viewer = try context.signedIn()
        guard let line = try await context.store.shoppingItem(id: arguments.id) else {
            throw ServiceError.notFound("Shopping list item \(arguments.id)")
        }
        let (household, ability) = try await Self.stored(
            line.householdId, context, notFound: .notFound("Shopping list item \(line.id)"))
        try Self.allowContent(ability, "update", PantryPermissions.Subject.shoppingListItem, household)
        let bestBefore = try Self.day(arguments.bestBefore, "bestBefore")
        let (list, items) = try await listAndStock(try await Self.list(of: line, in: household, context), context)
        let locations = try await context.store.locations(ofHousehold: household.id)
        let location = arguments.location.map { Self.spelled($0, locations) }
        let now = context.now
        let existing = ShoppingList.stockItem(for: line, in: items)
        let stockItem =
            existing
            ?? PantryItem(
                id: PantryStore.newID(), householdId: household.id, name: line.name, quantity: 0, unit: line.unit,
                location: location, addedBy: viewer.userID, createdAt: now, updatedAt: now)
        let history =
            existing == nil ? [] : try await context.store.bookings(ofItems: [stockItem.id])[stockItem.id] ?? []
        let last = max(stockItem.updatedAt, history.last?.createdAt ?? .distantPast)
        var at = now > last.addingTimeInterval(0.0005) ? now : last.addingTimeInterval(0.001)
        let opening = existing.flatMap { Self.openingBalance(of: $0, history, locations, by: viewer.userID, at: at) }
        if opening != nil { at = at.addingTimeInterval(0.001) }
        let checkOff = try ShoppingList.checkOff(
            line.id, in: list, into: stockItem, location: location, bestBefore: bestBefore,
            bookingId: PantryStore.newID(), at: at, by: viewer.userID)
        let books = history + (opening.map { [$0] } ?? [])
        let initial = StockState(itemId: stockItem.id, unit: stockItem.unit)
        let state = try StockLedger.apply(
            checkOff.booking, to: try StockLedger.replay(books, onto: initial, locations: locations),
            locations: locations)
        let stocked = stockItem.updated(from: state, at: at)
        try await context.store.announcing(
            PantryChange(
                .shoppingItemChecked, householdID: household.id, itemID: stocked.id, shoppingItemID: line.id,
                shoppingListID: line.listId, bookingID: checkOff.booking.id, by: viewer.userID)
        )
        .checkOff(line, purchase: (opening.map { [$0] } ?? []) + [checkOff.booking], item: stocked, replacing: existing)
        context.changed()
        return ShoppingCheckOffResult(line: checkOff.item, item: stocked, booking: checkOff.booking)
    }

    /// Puts `quantity` `unit` of `name` on the list, merged into an unchecked line of the same food whose unit
    /// converts; returns the line it is on.
    func addShoppingItem(context: PantryContext, arguments: AddShoppingItemArguments) async throws -> ShoppingListItem {
        let viewer = try context.signedIn()
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "create", PantryPermissions.Subject.shoppingListItem, household)
        var problems: [String] = []
        if Validation.trimmed(arguments.name).isEmpty { problems.append("name cannot be empty") }
        if !(arguments.quantity.isFinite && arguments.quantity > 0) {
            problems.append("quantity must be greater than 0, not \(Self.number(arguments.quantity))")
        }
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        let target = try await Self.list(arguments.listId, in: household, context)
        let list = try await lines(of: target, context)
        var updated = try ShoppingList.add(
            arguments.name, quantity: arguments.quantity, unit: arguments.unit ?? "", note: arguments.note, to: list,
            householdId: household.id,
            makeId: PantryStore.newID)
        let before = Set(list)
        // Merged into a line that holds so much more that the sum rounds back to it, the amount changes nothing.
        guard var line = updated.first(where: { !before.contains($0) }) else {
            throw ServiceError.validationFailed(
                "\(Self.number(arguments.quantity)) is too small beside the \(arguments.name) already on the list to change it; change that line's quantity instead."
            )
        }
        line = line.placed(on: target.id, section: arguments.section)
        if let index = updated.firstIndex(where: { $0.id == line.id }) { updated[index] = line }
        _ = try await save(
            updated, replacing: list, context,
            PantryChange(
                .shoppingListChanged, householdID: household.id, shoppingItemID: line.id, shoppingListID: target.id,
                by: viewer.userID), on: target)
        return line
    }

    /// Changes a line's amount, unit or note; an unchecked line of the same food in a unit that converts is folded
    /// into it. Returns the line.
    func updateShoppingItem(context: PantryContext, arguments: UpdateShoppingItemArguments) async throws
        -> ShoppingListItem
    {
        let (line, list) = try await line(arguments.id, "update", context)
        guard arguments.quantity != nil || arguments.unit != nil || arguments.note != nil || arguments.section != nil
        else {
            throw ServiceError.validationFailed("Give quantity, unit, note or section to change \(line.name).")
        }
        var updated =
            arguments.quantity != nil || arguments.unit != nil || arguments.note != nil
            ? try ShoppingList.update(
                line.id, quantity: arguments.quantity, unit: arguments.unit, note: arguments.note, in: list) : list
        if let section = arguments.section, let index = updated.firstIndex(where: { $0.id == line.id }) {
            updated[index] = updated[index].placed(on: updated[index].listId, section: section)
        }
        _ = try await save(
            updated, replacing: list, context,
            PantryChange(
                .shoppingListChanged, householdID: line.householdId, shoppingItemID: line.id,
                shoppingListID: line.listId, by: try context.signedIn().userID))
        guard let edited = updated.first(where: { $0.id == line.id }) else {
            throw ServiceError.notFound("Shopping list item \(line.id)")
        }
        return edited
    }

    /// Takes a line off the list.
    func deleteShoppingItem(context: PantryContext, arguments: IDArguments) async throws -> Bool {
        let (line, list) = try await line(arguments.id, "delete", context)
        let change = PantryChange(
            .shoppingListChanged, householdID: line.householdId, shoppingItemID: line.id,
            shoppingListID: line.listId, by: try context.signedIn().userID)
        _ = try await save(try ShoppingList.remove(line.id, from: list), replacing: list, context, change)
        return true
    }

    /// Removes every checked line; returns how many went.
    func clearCheckedShoppingItems(context: PantryContext, arguments: ShoppingListArguments) async throws -> Int {
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "delete", PantryPermissions.Subject.shoppingListItem, household)
        let target = try await Self.list(arguments.listId, in: household, context)
        let list = try await lines(of: target, context)
        let kept = ShoppingList.clearChecked(list)
        guard kept.count < list.count else { return 0 }
        let change = PantryChange(
            .shoppingListChanged, householdID: household.id, shoppingListID: target.id,
            by: try context.signedIn().userID)
        _ = try await save(kept, replacing: list, context, change, on: target)
        return list.count - kept.count
    }

    /// The line with this id and its household's list: `NOT_FOUND` without such a line, `FORBIDDEN` unless the
    /// caller may `action` the household's shopping list.
    private func line(_ id: String, _ action: String, _ context: PantryContext) async throws -> (
        ShoppingListItem, [ShoppingListItem]
    ) {
        guard let line = try await context.store.shoppingItem(id: id) else {
            throw ServiceError.notFound("Shopping list item \(id)")
        }
        let (household, ability) = try await Self.stored(
            line.householdId, context, notFound: .notFound("Shopping list item \(line.id)"))
        try Self.allowContent(ability, action, PantryPermissions.Subject.shoppingListItem, household)
        return (line, try await lines(of: try await Self.list(of: line, in: household, context), context))
    }

    /// A number as a message shows it.
    static func number(_ value: Double) -> String {
        value.isFinite ? Units.formatNumber(value, maximumFractionDigits: 6) : String(value)
    }

    private func listAndStock(_ target: HouseholdShoppingList, _ context: PantryContext) async throws -> (
        [ShoppingListItem], [PantryItem]
    ) {
        let list = try await lines(of: target, context)
        let items = try await context.store.items(inHouseholds: [target.householdId])[target.householdId] ?? []
        return (list, items)
    }

    private func save(
        _ list: [ShoppingListItem], replacing old: [ShoppingListItem], _ context: PantryContext, _ change: PantryChange,
        on target: HouseholdShoppingList? = nil
    ) async throws -> [ShoppingListItem] {
        try await context.store.announcing(change).save(list: list, replacing: old, at: context.now, listId: target?.id)
        context.changed()
        return list
    }
}

/// What checking a shopping list line off gives: the checked line, the stock item it went into, and the purchase.
struct ShoppingCheckOffResult: Sendable {
    let line: ShoppingListItem
    let item: PantryItem
    let booking: StockBooking
}
