import HearthCore
import HearthPantryModel
import Testing

@Suite("IngredientText: reading ingredients as people write them")
struct IngredientTextTests {
    @Test(
        "amounts, fractions, units and food names",
        arguments: [
            ("200 g flour", Ingredient(name: "flour", quantity: 200, unit: "g")),
            ("200g flour", Ingredient(name: "flour", quantity: 200, unit: "g")),
            ("  1 1/2 Cups milk ", Ingredient(name: "milk", quantity: 1.5, unit: "cup")),
            ("½ tsp salt", Ingredient(name: "salt", quantity: 0.5, unit: "tsp")),
            ("1½ kg potatoes", Ingredient(name: "potatoes", quantity: 1.5, unit: "kg")),
            ("2,5 l of water", Ingredient(name: "water", quantity: 2.5, unit: "l")),
            ("3 eggs", Ingredient(name: "eggs", quantity: 3, unit: "")),
            ("2 pieces garlic", Ingredient(name: "garlic", quantity: 2, unit: "")),
            ("4 fl oz cream", Ingredient(name: "cream", quantity: 4, unit: "fl oz")),
            ("2 cans tomatoes", Ingredient(name: "cans tomatoes", quantity: 2, unit: "")),
            ("salt and pepper", Ingredient(name: "salt and pepper", quantity: 0, unit: "")),
        ])
    func reads(_ text: String, _ expected: Ingredient) throws {
        #expect(try IngredientText.parse(text) == expected)
    }

    @Test(
        "text that cannot be read is refused with a message quoting it",
        arguments: [
            ("200 g", "Ingredient \"200 g\" names no food; write the food after the amount, as in \"200 g flour\"."),
            ("   ", "An ingredient cannot be empty; write it like \"200 g flour\" or \"3 eggs\"."),
            ("-2 eggs", "Ingredient \"-2 eggs\" has a negative amount; write it like \"200 g flour\"."),
            (
                "0 g sugar",
                "Ingredient \"0 g sugar\" has an amount of 0; leave the amount out for \"to taste\", as in \"salt\"."
            ),
        ])
    func refuses(_ text: String, _ message: String) {
        #expect(throws: ServiceError.validationFailed(message)) { try IngredientText.parse(text) }
    }
}

@Suite("ShoppingList editing: changing, merging, removing and clearing lines")
struct ShoppingListEditingTests {
    static func line(
        _ id: String, _ name: String, _ quantity: Double, _ unit: String, checked: Bool = false, note: String? = nil,
        recipe: String? = nil
    ) -> ShoppingListItem {
        ShoppingListItem(
            id: id, householdId: "h", name: name, quantity: quantity, unit: unit, checked: checked, note: note,
            recipeId: recipe)
    }

    @Test("an edit that makes two unchecked lines the same food and unit folds the other into the edited one")
    func mergesAfterEdit() throws {
        let list = [
            Self.line("a", "Flour", 1, "kg", note: "strong"), Self.line("b", "Milk", 1, "l"),
            Self.line("c", "flour", 2, "cup", note: "plain"),
        ]
        let edited = try ShoppingList.update("c", quantity: 300, unit: "Grams", in: list)
        #expect(edited == [Self.line("b", "Milk", 1, "l"), Self.line("c", "flour", 1300, "g", note: "plain; strong")])
    }

    @Test("checked lines are neither edited nor merged into; notes are kept, replaced or cleared")
    func checkedAndNotes() throws {
        let list = [Self.line("a", "Flour", 1, "kg", checked: true), Self.line("b", "Flour", 2, "cup", note: "plain")]
        let edited = try ShoppingList.update("b", unit: "g", in: list)
        #expect(edited[1] == Self.line("b", "Flour", 2, "g", note: "plain"), "the checked kilogram stays as bought")
        #expect(try ShoppingList.update("b", note: "  ", in: list)[1].note == nil)
        #expect(
            throws: ServiceError.validationFailed("Flour is already checked off; add it to the list again to buy more.")
        ) {
            try ShoppingList.update("a", quantity: 2, in: list)
        }
        #expect(throws: ServiceError.validationFailed("quantity must be greater than 0, not -1")) {
            try ShoppingList.update("b", quantity: -1, in: list)
        }
        #expect(throws: ServiceError(.notFound, "Shopping list item z was not found; it may have been removed.")) {
            try ShoppingList.update("z", quantity: 1, in: list)
        }
    }

    @Test("removing and clearing")
    func removeAndClear() throws {
        let list = [Self.line("a", "Flour", 1, "kg", checked: true), Self.line("b", "Milk", 1, "l")]
        #expect(try ShoppingList.remove("b", from: list).map(\.id) == ["a"])
        #expect(ShoppingList.clearChecked(list).map(\.id) == ["b"])
        #expect(throws: ServiceError.self) { try ShoppingList.remove("z", from: list) }
    }
}
