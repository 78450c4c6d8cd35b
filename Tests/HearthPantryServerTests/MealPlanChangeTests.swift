import Foundation
import GraphQL
import HearthCloud
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("pantryChanged tells members of meal plan changes and of cooking and its undo", .timeLimit(.minutes(10)))
struct MealPlanChangeTests {
    @Test(
        "planning, changing and removing a meal, cooking and undoing it each reach a member, in order",
        arguments: DatabaseKind.allCases)
    func announced(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let (owner, member, household, recipe, _) = try await MealPlanSliceTests.kitchen(pantry)
            let h = Map.string(household.id)
            let stream = try await PantryChangeTests.settledStream(pantry, household.id, as: member)

            let entry = try await pantry.data(
                MealPlanSliceTests.plan, as: owner,
                ["h": h, "day": "2026-11-23", "meal": "dinner", "r": .string(recipe)])["addMealPlanEntry", "id"]
            _ = try await pantry.data(
                "mutation($id: String!) { updateMealPlanEntry(id: $id, servings: 8) { id } }", as: owner,
                ["id": entry])
            let cooking = try await pantry.data(
                MealPlanSliceTests.cook, as: owner, ["h": h, "r": .string(recipe)])["cookRecipe", "id"]
            _ = try await pantry.data(MealPlanSliceTests.undo, as: owner, ["c": cooking])
            _ = try await pantry.data(
                "mutation($id: String!) { removeMealPlanEntry(id: $id) }", as: owner, ["id": entry])

            var kinds: [Map] = []
            for _ in 0..<5 {
                let event = try #require(try await SubscriptionTests.next(stream))
                #expect(event.data?["pantryChanged", "recipeId"] == .string(recipe))
                #expect(event.data?["pantryChanged", "byUserId"] == .string(owner.userID))
                kinds.append(event.data?["pantryChanged", "kind"] ?? .null)
            }
            #expect(
                kinds == ["mealPlanChanged", "mealPlanChanged", "recipeCooked", "cookingUndone", "mealPlanChanged"])
        }
    }
}
