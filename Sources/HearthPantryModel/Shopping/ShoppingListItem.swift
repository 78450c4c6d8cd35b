/// A line on a household's shopping list.
public struct ShoppingListItem: Codable, Sendable, Hashable, Identifiable {
    /// The line's id.
    public let id: String
    /// The household whose list it is on.
    public let householdId: String
    /// What to buy.
    public let name: String
    /// How much, in ``unit``.
    public let quantity: Double
    /// The unit ``quantity`` counts in (see ``Units``).
    public let unit: String
    /// Whether it has been bought.
    public let checked: Bool
    /// A note for whoever shops.
    public let note: String?
    /// The recipe the line was added for, if any.
    public let recipeId: String?
    /// The list the line is on; nil until stored (the store puts new lines on the list they were added to).
    public let listId: String?
    /// The store section the line was put in by hand; nil to go by its food's pantry category.
    public let section: StoreSection?

    public init(
        id: String, householdId: String, name: String, quantity: Double, unit: String, checked: Bool = false,
        note: String? = nil, recipeId: String? = nil, listId: String? = nil, section: StoreSection? = nil
    ) {
        self.id = id
        self.householdId = householdId
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.checked = checked
        self.note = note
        self.recipeId = recipeId
        self.listId = listId
        self.section = section
    }

    /// The line on list `listId`, and in `section` when one is given (nil keeps its own).
    public func placed(on listId: String?, section: StoreSection? = nil) -> ShoppingListItem {
        ShoppingListItem(
            id: id, householdId: householdId, name: name, quantity: quantity, unit: unit, checked: checked, note: note,
            recipeId: recipeId, listId: listId, section: section ?? self.section)
    }

    func with(quantity: Double? = nil, checked: Bool? = nil, note: String?? = nil, recipeId: String?? = nil)
        -> ShoppingListItem
    {
        ShoppingListItem(
            id: id, householdId: householdId, name: name, quantity: quantity ?? self.quantity, unit: unit,
            checked: checked ?? self.checked, note: note ?? self.note, recipeId: recipeId ?? self.recipeId,
            listId: listId, section: section)
    }
}
