import Foundation
public import HearthCore
public import HearthPantryModel

/// A household's meal plan: meals planned by day, the shopping they need, and recipes cooked from stock.
public protocol MealPlanServicing: ServiceHealth {
    /// The meals planned from `from` to `to` (at most 366 days), by day and meal.
    func plan(householdId: String, from: CalendarDay, to: CalendarDay) async throws -> [MealPlanEntry]
    /// Plans `recipeId` for `meal` on `day`; servings default to the recipe's own.
    func add(
        householdId: String, day: CalendarDay, meal: Meal, recipeId: String, servings: Int?, note: String?
    ) async throws -> MealPlanEntry
    /// Takes a meal off the plan.
    func remove(entryId: String) async throws
    /// Puts on the shopping list what the meals from `from` to `to` still need; returns what was added.
    func shop(householdId: String, from: CalendarDay, to: CalendarDay) async throws -> [ShoppingNeed]
    /// Books what cooking `recipeId` for `servings` (the recipe's own when nil) takes from stock.
    func cook(householdId: String, recipeId: String, servings: Int?, mealPlanEntryId: String?) async throws
        -> Cooking
    /// Takes every consumption a cooking booked back, in one step.
    func undoCooking(id: String) async throws -> Cooking
}

/// The meal plan over the pantry server's GraphQL. Ids are trimmed, servings and ranges checked by
/// ``MealPlanRules`` before anything is sent; nothing is cached, since every member of the household plans.
public actor MealPlanService: MealPlanServicing {
    public nonisolated let serviceName = "MealPlanService"
    private let graphQL: any GraphQLServing

    /// A service over `graphQL`.
    public init(graphQL: any GraphQLServing) {
        self.graphQL = graphQL
    }

    public func plan(householdId: String, from: CalendarDay, to: CalendarDay) async throws -> [MealPlanEntry] {
        let id = try ServiceInput.required(householdId, "Household id")
        let days = try MealPlanRules.range(from: from.iso, to: to.iso)
        return try await graphQL.perform(MealPlanQuery(householdId: id, from: days.lowerBound, to: days.upperBound))
    }

    public func add(
        householdId: String, day: CalendarDay, meal: Meal, recipeId: String, servings: Int?, note: String?
    ) async throws -> MealPlanEntry {
        let id = try ServiceInput.required(householdId, "Household id")
        let recipe = try ServiceInput.required(recipeId, "Recipe id")
        let servings = try servings.map { try MealPlanRules.servings($0) }
        return try await graphQL.perform(
            AddMealPlanEntryMutation(
                householdId: id, day: day, meal: meal, recipeId: recipe, servings: servings,
                note: try MealPlanRules.note(note)))
    }

    public func remove(entryId: String) async throws {
        let id = try ServiceInput.required(entryId, "Meal plan entry id")
        _ = try await graphQL.perform(RemoveMealPlanEntryMutation(id: id))
    }

    public func shop(householdId: String, from: CalendarDay, to: CalendarDay) async throws -> [ShoppingNeed] {
        let id = try ServiceInput.required(householdId, "Household id")
        let days = try MealPlanRules.range(from: from.iso, to: to.iso)
        return try await graphQL.perform(
            AddMissingIngredientsToShoppingListMutation(householdId: id, from: days.lowerBound, to: days.upperBound))
    }

    public func cook(householdId: String, recipeId: String, servings: Int?, mealPlanEntryId: String?) async throws
        -> Cooking
    {
        let id = try ServiceInput.required(householdId, "Household id")
        let recipe = try ServiceInput.required(recipeId, "Recipe id")
        let servings = try servings.map { try MealPlanRules.servings($0) }
        return try await graphQL.perform(
            CookRecipeMutation(
                householdId: id, recipeId: recipe, servings: servings,
                mealPlanEntryId: ServiceInput.trimmed(mealPlanEntryId)))
    }

    public func undoCooking(id: String) async throws -> Cooking {
        let id = try ServiceInput.required(id, "Cooking id")
        return try await graphQL.perform(UndoCookingMutation(id: id))
    }

    public func checkHealth() async -> HealthStatus {
        await ServiceInput.health { [graphQL] in _ = try await graphQL.perform(HouseholdsQuery()) }
    }
}
