import HearthPantryModel

/// A shopping list as GraphQL answers it: the list, the store it is grouped for, its lines, and the lines grouped
/// by that store's sections.
struct ShoppingListView: Sendable {
    let list: HouseholdShoppingList
    let store: GroceryStore?
    let lines: [ShoppingListItem]
    let sections: [ShoppingSectionGroup]

    var id: String { list.id }
    var householdId: String { list.householdId }
    var name: String { list.name }
    var isDefault: Bool { list.isDefault }
    var storeId: String? { list.storeId }
}
