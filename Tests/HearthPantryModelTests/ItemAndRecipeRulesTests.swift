import Foundation
import HearthCore
import HearthPantryModel
import Testing

@Suite struct ItemAndRecipeRulesTests {
    @Test func itemsAreTrimmed() throws {
        let raw = PantryItem(
            id: "m", householdId: "h1", name: "  Milk ", quantity: 0.1 + 0.2, unit: " Litres ", location: "  ",
            notes: " skimmed ", addedBy: "ada", createdAt: now, updatedAt: now, minimumQuantity: 1)
        let milk = try PantryItemRules.validated(raw)
        #expect(
            milk.name == "Milk" && milk.quantity == 0.3 && milk.unit == "l" && milk.location == nil
                && milk.notes == "skimmed")
        #expect(try PantryItemRules.validated(item("Beans", 2, " Cans ")).unit == "Cans")
        #expect(try PantryItemRules.validated(item("Eggs", 0, "")).unit == "piece")
    }

    @Test func itemRefusalsListEveryProblem() {
        let error = expectError(.validationFailed) {
            _ = try PantryItemRules.validated(item(" ", -1, "kg", minimum: -2))
        }
        #expect(
            error?.reasons == [
                "Item name cannot be empty", "Item quantity must be 0 or more", "Minimum quantity must be 0 or more",
            ])
        expectError(.validationFailed, "Item quantity must be 0 or more") {
            _ = try PantryItemRules.validated(item("Rice", .nan, "kg"))
        }
    }

    @Test func recipesAreTrimmed() throws {
        let raw = Recipe(
            id: "r", householdId: "h1", name: " Soup ", description: " ", ingredients: [ing(" Onion ", 2, " pcs ")],
            instructions: [" Chop ", "  ", "Boil"], servings: 2, tags: ["Vegan", " vegan", "", "quick "])
        let soup = try RecipeRules.validated(raw)
        #expect(soup.name == "Soup" && soup.description == nil)
        #expect(soup.ingredients == [ing("Onion", 2, "pcs")])
        #expect(soup.instructions == ["Chop", "Boil"] && soup.tags == ["Vegan", "quick"])
    }

    @Test func recipeRefusalsListEveryProblem() {
        let raw = Recipe(
            id: "r", householdId: "h1", name: "", ingredients: [ing("Salt", 0), ing(" ", -1, "g")], prepTime: -5,
            cookTime: -1, servings: 0)
        let error = expectError(.validationFailed) { _ = try RecipeRules.validated(raw) }
        #expect(
            error?.reasons == [
                "Recipe name cannot be empty", "Ingredient 2 needs a name", "Ingredient 2 quantity must be 0 or more",
                "Servings must be at least 1", "Prep time cannot be negative", "Cook time cannot be negative",
            ])
    }
}
