import Foundation
import HearthCore
import HearthPantryModel
import Testing

@Suite("Meal plan rules: shopping needs summed across units, cooking draws, ranges and weeks")
struct MealPlanTests {
    static func entry(_ id: String, _ recipe: String, servings: Int, on day: CalendarDay, _ meal: Meal = .dinner)
        -> MealPlanEntry
    {
        MealPlanEntry(
            id: id, householdId: "h1", day: day, meal: meal, recipeId: recipe, servings: servings, createdBy: "ada",
            createdAt: now, updatedAt: now)
    }

    static let pancakes = recipe("Pancakes", servings: 4, [ing("Flour", 2, "cup"), ing("Butter", 50, "g")])

    @Test("a recipe for 4 planned twice for 6 needs 6 cups of flour, 750 g: with 500 g in stock, 250 g")
    func flourThroughDensity() {
        let plan = [
            Self.entry("e1", "pancakes", servings: 6, on: day(2026, 11, 23)),
            Self.entry("e2", "pancakes", servings: 6, on: day(2026, 11, 25), .lunch),
        ]
        let needs = MealPlanShopping.needs(
            for: plan, recipes: [Self.pancakes], stock: [item("Flour", 500, "g")], list: [], today: day(2026, 11, 20))
        // Flour: 2 × 6/4 × 2 = 6 cups × 125 g = 750 g − 500 g. Butter: 50 g × 3 = 150 g, none in stock.
        #expect(
            needs == [
                ShoppingNeed(name: "Flour", quantity: 250, unit: "g"),
                ShoppingNeed(name: "Butter", quantity: 150, unit: "g"),
            ])
        // Against the list those needs make, nothing more is needed.
        let list = [line("Flour", 250, "g", id: "l1"), line("Butter", 0.15, "kg", id: "l2")]
        #expect(
            MealPlanShopping.needs(
                for: plan, recipes: [Self.pancakes], stock: [item("Flour", 500, "g")], list: list,
                today: day(2026, 11, 20)
            ).isEmpty)
        // A checked line was bought and no longer counts; an unchecked one in cups takes the rest in its own unit.
        let partial = MealPlanShopping.needs(
            for: plan, recipes: [Self.pancakes], stock: [],
            list: [line("Flour", 2, "cup", id: "l3"), line("Butter", 1, "kg", id: "l4", checked: true)],
            today: nil)
        #expect(
            partial == [
                ShoppingNeed(name: "Flour", quantity: 4, unit: "cup", lineId: "l3"),
                ShoppingNeed(name: "Butter", quantity: 150, unit: "g"),
            ])
    }

    @Test("expired stock and deleted recipes do not count; amounts in units that do not convert stay apart")
    func apart() {
        let stew = recipe("Stew", servings: 2, [ing("Tomatoes", 1, "can"), ing("Tomatoes", 200, "g")])
        let plan = [
            Self.entry("e1", "stew", servings: 2, on: day(2026, 1, 5)),
            Self.entry("e2", "gone", servings: 2, on: day(2026, 1, 6)),
        ]
        let needs = MealPlanShopping.needs(
            for: plan, recipes: [stew], stock: [item("Tomatoes", 1, "kg", expires: day(2026, 1, 1))], list: [],
            today: day(2026, 1, 2))
        #expect(
            needs == [
                ShoppingNeed(name: "Tomatoes", quantity: 1, unit: "can"),
                ShoppingNeed(name: "Tomatoes", quantity: 200, unit: "g"),
            ])
    }

    @Test("cooking draws on stock in its own unit, earliest due first, never more than there is")
    func cooking() {
        let stock = [
            item("Flour", 0.2, "kg", id: "late", expires: day(2026, 6, 1)),
            item("Flour", 100, "g", id: "early", expires: day(2026, 2, 1)),
            item("Butter", 1, "piece", id: "block"),
        ]
        // 2 cups × 8/4 = 4 cups = 500 g of flour; 100 g butter, but butter is counted in pieces.
        let plan = RecipeCooking.plan(Self.pancakes, servings: 8, stock: stock)
        #expect(
            plan.draws == [
                CookingDraw(itemId: "early", name: "Flour", quantity: 100, unit: "g"),
                CookingDraw(itemId: "late", name: "Flour", quantity: 0.2, unit: "kg"),
            ])
        #expect(
            plan.shortfalls == [
                CookingShortfall(name: "Flour", quantity: 1.6, unit: "cup", reason: "not enough in stock"),
                CookingShortfall(
                    name: "Butter", quantity: 100, unit: "g", reason: "in stock only in a unit that does not convert"),
            ])
    }

    @Test("ranges are at most 366 days; ISO weeks run Monday to Sunday")
    func ranges() throws {
        let leapYear = try MealPlanRules.range(from: "2024-01-01", to: "2024-12-31")
        #expect(leapYear.lowerBound.days(until: leapYear.upperBound) + 1 == 366)
        expectError(
            .validationFailed, "The range 2024-01-01 to 2025-01-01 is 367 days; ask for at most 366 days at a time."
        ) {
            _ = try MealPlanRules.range(from: "2024-01-01", to: "2025-01-01")
        }
        let week = try MealPlanRules.isoWeek("2026-W48")
        #expect(week.lowerBound == day(2026, 11, 23) && week.upperBound == day(2026, 11, 29))
        #expect(try MealPlanRules.isoWeek("2026-w01").lowerBound == day(2025, 12, 29))
        #expect(try MealPlanRules.isoWeek("2026-W53").lowerBound == day(2026, 12, 28))
        expectError(.validationFailed, "2025 has no week 53; its last week is 52 or 53.") {
            _ = try MealPlanRules.isoWeek("2025-W53")
        }
        expectError(.validationFailed) { _ = try MealPlanRules.isoWeek("2026-48") }
        for servings in [0, -1, 1001] {
            expectError(.validationFailed, "servings must be between 1 and 1000; it is \(servings).") {
                _ = try MealPlanRules.servings(servings)
            }
        }
        expectError(.validationFailed, "Stew does not say how many it serves; give servings (1 to 1000).") {
            _ = try MealPlanRules.servings(nil, recipe: recipe("Stew", [ing("Water", 1, "l")]))
        }
    }
}
