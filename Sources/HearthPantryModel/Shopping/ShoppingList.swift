public import Foundation
public import HearthCore

/// The rules of a household's shopping list: adding lines, merging them, filling the list from recipes and
/// from stock running out, and checking lines off into stock.
///
/// Lists are values: every function takes the list and returns the new one. A line added for a food already
/// on the list, unchecked and in a unit that converts, is merged into that line (converted into its unit);
/// checked lines are never merged into, so what was bought stays as bought. Amounts the rules work out are
/// rounded up to two decimals so the list never falls short.
public enum ShoppingList {
    /// `list` with `quantity` `unit` of `name` added: merged into an unchecked line of the same food in a unit
    /// that converts, or appended as a new line with id `makeId()`.
    ///
    /// The name and note are trimmed; a known unit is written canonically ("Grams" → "g"). When merging, a new
    /// note is appended to the line's note, and the line keeps its recipe only if it is the same.
    /// - Throws: ``ServiceError`` (validation failed) when the name is empty or the quantity is not above zero.
    public static func add(
        _ name: String, quantity: Double, unit: String, note: String? = nil, recipeId: String? = nil,
        to list: [ShoppingListItem], householdId: String, makeId: () -> String
    ) throws -> [ShoppingListItem] {
        let name = try Validation.requireNonBlank(name, "Shopping list item name cannot be empty")
        guard quantity.isFinite, quantity > Amount.epsilon else {
            throw ServiceError.validationFailed("Shopping list item quantity must be greater than 0")
        }
        let note = Validation.trimmedOrNil(note)
        var list = list
        if let index = list.firstIndex(where: {
            !$0.checked && $0.householdId == householdId && FoodName.matches($0.name, name)
                && Units.areCompatible($0.unit, unit)
        }), let converted = Units.convert(quantity, from: unit, to: list[index].unit) {
            let line = list[index]
            list[index] = line.with(
                quantity: Amount.clean(line.quantity + converted),
                note: .some(merged(line.note, note)),
                recipeId: .some(line.recipeId == recipeId ? recipeId : nil))
            return list
        }
        let known = Units.unit(unit)
        let written = known.dimension == .other ? Validation.trimmed(unit) : known.symbol
        list.append(
            ShoppingListItem(
                id: makeId(), householdId: householdId, name: name, quantity: Amount.clean(quantity),
                unit: written, note: note, recipeId: recipeId))
        return list
    }

    /// `list` with what `recipe` still needs after `stock` (see ``CookableRanking``): only the missing amount of
    /// each ingredient, tagged with the recipe.
    ///
    /// Each call adds the missing amounts again (cooking twice needs twice as much). Ingredients without an amount
    /// are added as one piece when the food is not in stock at all; ingredients in stock only in a unit that does
    /// not convert are added in full, with a note saying so.
    public static func addMissing(
        of recipe: Recipe, stock: [PantryItem], servings: Int? = nil, today: CalendarDay? = nil,
        to list: [ShoppingListItem], makeId: () -> String
    ) -> [ShoppingListItem] {
        var list = list
        for line in CookableRanking.coverage(of: recipe, stock: stock, servings: servings, today: today).missing {
            let ingredient = line.ingredient
            let amount = ingredient.quantity > Amount.epsilon ? Amount.roundedUp(line.missing, places: 2) : 1
            let unit = ingredient.quantity > Amount.epsilon ? ingredient.unit : Units.piece
            let note = line.status == .unitMismatch ? "Some is in stock in another unit" : nil
            guard amount > Amount.epsilon,
                let next = try? add(
                    ingredient.name, quantity: amount, unit: unit, note: note, recipeId: recipe.id,
                    to: list, householdId: recipe.householdId, makeId: makeId)
            else { continue }
            list = next
        }
        return list
    }

    /// How much of `item` to buy so that, after `dueSoonDays` days, the household has at least its minimum and
    /// has replaced whatever expires: `max(minimum, quantity if expiring) − quantity not expiring`, rounded up to
    /// two decimals; 0 when nothing is needed. Expired, overdue and due-soon items count as expiring.
    public static func restockAmount(
        for item: PantryItem, on today: CalendarDay, dueSoonDays: Int = ExpiryStatus.defaultDueSoonDays
    ) -> Double {
        let expiring = ExpiryStatus.statuses(of: item, on: today, dueSoonDays: dueSoonDays).contains(
            where: \.isAboutDate)
        let quantity = max(0, item.quantity)
        let target = max(item.minimumQuantity ?? 0, expiring ? quantity : 0)
        let need = target - (expiring ? 0 : quantity)
        return need > Amount.epsilon ? Amount.roundedUp(need, places: 2) : 0
    }

    /// `list` topped up with every item of `stock` that expires within `dueSoonDays` days or is below its
    /// minimum, by ``restockAmount(for:on:dueSoonDays:)``.
    ///
    /// Unchecked lines of the same food that were not added for a recipe already count toward the amount, so
    /// calling this again adds nothing new.
    public static func addRestock(
        from stock: [PantryItem], on today: CalendarDay, dueSoonDays: Int = ExpiryStatus.defaultDueSoonDays,
        to list: [ShoppingListItem], makeId: () -> String
    ) -> [ShoppingListItem] {
        var list = list
        for item in stock {
            let need = restockAmount(for: item, on: today, dueSoonDays: dueSoonDays)
            guard need > 0 else { continue }
            let listed = list.filter {
                !$0.checked && $0.recipeId == nil && $0.householdId == item.householdId
                    && FoodName.matches($0.name, item.name)
            }.compactMap { Units.convert($0.quantity, from: $0.unit, to: item.unit) }.reduce(0, +)
            let amount = Amount.roundedUp(need - listed, places: 2)
            guard amount > Amount.epsilon,
                let next = try? add(
                    item.name, quantity: amount, unit: item.unit, to: list, householdId: item.householdId,
                    makeId: makeId)
            else { continue }
            list = next
        }
        return list
    }

    /// The stock item a line goes into when bought: the first item of the household with the same food in a unit
    /// that converts; nil when a new item is needed.
    public static func stockItem(for line: ShoppingListItem, in stock: [PantryItem]) -> PantryItem? {
        stock.first {
            $0.householdId == line.householdId && FoodName.matches($0.name, line.name)
                && Units.areCompatible($0.unit, line.unit)
        }
    }

    /// Checks line `lineId` off: the list with it checked, and the purchase of its quantity (converted into
    /// `stockItem`'s unit) at `location`, or the item's own location when nil.
    ///
    /// - Throws: ``ServiceError`` — not found when the list has no such line; conflict when it is already checked;
    ///   validation failed when the stock item belongs to another household or counts in a unit the line's does
    ///   not convert into.
    public static func checkOff(
        _ lineId: String, in list: [ShoppingListItem], into stockItem: PantryItem, location: String? = nil,
        bestBefore: CalendarDay? = nil, bookingId: String, at now: Date, by userId: String
    ) throws -> ShoppingCheckOff {
        guard let index = list.firstIndex(where: { $0.id == lineId }) else {
            throw ServiceError(.notFound, "Shopping list item \(lineId) was not found; it may have been removed.")
        }
        let line = list[index]
        guard !line.checked else {
            throw ServiceError(.conflict, "\(line.name) is already checked off.")
        }
        guard stockItem.householdId == line.householdId else {
            throw ServiceError.validationFailed(
                "\(stockItem.name) belongs to another household than this shopping list.")
        }
        guard let quantity = Units.convert(line.quantity, from: line.unit, to: stockItem.unit) else {
            throw ServiceError.validationFailed(
                "Cannot put \(Units.format(line.quantity, line.unit)) of \(line.name) into stock counted in \(Units.normalize(stockItem.unit)); "
                    + "change the unit of the list item or choose another stock item.")
        }
        let checked = line.with(checked: true)
        var updated = list
        updated[index] = checked
        let booking = StockBooking(
            id: bookingId, itemId: stockItem.id, householdId: stockItem.householdId, kind: .purchase,
            quantity: quantity,
            location: location ?? stockItem.location, bestBefore: bestBefore, createdAt: now, createdBy: userId)
        return ShoppingCheckOff(list: updated, item: checked, booking: booking)
    }

    static func merged(_ existing: String?, _ new: String?) -> String? {
        guard let new else { return existing }
        guard let existing else { return new }
        let parts = existing.components(separatedBy: "; ")
        return parts.contains(where: { $0.caseInsensitiveCompare(new) == .orderedSame })
            ? existing : existing + "; " + new
    }
}
