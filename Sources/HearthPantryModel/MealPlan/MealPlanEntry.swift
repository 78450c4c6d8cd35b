public import Foundation
public import HearthCore

/// One planned meal of a household: a recipe to cook on a day, for a meal, for so many servings.
public struct MealPlanEntry: Codable, Sendable, Hashable, Identifiable {
    /// The entry's id.
    public let id: String
    /// The household whose plan it is.
    public let householdId: String
    /// The day the meal is planned for.
    public let day: CalendarDay
    /// Which meal of that day.
    public let meal: Meal
    /// The recipe to cook; a recipe of the same household.
    public let recipeId: String
    /// How many servings to cook (the recipe's amounts are scaled by servings / the recipe's own servings).
    public let servings: Int
    /// A note, such as "double the garlic".
    public let note: String?
    /// Who planned it.
    public let createdBy: String
    /// When it was planned.
    public let createdAt: Date
    /// When it was last changed.
    public let updatedAt: Date

    public init(
        id: String, householdId: String, day: CalendarDay, meal: Meal, recipeId: String, servings: Int,
        note: String? = nil, createdBy: String, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.householdId = householdId
        self.day = day
        self.meal = meal
        self.recipeId = recipeId
        self.servings = servings
        self.note = note
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Entries as a plan lists them: by day, then meal (breakfast first), then when they were planned.
    public static func planOrder(_ lhs: MealPlanEntry, _ rhs: MealPlanEntry) -> Bool {
        (lhs.day, lhs.meal.sortOrder, lhs.createdAt, lhs.id) < (rhs.day, rhs.meal.sortOrder, rhs.createdAt, rhs.id)
    }
}
