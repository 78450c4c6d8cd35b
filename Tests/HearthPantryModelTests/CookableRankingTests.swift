import HearthCore
import HearthPantryModel
import Testing

@Suite struct CookableRankingTests {
    @Test func coversByAmountAcrossUnits() throws {
        let pancakes = recipe("Pancakes", [ing("Flour", 500, "g"), ing("Eggs", 3), ing("Milk", 0.5, "l")])
        let stock = [item("flour", 1, "kg"), item("Egg", 2, "pcs"), item("Milk", 250, "ml")]
        let result = CookableRanking.coverage(of: pancakes, stock: stock)
        #expect(result.ingredients.map(\.status) == [.covered, .partial, .partial])
        #expect(result.ingredients.map(\.available) == [500, 2, 0.25])
        #expect(result.ingredients.map(\.missing) == [0, 1, 0.25])
        #expect(result.ingredients.map(\.itemIds) == [["flour"], ["egg"], ["milk"]])
        // (1 + 2/3 + 1/2) / 3
        #expect(abs(result.coverage - 13.0 / 18.0) < 1e-9)
        #expect(!result.canCook)
        #expect(result.missing.map(\.ingredient.name) == ["Eggs", "Milk"])
    }

    @Test func aUnitThatDoesNotConvertCountsForNothingAndIsReported() {
        let soup = recipe("Soup", [ing("Onion", 200, "g"), ing("Stock", 1, "l")])
        let result = CookableRanking.coverage(of: soup, stock: [item("Onions", 3, "pcs"), item("Stock", 1, "l")])
        let onion = result.ingredients[0]
        #expect(onion.status == .unitMismatch)
        #expect(onion.available == 0 && onion.missing == 200)
        #expect(onion.mismatchedItemIds == ["onions"] && onion.itemIds.isEmpty)
        #expect(result.coverage == 0.5)
    }

    @Test func stockInBothAConvertibleAndAnotherUnitUsesTheConvertibleAndNamesTheOther() {
        let result = CookableRanking.coverage(
            of: recipe("Tart", [ing("Butter", 250, "g")]),
            stock: [item("Butter", 2, "pcs", id: "sticks"), item("Butter", 0.1, "kg", id: "block")])
        let butter = result.ingredients[0]
        #expect(butter.status == .partial && butter.available == 100 && butter.missing == 150)
        #expect(butter.itemIds == ["block"] && butter.mismatchedItemIds == ["sticks"])
    }

    @Test("a recipe in cups is covered by stock in grams through the food's density, and the other way round")
    func cupsAreCoveredByGrams() {
        let bread = recipe("Bread", [ing("Flour", 2, "cups"), ing("flour", 3, "cups"), ing("Sugar", 300, "g")])
        let result = CookableRanking.coverage(of: bread, stock: [item("Flour", 0.5, "kg"), item("Sugar", 1, "cup")])
        // 2 cups = 250 g of the 500 g; the second line finds the other 250 g = 2 cups of the 3 it asks for.
        #expect(result.ingredients.map(\.available) == [2, 2, 200])
        #expect(result.ingredients.map(\.missing) == [0, 1, 100])
        #expect(result.ingredients.map(\.status) == [.covered, .partial, .partial])
        #expect(result.ingredients.allSatisfy { $0.mismatchedItemIds.isEmpty })
        let rice = CookableRanking.coverage(
            of: recipe("Pilaf", [ing("Rice", 1, "cup")]), stock: [item("Rice", 3, "pcs")])
        #expect(rice.ingredients[0].status == .unitMismatch, "pieces of rice weigh nothing the table knows")
    }

    @Test func stockIsNotCountedTwiceWithinARecipe() {
        let cake = recipe("Cake", [ing("Sugar", 150, "g"), ing("sugar", 100, "g")])
        let result = CookableRanking.coverage(of: cake, stock: [item("Sugar", 0.2, "kg")])
        #expect(result.ingredients.map(\.available) == [150, 50])
        #expect(result.ingredients.map(\.status) == [.covered, .partial])
    }

    @Test func severalItemsAddUpEarliestDueFirst() {
        let stock = [
            item("Milk", 0.5, "l", id: "late", expires: day(2025, 3, 20)),
            item("Milk", 300, "ml", id: "soon", expires: day(2025, 3, 12)),
            item("milk", 1, "cup", id: "undated"),
        ]
        let result = CookableRanking.coverage(of: recipe("Latte", [ing("Milk", 0.7, "l")]), stock: stock)
        #expect(result.ingredients[0].status == .covered)
        #expect(result.ingredients[0].itemIds == ["soon", "late"])
    }

    @Test func emptyAndExpiredItemsDoNotCount() {
        let stock = [item("Milk", 0, "l", id: "empty"), item("Milk", 1, "l", id: "off", expires: day(2025, 3, 1))]
        let pudding = recipe("Pudding", [ing("Milk", 0.5, "l")])
        #expect(CookableRanking.coverage(of: pudding, stock: stock).coverage == 1)
        let today = CookableRanking.coverage(of: pudding, stock: stock, today: day(2025, 3, 10))
        #expect(today.coverage == 0 && today.ingredients[0].status == .missing)
        // Overdue (best-before) food still counts.
        let overdue = [item("Milk", 1, "l", expires: day(2025, 3, 1), kind: .bestBefore)]
        #expect(CookableRanking.coverage(of: pudding, stock: overdue, today: day(2025, 3, 10)).coverage == 1)
    }

    @Test func ingredientsWithoutAnAmountNeedOnlyThePresenceOfTheFood() {
        let salad = recipe("Salad", [ing("Salt", 0), ing("Pepper", 0), ing("Lettuce", 1)])
        let result = CookableRanking.coverage(of: salad, stock: [item("salt", 1, "kg"), item("Lettuce", 1)])
        #expect(result.ingredients.map(\.status) == [.covered, .missing, .covered])
        #expect(abs(result.coverage - 2.0 / 3.0) < 1e-9)
    }

    @Test func scalesByServings() {
        let rice = recipe("Rice bowl", servings: 2, [ing("Rice", 150, "g"), ing("Egg", 1)])
        let stock = [item("Rice", 0.3, "kg"), item("Eggs", 2)]
        #expect(CookableRanking.coverage(of: rice, stock: stock).coverage == 1)
        let forSix = CookableRanking.coverage(of: rice, stock: stock, servings: 6)
        #expect(forSix.servings == 6)
        #expect(forSix.ingredients.map(\.ingredient.quantity) == [450, 3])
        #expect(forSix.ingredients.map(\.missing) == [150, 1])
        // A recipe that does not say how many it serves is not scaled.
        let unscaled = CookableRanking.coverage(of: recipe("Toast", [ing("Bread", 2)]), stock: [], servings: 6)
        #expect(unscaled.servings == nil && unscaled.ingredients[0].ingredient.quantity == 2)
    }

    @Test func ranksByCoverageThenNameStably() {
        let recipes = [
            recipe("omelette", id: "r1", [ing("Egg", 4)]),
            recipe("Crêpes", id: "r2", [ing("Egg", 2), ing("Flour", 200, "g")]),
            recipe("Boiled egg", id: "r3", [ing("Egg", 1)]),
            recipe("Crepes", id: "r4", [ing("Egg", 2), ing("Flour", 200, "g")]),
            recipe("Fried egg", id: "r5", [ing("Egg", 1)]),
            recipe("Bread", id: "r6", [ing("Flour", 1, "kg"), ing("Yeast", 7, "g")]),
        ]
        let ranked = CookableRanking.rank(recipes, stock: [item("Eggs", 2)])
        #expect(ranked.map(\.recipe.id) == ["r3", "r5", "r4", "r2", "r1", "r6"])
        #expect(ranked.map(\.coverage) == [1, 1, 0.5, 0.5, 0.5, 0])
        // The same input ranks the same way in any order.
        #expect(
            CookableRanking.rank(recipes.reversed(), stock: [item("Eggs", 2)]).map(\.recipe.id)
                == ranked.map(\.recipe.id))
    }

    @Test func aRecipeWithoutIngredientsIsFullyCovered() {
        let water = CookableRanking.coverage(of: recipe("Water", []), stock: [])
        #expect(water.coverage == 1 && water.canCook)
    }
}
