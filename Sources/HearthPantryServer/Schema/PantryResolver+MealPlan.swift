import Foundation
import Graphiti
import HearthCore
import HearthPantryModel
import HearthPermissions

/// The household's meal plan: recipes planned by day and meal, the shopping they need, and recipes cooked from
/// stock (undone as one step).
///
/// Planning follows the recipe rules: whoever may read the household's recipes reads the plan, whoever may change
/// them plans. Filling the list needs the right to change the shopping list, cooking the right to change items.
extension PantryResolver {
    func mealPlan(context: PantryContext, arguments: MealPlanArguments) async throws -> [MealPlanEntry] {
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "read", PantryPermissions.Subject.recipe, household)
        let days = try MealPlanRules.range(from: arguments.from, to: arguments.to)
        return try await context.store.mealPlan(of: household.id, days: days)
    }

    func addMealPlanEntry(context: PantryContext, arguments: AddMealPlanEntryArguments) async throws -> MealPlanEntry {
        let viewer = try context.signedIn()
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "update", PantryPermissions.Subject.recipe, household)
        let day = try MealPlanRules.day(arguments.day, "day")
        let recipe = try await Self.recipe(arguments.recipeId, of: household, context)
        let now = context.now
        let entry = MealPlanEntry(
            id: PantryStore.newID(), householdId: household.id, day: day, meal: arguments.meal, recipeId: recipe.id,
            servings: try MealPlanRules.servings(arguments.servings, recipe: recipe),
            note: try MealPlanRules.note(arguments.note), createdBy: viewer.userID, createdAt: now, updatedAt: now)
        try await context.store.announcing(
            PantryChange(.mealPlanChanged, householdID: household.id, recipeID: recipe.id, by: viewer.userID)
        ).insert(entry)
        context.changed()
        return entry
    }

    /// Changes an entry; fields left out (null) stay as they are, and an empty note removes the note. Moving it to
    /// another recipe without servings gives it that recipe's own.
    func updateMealPlanEntry(context: PantryContext, arguments: UpdateMealPlanEntryArguments) async throws
        -> MealPlanEntry
    {
        let viewer = try context.signedIn()
        let (entry, household) = try await Self.entry(arguments.id, "update", context)
        let recipe = try await Self.recipe(arguments.recipeId ?? entry.recipeId, of: household, context)
        let servings =
            arguments.servings != nil || arguments.recipeId == nil
            ? try MealPlanRules.servings(arguments.servings ?? entry.servings)
            : try MealPlanRules.servings(nil, recipe: recipe)
        let last = entry.updatedAt.addingTimeInterval(0.0005)
        let updated = MealPlanEntry(
            id: entry.id, householdId: entry.householdId,
            day: try arguments.day.map { try MealPlanRules.day($0, "day") } ?? entry.day,
            meal: arguments.meal ?? entry.meal, recipeId: recipe.id, servings: servings,
            note: try arguments.note.map { try MealPlanRules.note($0) } ?? entry.note, createdBy: entry.createdBy,
            createdAt: entry.createdAt,
            updatedAt: context.now > last ? context.now : entry.updatedAt.addingTimeInterval(0.001))
        try await context.store.announcing(
            PantryChange(.mealPlanChanged, householdID: household.id, recipeID: recipe.id, by: viewer.userID)
        ).update(updated, replacing: entry)
        context.changed()
        return updated
    }

    func removeMealPlanEntry(context: PantryContext, arguments: IDArguments) async throws -> Bool {
        let viewer = try context.signedIn()
        let (entry, household) = try await Self.entry(arguments.id, "update", context)
        let removed = try await context.store.announcing(
            PantryChange(.mealPlanChanged, householdID: household.id, recipeID: entry.recipeId, by: viewer.userID)
        ).deleteMealPlanEntry(id: entry.id)
        guard removed else { throw ServiceError.notFound("Meal plan entry \(entry.id)") }
        context.changed()
        return true
    }

    /// Puts on the shopping list what the meals planned from `from` to `to` still need after the stock and what
    /// is already on the list (``MealPlanShopping``); returns what was added, each with the line it is on.
    func addMissingIngredientsToShoppingList(context: PantryContext, arguments: MealPlanArguments) async throws
        -> [ShoppingNeed]
    {
        let viewer = try context.signedIn()
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "update", PantryPermissions.Subject.shoppingListItem, household)
        try Self.allowContent(ability, "read", PantryPermissions.Subject.recipe, household)
        let days = try MealPlanRules.range(from: arguments.from, to: arguments.to)
        let entries = try await context.store.mealPlan(of: household.id, days: days)
        guard !entries.isEmpty else { return [] }
        let recipes = try await context.store.recipes(inHouseholds: [household.id])[household.id] ?? []
        let items = try await context.store.items(inHouseholds: [household.id])[household.id] ?? []
        return try await Self.addToShoppingList(
            household.id, context,
            change: PantryChange(.shoppingListChanged, householdID: household.id, by: viewer.userID)
        ) { list in
            MealPlanShopping.needs(for: entries, recipes: recipes, stock: items, list: list, today: context.today)
        }
    }

    /// Where the meal plan meets the shopping list: reads the household's list, asks `needs` what to add to it,
    /// merges each need into its line (converted into that line's unit) or adds it as a new line, and stores the
    /// list in one write. Returns the needs, each with the id of the line it is on.
    static func addToShoppingList(
        _ householdID: String, _ context: PantryContext, change: PantryChange,
        needs: ([ShoppingListItem]) -> [ShoppingNeed]
    ) async throws -> [ShoppingNeed] {
        let list = try await context.store.shoppingLists(ofHouseholds: [householdID])[householdID] ?? []
        var updated = list
        var added: [ShoppingNeed] = []
        for need in needs(list) {
            if let lineID = need.lineId, let line = updated.first(where: { $0.id == lineID }) {
                updated = try ShoppingList.update(
                    lineID, quantity: line.quantity + need.quantity, note: line.note == nil ? need.note : nil,
                    in: updated)
                added.append(need)
                continue
            }
            let before = Set(updated.map(\.id))
            updated = try ShoppingList.add(
                need.name, quantity: need.quantity, unit: need.unit, note: need.note, to: updated,
                householdId: householdID, makeId: PantryStore.newID)
            let line =
                updated.first { !before.contains($0.id) }
                ?? updated.first { !$0.checked && FoodName.matches($0.name, need.name) }
            added.append(
                ShoppingNeed(
                    name: need.name, quantity: need.quantity, unit: need.unit, note: need.note, lineId: line?.id))
        }
        guard !added.isEmpty else { return [] }
        try await context.store.announcing(change).save(list: updated, replacing: list, at: context.now)
        context.changed()
        return added
    }

    /// Books what cooking the recipe for `servings` (the recipe's own when left out, or the meal plan entry's)
    /// takes from stock: one consumption per item drawn on, never more than it holds, all in one write. What the
    /// stock could not give comes back as shortfalls; `undoCooking` takes every booking back in one step.
    func cookRecipe(context: PantryContext, arguments: CookRecipeArguments) async throws -> Cooking {
        let viewer = try context.signedIn()
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "update", PantryPermissions.Subject.pantryItem, household)
        let recipe = try await Self.recipe(arguments.recipeId, of: household, context)
        var servingsAsked = arguments.servings
        if let entryID = arguments.mealPlanEntryId {
            let (entry, _) = try await Self.entry(entryID, "read", context)
            guard entry.householdId == household.id, entry.recipeId == recipe.id else {
                throw ServiceError.validationFailed(
                    "Meal plan entry \(entryID) is not for \(recipe.name) in this household; give the entry's own recipe."
                )
            }
            servingsAsked = servingsAsked ?? entry.servings
        }
        let servings = try MealPlanRules.servings(servingsAsked, recipe: recipe)
        let items = try await context.store.items(inHouseholds: [household.id])[household.id] ?? []
        let plan = RecipeCooking.plan(recipe, servings: servings, stock: items)
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let histories = try await context.store.bookings(ofItems: plan.draws.map(\.itemId))
        let locations = try await context.store.locations(ofHousehold: household.id)
        var bookings: [StockBooking] = []
        var bookingIDs: [String] = []
        var changed: [(new: PantryItem, old: PantryItem)] = []
        for draw in plan.draws {
            guard let item = byID[draw.itemId] else { continue }
            let history = histories[item.id] ?? []
            var at = Self.bookingTime(context.now, after: item, history)
            let opening = Self.openingBalance(of: item, history, locations, by: viewer.userID, at: at)
            if opening != nil { at = at.addingTimeInterval(0.001) }
            let booking = StockBooking(
                id: PantryStore.newID(), itemId: item.id, householdId: household.id, kind: .consume(spoiled: false),
                quantity: draw.quantity, createdAt: at, createdBy: viewer.userID)
            let books = history + (opening.map { [$0] } ?? [])
            let current = try StockLedger.replay(
                books, onto: StockState(itemId: item.id, unit: item.unit), locations: locations)
            let state = try StockLedger.apply(booking, to: current, locations: locations)
            bookings += (opening.map { [$0] } ?? []) + [booking]
            bookingIDs.append(booking.id)
            changed.append((item.updated(from: state, at: at), item))
        }
        let cooking = Cooking(
            id: PantryStore.newID(), householdId: household.id, recipeId: recipe.id, servings: servings,
            mealPlanEntryId: arguments.mealPlanEntryId, consumed: plan.draws, bookingIds: bookingIDs,
            shortfalls: plan.shortfalls, createdBy: viewer.userID, createdAt: context.now)
        try await context.store.announcing(
            PantryChange(.recipeCooked, householdID: household.id, recipeID: recipe.id, by: viewer.userID)
        ).cook(cooking, bookings: bookings, items: changed)
        context.changed()
        return cooking
    }

    /// Takes back every consumption a cooking booked, through the stock ledger's undo, in one write: the stock is
    /// as it was before, unless later bookings depend on it (then nothing is written and the error says which).
    func undoCooking(context: PantryContext, arguments: IDArguments) async throws -> Cooking {
        let viewer = try context.signedIn()
        guard let cooking = try await context.store.cooking(id: arguments.id) else {
            throw ServiceError.notFound("Cooking \(arguments.id)")
        }
        let (household, ability) = try await Self.stored(
            cooking.householdId, context, notFound: .notFound("Cooking \(cooking.id)"))
        try Self.allowContent(ability, "update", PantryPermissions.Subject.pantryItem, household)
        guard !cooking.undone else {
            throw ServiceError(.conflict, "This cooking was already undone; it can be undone once.")
        }
        let itemIDs = cooking.consumed.map(\.itemId)
        let histories = try await context.store.bookings(ofItems: itemIDs)
        let locations = try await context.store.locations(ofHousehold: household.id)
        var markers: [StockBooking] = []
        var changed: [(new: PantryItem, old: PantryItem)] = []
        for (draw, bookingID) in zip(cooking.consumed, cooking.bookingIds) {
            guard let item = try await context.store.item(id: draw.itemId) else {
                throw ServiceError(
                    .conflict,
                    "\(draw.name) was deleted since it was cooked with, so its stock cannot be given back; nothing was undone."
                )
            }
            let history = histories[item.id] ?? []
            let undo = try StockLedger.undo(
                bookingID, history: history, initial: StockState(itemId: item.id, unit: item.unit),
                locations: locations, markerId: PantryStore.newID(),
                at: Self.bookingTime(context.now, after: item, history), by: viewer.userID)
            markers.append(undo.marker)
            changed.append((item.updated(from: undo.state, at: undo.marker.createdAt), item))
        }
        let now = context.now
        try await context.store.announcing(
            PantryChange(.cookingUndone, householdID: household.id, recipeID: cooking.recipeId, by: viewer.userID)
        ).undo(cooking, at: now, markers: markers, items: changed)
        context.changed()
        return Cooking(
            id: cooking.id, householdId: cooking.householdId, recipeId: cooking.recipeId, servings: cooking.servings,
            mealPlanEntryId: cooking.mealPlanEntryId, consumed: cooking.consumed, bookingIds: cooking.bookingIds,
            shortfalls: cooking.shortfalls, createdBy: cooking.createdBy, createdAt: cooking.createdAt, undoneAt: now)
    }

    /// The household's recipe with this id: `NOT_FOUND` when there is none, or it belongs to another household.
    private static func recipe(_ id: String, of household: Household, _ context: PantryContext) async throws -> Recipe {
        guard let recipe = try await context.store.recipe(id: id), recipe.householdId == household.id else {
            throw ServiceError.notFound("Recipe \(id)")
        }
        return recipe
    }

    /// The entry with this id and its household: `NOT_FOUND` when there is none or the caller is not in its
    /// household, `FORBIDDEN` unless the caller may `action` the household's recipes.
    private static func entry(_ id: String, _ action: String, _ context: PantryContext) async throws -> (
        MealPlanEntry, Household
    ) {
        guard let entry = try await context.store.mealPlanEntry(id: id) else {
            throw ServiceError.notFound("Meal plan entry \(id)")
        }
        let (household, ability) = try await stored(
            entry.householdId, context, notFound: .notFound("Meal plan entry \(entry.id)"))
        try allowContent(ability, action, PantryPermissions.Subject.recipe, household)
        return (entry, household)
    }
}
