import Foundation
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
            ("2 cans tomatoes", Ingredient(name: "tomatoes", quantity: 2, unit: "can")),
            ("salt and pepper", Ingredient(name: "salt and pepper", quantity: 0, unit: "")),
        ])
    func reads(_ text: String, _ expected: Ingredient) throws {
        #expect(try IngredientText.parse(text) == expected)
    }

    static func ingredient(
        _ name: String, _ quantity: Double, _ unit: String, max: Double? = nil, note: String? = nil
    ) -> Ingredient {
        Ingredient(name: name, quantity: quantity, unit: unit, quantityMax: max, note: note)
    }

    @Test(
        "lines as recipe sites write them: ranges, notes, unicode fractions, US and metric units",
        arguments: [
            ("2 cups flour, sifted", ingredient("flour", 2, "cup", note: "sifted")),
            ("2 cups (250 g) all-purpose flour", ingredient("all-purpose flour", 2, "cup", note: "250 g")),
            (
                "1/2 cup (113 g) unsalted butter, melted",
                ingredient("unsalted butter", 0.5, "cup", note: "113 g, melted")
            ),
            ("1/2 cup chopped walnuts (optional)", ingredient("chopped walnuts", 0.5, "cup", note: "optional")),
            ("2-3 cloves garlic, minced", ingredient("garlic", 2, "clove", max: 3, note: "minced")),
            ("2 to 3 tbsp olive oil", ingredient("olive oil", 2, "tbsp", max: 3)),
            ("2 – 3 Tbsp. olive oil", ingredient("olive oil", 2, "tbsp", max: 3)),
            ("½-1 tsp chilli flakes", ingredient("chilli flakes", 0.5, "tsp", max: 1)),
            ("200-250g spaghetti", ingredient("spaghetti", 200, "g", max: 250)),
            ("1 or 2 eggs", ingredient("eggs", 1, "", max: 2)),
            ("1-1/2 cups milk", ingredient("milk", 1.5, "cup")),
            ("1 ½ teaspoons dried basil leaves", ingredient("dried basil leaves", 1.5, "tsp")),
            ("¾ pound lean ground beef", ingredient("lean ground beef", 0.75, "lb")),
            ("⅓ cup sugar", ingredient("sugar", 0.333333333, "cup")),
            (
                "2 1/3 cups mashed bananas (about 4 bananas)",
                ingredient("mashed bananas", 2.333333333, "cup", note: "about 4 bananas")
            ),
            ("1,5 kg Kartoffeln", ingredient("Kartoffeln", 1.5, "kg")),
            ("0.5 l milk", ingredient("milk", 0.5, "l")),
            ("500 ml double cream", ingredient("double cream", 500, "ml")),
            ("16 ounces ricotta cheese", ingredient("ricotta cheese", 16, "oz")),
            ("1 lb. ground pork", ingredient("ground pork", 1, "lb")),
            ("2 Tablespoons white sugar", ingredient("white sugar", 2, "tbsp")),
            ("8 fl oz stock", ingredient("stock", 8, "fl oz")),
            ("1 (28 ounce) can crushed tomatoes", ingredient("crushed tomatoes", 1, "can", note: "28 ounce")),
            ("2 (6.5 ounce) cans tomato sauce", ingredient("tomato sauce", 2, "can", note: "6.5 ounce")),
            ("a pinch of salt", ingredient("salt", 1, "pinch")),
            ("2 pinches nutmeg", ingredient("nutmeg", 2, "pinch")),
            ("1 bunch coriander, leaves picked", ingredient("coriander", 1, "bunch", note: "leaves picked")),
            ("3 sprigs thyme", ingredient("thyme", 3, "sprig")),
            ("2 slices bread", ingredient("bread", 2, "slice")),
            ("2 large eggs, at room temperature", ingredient("large eggs", 2, "", note: "at room temperature")),
            ("salt and pepper to taste", ingredient("salt and pepper", 0, "", note: "to taste")),
            ("Salt, to taste", ingredient("Salt", 0, "", note: "to taste")),
            ("fresh basil (optional)", ingredient("fresh basil", 0, "", note: "optional")),
            ("1 onion (large), finely chopped", ingredient("onion", 1, "", note: "large, finely chopped")),
            ("12 lasagna noodles", ingredient("lasagna noodles", 12, "")),
            ("1 dozen eggs", ingredient("eggs", 1, "dozen")),
            ("100 g dark chocolate (70%); chopped", ingredient("dark chocolate", 100, "g", note: "70%, chopped")),
        ])
    func readsSiteLines(_ text: String, _ expected: Ingredient) throws {
        #expect(try IngredientText.parse(text) == expected)
    }

    @Test("what cannot be read keeps the text as written, with no amount; blank text is nothing")
    func keepsWhatItCannotRead() {
        #expect(IngredientText.read("200 g") == Ingredient(name: "200 g", quantity: 0, unit: ""))
        #expect(IngredientText.read("3-2 eggs") == Ingredient(name: "3-2 eggs", quantity: 0, unit: ""))
        #expect(IngredientText.read("0 g sugar") == Ingredient(name: "0 g sugar", quantity: 0, unit: ""))
        #expect(IngredientText.read(" \t ") == nil)
        #expect(IngredientText.read("2 cups flour, sifted") == Self.ingredient("flour", 2, "cup", note: "sifted"))
    }

    @Test("a range that runs down is refused with a message quoting it")
    func refusesDownwardRange() {
        #expect(
            throws: ServiceError.validationFailed(
                "Ingredient \"3-2 eggs\" has a range that runs down, from 3 to 2; write the smaller amount first, as in \"2-3 eggs\"."
            )
        ) { try IngredientText.parse("3-2 eggs") }
    }

    @Test("an ingredient stored before notes and ranges reads without them; one with them round-trips")
    func codingKeepsOldData() throws {
        let old = Data(#"{"name":"flour","quantity":200,"unit":"g"}"#.utf8)
        #expect(
            try JSONDecoder().decode(Ingredient.self, from: old) == Ingredient(name: "flour", quantity: 200, unit: "g"))
        let new = Self.ingredient("garlic", 2, "clove", max: 3, note: "minced")
        #expect(try JSONDecoder().decode(Ingredient.self, from: try JSONEncoder().encode(new)) == new)
        #expect(new.scaled(by: 2) == Self.ingredient("garlic", 4, "clove", max: 6, note: "minced"))
    }

    @Test("recipe rules: a range's upper end below its lower end is refused; notes are trimmed")
    func rulesCheckRanges() throws {
        let recipe = Recipe(
            id: "r", householdId: "h", name: "Soup",
            ingredients: [Self.ingredient("leek", 2, "", max: 1), Self.ingredient("salt", 0, "", note: "  ")])
        #expect(
            throws: ServiceError.validationFailed(
                "Ingredient 1 quantityMax must be at least its quantity (the range's lower end)")
        ) { try RecipeRules.validated(recipe) }
        let fine = Recipe(
            id: "r", householdId: "h", name: "Soup",
            ingredients: [
                Self.ingredient("leek", 2, "", max: 2, note: " sliced "), Self.ingredient("salt", 0, "", note: "  "),
            ])
        #expect(
            try RecipeRules.validated(fine).ingredients == [
                Self.ingredient("leek", 2, "", note: "sliced"), Self.ingredient("salt", 0, ""),
            ])
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
