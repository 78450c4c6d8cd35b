public import HearthCore

/// Editing a shopping list by hand: changing a line's amount, unit or note, removing lines, and clearing what
/// has been bought.
extension ShoppingList {
    /// `list` with line `lineId` given a new `quantity`, `unit` and `note` (nil keeps each as it is; a blank note
    /// removes the note).
    ///
    /// The merge rule of ``add(_:quantity:unit:note:recipeId:to:householdId:makeId:)`` holds after an edit too:
    /// when another unchecked line of the same food now counts in a unit that converts, that line is folded into
    /// the edited one (converted into its unit, notes joined) and leaves the list. The edited line keeps its place.
    /// - Throws: ``ServiceError`` — not found when the list has no such line; validation failed when the line is
    ///   checked off or the quantity is not above zero, naming the value.
    public static func update(
        _ lineId: String, quantity: Double? = nil, unit: String? = nil, note: String? = nil, in list: [ShoppingListItem]
    ) throws -> [ShoppingListItem] {
        guard let index = list.firstIndex(where: { $0.id == lineId }) else {
            throw ServiceError(.notFound, "Shopping list item \(lineId) was not found; it may have been removed.")
        }
        let line = list[index]
        guard !line.checked else {
            throw ServiceError.validationFailed(
                "\(line.name) is already checked off; add it to the list again to buy more.")
        }
        if let quantity, !(quantity.isFinite && quantity > Amount.epsilon) {
            throw ServiceError.validationFailed(
                "quantity must be greater than 0, not \(Units.formatNumber(quantity, maximumFractionDigits: 6))")
        }
        let written = unit.map(writtenUnit) ?? line.unit
        var edited = ShoppingListItem(
            id: line.id, householdId: line.householdId, name: line.name,
            quantity: Amount.clean(quantity ?? line.quantity), unit: written,
            checked: false, note: note.map { Validation.trimmedOrNil($0) } ?? line.note, recipeId: line.recipeId,
            listId: line.listId, section: line.section)
        var updated = list
        updated[index] = edited
        if let other = updated.indices.first(where: {
            $0 != index && !updated[$0].checked && updated[$0].householdId == edited.householdId
                && FoodName.matches(updated[$0].name, edited.name) && Units.areCompatible(updated[$0].unit, edited.unit)
        }), let converted = Units.convert(updated[other].quantity, from: updated[other].unit, to: edited.unit) {
            let folded = updated[other]
            edited = edited.with(
                quantity: Amount.clean(edited.quantity + converted), note: .some(merged(edited.note, folded.note)),
                recipeId: .some(edited.recipeId == folded.recipeId ? edited.recipeId : nil))
            updated[index] = edited
            updated.remove(at: other)
        }
        return updated
    }

    /// `list` without line `lineId`.
    /// - Throws: ``ServiceError`` (not found) when the list has no such line.
    public static func remove(_ lineId: String, from list: [ShoppingListItem]) throws -> [ShoppingListItem] {
        guard list.contains(where: { $0.id == lineId }) else {
            throw ServiceError(.notFound, "Shopping list item \(lineId) was not found; it may have been removed.")
        }
        return list.filter { $0.id != lineId }
    }

    /// `list` without the lines that have been checked off.
    public static func clearChecked(_ list: [ShoppingListItem]) -> [ShoppingListItem] {
        list.filter { !$0.checked }
    }

    /// A unit as a list line writes it: a known unit canonically ("Grams" → "g", "" → "piece"), any other word
    /// trimmed.
    static func writtenUnit(_ unit: String) -> String {
        let known = Units.unit(unit)
        return known.dimension == .other ? Validation.trimmed(unit) : known.symbol
    }
}
