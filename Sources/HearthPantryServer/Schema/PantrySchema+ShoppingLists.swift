import Graphiti
import HearthPantryModel

extension PantrySchema {
    /// A household's named shopping lists, its stores, and lists grouped by a store's sections.
    static func shoppingLists() -> PartialSchema<PantryResolver, PantryContext> {
        PartialSchema(
            types: {
                Enum(StoreSection.self) {
                    Value(.produce)
                    Value(.bakery)
                    Value(.meat)
                    Value(.dairy)
                    Value(.frozen)
                    Value(.pantry)
                    Value(.beverages)
                    Value(.household)
                    Value(.other)
                }.description(
                    "An area of a shop. A line's section is the one set on it, else the one of its food's pantry category (other says nothing)."
                )
                Type(GroceryStore.self, as: "Store") {
                    KeyField("id", at: \.id)
                    KeyField("householdId", at: \.householdId)
                    KeyField("name", at: \.name)
                    KeyField("sectionOrder", at: \.sectionOrder).description(
                        "The sections in the order a shopper meets them; sections left out follow in the usual order.")
                }.description("A shop a household buys at, with its sections in walking order.")
                Type(ShoppingSectionGroup.self, as: "ShoppingSection") {
                    KeyField("section", at: \.section).description(
                        "Null for lines of no known section, and for the checked lines.")
                    KeyField("title", at: \.title).description(
                        "The section's name; Other for unsectioned lines; Checked for lines already bought.")
                    KeyField("checked", at: \.checked).description("Whether this is the group of checked lines.")
                    KeyField("lines", at: \.lines).description("In the order they were added.")
                    KeyField("lineIds", at: \.lineIds).description(
                        "The ids of the lines, in order: select these beside the list's lines to keep the answer small."
                    )
                }.description("The lines of a shopping list found in one section of the store.")
                Type(ShoppingListView.self, as: "ShoppingList") {
                    KeyField("id", at: \.id)
                    KeyField("householdId", at: \.householdId)
                    KeyField("name", at: \.name)
                    KeyField("isDefault", at: \.isDefault).description(
                        "Whether the calls that name no list mean this one; every household has exactly one.")
                    KeyField("storeId", at: \.storeId)
                    KeyField("store", at: \.store).description("The store the list is grouped for, if chosen.")
                    KeyField("lines", at: \.lines).description("In the order they were added.")
                    KeyField("sections", at: \.sections).description(
                        "Unchecked lines by section in the store's order (without a store, the usual order), unsectioned lines after them, and the checked lines last in a group of their own."
                    )
                }.description("One of a household's named shopping lists.")
            },
            query: {
                Field("shoppingLists", at: PantryResolver.shoppingLists) {
                    Argument("householdId", at: \.householdId)
                }.description("A household's shopping lists, the default first, then by name.")
                Field("stores", at: PantryResolver.stores) {
                    Argument("householdId", at: \.householdId)
                }.description("A household's stores, by name.")
            },
            mutation: {
                Field("createShoppingList", at: PantryResolver.createShoppingList) {
                    Argument("householdId", at: \.householdId)
                    Argument("name", at: \.name).description(
                        "1 to 80 characters; no other list of the household may have it, in any case.")
                    Argument("storeId", at: \.storeId).description("A store of the household to group the list for.")
                }
                Field("renameShoppingList", at: PantryResolver.renameShoppingList) {
                    Argument("id", at: \.id)
                    Argument("name", at: \.name)
                }
                Field("setShoppingListStore", at: PantryResolver.setShoppingListStore) {
                    Argument("id", at: \.id)
                    Argument("storeId", at: \.storeId).description("Null groups the list without a store.")
                }.description("Chooses the store whose section order the list is grouped in.")
                Field("deleteShoppingList", at: PantryResolver.deleteShoppingList) {
                    Argument("id", at: \.id)
                }.description(
                    "Deletes a list; its lines move to the end of the default list (when the default is deleted, the oldest other list becomes the default). Answers the list that took the lines. A household's only list cannot be deleted."
                )
                Field("moveShoppingItem", at: PantryResolver.moveShoppingItem) {
                    Argument("id", at: \.id)
                    Argument("listId", at: \.listId)
                }.description("Moves a line to the end of another list of its household; it is not merged there.")
                Field("createStore", at: PantryResolver.createStore) {
                    Argument("householdId", at: \.householdId)
                    Argument("name", at: \.name).description(
                        "1 to 80 characters; no other store of the household may have it, in any case.")
                    Argument("sectionOrder", at: \.sectionOrder).description("Each section at most once.")
                }
                Field("updateStore", at: PantryResolver.updateStore) {
                    Argument("id", at: \.id)
                    Argument("name", at: \.name)
                    Argument("sectionOrder", at: \.sectionOrder)
                }.description("Renames a store or gives it a new section order; fields left out stay.")
                Field("deleteStore", at: PantryResolver.deleteStore) {
                    Argument("id", at: \.id)
                }.description("Deletes a store; lists grouped for it keep their lines and lose the store.")
            })
    }
}
