import HearthCore

/// What makes a pantry item acceptable before it is saved.
public enum PantryItemRules {
    /// `item` with its text trimmed (blank optional text becomes nil, the unit is written canonically when Hearth
    /// knows it: "Grams" → "g").
    /// - Throws: ``ServiceError`` (validation failed) listing every rule broken: an empty name, a quantity that is
    ///   negative or not a number, a negative minimum.
    public static func validated(_ item: PantryItem) throws -> PantryItem {
        var problems: [String] = []
        let name = Validation.trimmed(item.name)
        if name.isEmpty { problems.append("Item name cannot be empty") }
        if !item.quantity.isFinite || item.quantity < 0 { problems.append("Item quantity must be 0 or more") }
        if let minimum = item.minimumQuantity, !minimum.isFinite || minimum < 0 {
            problems.append("Minimum quantity must be 0 or more")
        }
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        let unit = Units.unit(item.unit)
        return PantryItem(
            id: item.id, householdId: item.householdId, name: name, quantity: Amount.clean(item.quantity),
            unit: unit.dimension == .other ? Validation.trimmed(item.unit) : unit.symbol, category: item.category,
            expirationDate: item.expirationDate, location: Validation.trimmedOrNil(item.location),
            notes: Validation.trimmedOrNil(item.notes), addedBy: item.addedBy, createdAt: item.createdAt,
            updatedAt: item.updatedAt,
            minimumQuantity: item.minimumQuantity, dueDateKind: item.dueDateKind, barcode: item.barcode)
    }
}
