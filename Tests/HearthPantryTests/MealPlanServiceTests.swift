import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import Testing

@Suite("MealPlanService against a live server: planning, shopping for the plan, cooking and undoing it")
struct MealPlanServiceTests {
    @Test("a week's meals shop 250 g of flour once; cooking for 4 uses 250 g and undoing gives it back")
    func planShopCook() async throws {
        try await withLiveServer { server in
            let services = try await server.signedUpClient()
            let home = try await services.households().createHousehold(name: "Home", description: nil)
            let flour = try await services.pantry().addItem(
                householdId: home.id, name: "Flour", quantity: 500, unit: "g", category: .pantry, expirationDate: nil,
                location: "Pantry", notes: nil)
            let recipe = try await services.recipes().addRecipe(
                householdId: home.id,
                RecipeFields(
                    name: "Pancakes", ingredients: [Ingredient(name: "Flour", quantity: 2, unit: "cup")], servings: 4))
            let plan = try services.mealPlan()
            let monday = try #require(CalendarDay(iso: "2026-11-23"))
            for offset in [0, 2] {
                _ = try await plan.add(
                    householdId: home.id, day: monday.adding(days: offset), meal: .dinner, recipeId: " \(recipe.id) ",
                    servings: 6, note: nil)
            }
            let week = try await plan.plan(householdId: home.id, from: monday, to: monday.adding(days: 6))
            #expect(week.map(\.day) == [monday, monday.adding(days: 2)])

            let added = try await plan.shop(householdId: home.id, from: monday, to: monday.adding(days: 6))
            #expect(added.map { [$0.name, Units.format($0.quantity, $0.unit)] } == [["Flour", "250 g"]])
            #expect(try await plan.shop(householdId: home.id, from: monday, to: monday.adding(days: 6)).isEmpty)

            let cooked = try await plan.cook(
                householdId: home.id, recipeId: recipe.id, servings: nil, mealPlanEntryId: nil)
            #expect(cooked.servings == 4 && cooked.consumed.map(\.quantity) == [250])
            #expect(try await services.pantry().items(in: home.id).first { $0.id == flour.id }?.quantity == 250)
            let undone = try await plan.undoCooking(id: cooked.id)
            #expect(undone.undone)
            #expect(try await services.pantry().items(in: home.id).first { $0.id == flour.id }?.quantity == 500)

            try await plan.remove(entryId: week[0].id)
            #expect(try await plan.plan(householdId: home.id, from: monday, to: monday).isEmpty)
            #expect(await plan.checkHealth().isHealthy)
        }
    }

    @Test("servings, ranges and blank ids are refused before anything is sent")
    func refusals() async throws {
        try await withLiveServer { server in
            let services = try await server.signedUpClient()
            let plan = try services.mealPlan()
            let day = try #require(CalendarDay(iso: "2026-11-23"))
            let zero = await serviceError {
                _ = try await plan.add(householdId: "h", day: day, meal: .lunch, recipeId: "r", servings: 0, note: nil)
            }
            #expect(zero?.message == "servings must be between 1 and 1000; it is 0.")
            let long = await serviceError {
                _ = try await plan.shop(householdId: "h", from: day, to: day.adding(days: 400))
            }
            #expect(
                long?.message == "The range 2026-11-23 to 2027-12-28 is 401 days; ask for at most 366 days at a time.")
            let blank = await serviceError { _ = try await plan.undoCooking(id: "  ") }
            #expect(blank?.message == "Cooking id cannot be empty")
        }
    }
}
