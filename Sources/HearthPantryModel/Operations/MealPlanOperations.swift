public import HearthCore

extension PantrySelection {
    /// A ``MealPlanEntry``.
    public static let mealPlanEntry = "id householdId day meal recipeId servings note createdBy createdAt updatedAt"
    /// A ``Cooking``.
    public static let cooking =
        "id householdId recipeId servings mealPlanEntryId consumed { itemId name quantity unit } bookingIds shortfalls { name quantity unit reason } createdBy createdAt undoneAt"
}

/// A household's planned meals from one day to another (at most 366 days), by day and meal.
public struct MealPlanQuery: PantryOperation {
    public typealias Answer = [MealPlanEntry]
    public static let kind = PantryOperationKind.query
    public static let document =
        "query MealPlan($id: String!, $from: String!, $to: String!) { mealPlan(householdId: $id, from: $from, to: $to) { \(PantrySelection.mealPlanEntry) } }"
    public static let field = "mealPlan"
    public let householdId: String
    public let from: CalendarDay
    public let to: CalendarDay
    public init(householdId: String, from: CalendarDay, to: CalendarDay) {
        self.householdId = householdId
        self.from = from
        self.to = to
    }
    public var variables: [String: AnyJSON] {
        ["id": .string(householdId), "from": .string(from.iso), "to": .string(to.iso)]
    }
}

/// Plans a recipe for a day's meal; servings default to the recipe's own.
public struct AddMealPlanEntryMutation: PantryOperation {
    public typealias Answer = MealPlanEntry
    public static let kind = PantryOperationKind.mutation
    public static let document = """
        mutation AddMealPlanEntry($id: String!, $day: String!, $meal: Meal!, $recipe: String!, $servings: Int, $note: String) {
          addMealPlanEntry(householdId: $id, day: $day, meal: $meal, recipeId: $recipe, servings: $servings, note: $note) { \(PantrySelection.mealPlanEntry) }
        }
        """
    public static let field = "addMealPlanEntry"
    public let householdId: String
    public let day: CalendarDay
    public let meal: Meal
    public let recipeId: String
    public let servings: Int?
    public let note: String?
    public init(
        householdId: String, day: CalendarDay, meal: Meal, recipeId: String, servings: Int? = nil, note: String? = nil
    ) {
        self.householdId = householdId
        self.day = day
        self.meal = meal
        self.recipeId = recipeId
        self.servings = servings
        self.note = note
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(householdId), "day": .string(day.iso), "meal": .string(meal.rawValue),
            "recipe": .string(recipeId), "servings": servings.map { .int(Int64($0)) } ?? .null,
            "note": note.map(AnyJSON.string) ?? .null,
        ]
    }
}

/// Takes a meal off the plan.
public struct RemoveMealPlanEntryMutation: PantryOperation {
    public typealias Answer = Bool
    public static let kind = PantryOperationKind.mutation
    public static let document = "mutation RemoveMealPlanEntry($id: String!) { removeMealPlanEntry(id: $id) }"
    public static let field = "removeMealPlanEntry"
    public let id: String
    public init(id: String) { self.id = id }
    public var variables: [String: AnyJSON] { ["id": .string(id)] }
}

/// Puts on the shopping list what the meals planned from one day to another still need; the answer is what was
/// added (nothing when the list already holds it all).
public struct AddMissingIngredientsToShoppingListMutation: PantryOperation {
    public typealias Answer = [ShoppingNeed]
    public static let kind = PantryOperationKind.mutation
    public static let document = """
        mutation AddMissingIngredientsToShoppingList($id: String!, $from: String!, $to: String!) {
          addMissingIngredientsToShoppingList(householdId: $id, from: $from, to: $to) { name quantity unit note lineId }
        }
        """
    public static let field = "addMissingIngredientsToShoppingList"
    public let householdId: String
    public let from: CalendarDay
    public let to: CalendarDay
    public init(householdId: String, from: CalendarDay, to: CalendarDay) {
        self.householdId = householdId
        self.from = from
        self.to = to
    }
    public var variables: [String: AnyJSON] {
        ["id": .string(householdId), "from": .string(from.iso), "to": .string(to.iso)]
    }
}

/// Books what cooking a recipe takes from stock; servings default to the recipe's own.
public struct CookRecipeMutation: PantryOperation {
    public typealias Answer = Cooking
    public static let kind = PantryOperationKind.mutation
    public static let document = """
        mutation CookRecipe($id: String!, $recipe: String!, $servings: Int, $entry: String) {
          cookRecipe(householdId: $id, recipeId: $recipe, servings: $servings, mealPlanEntryId: $entry) { \(PantrySelection.cooking) }
        }
        """
    public static let field = "cookRecipe"
    public let householdId: String
    public let recipeId: String
    public let servings: Int?
    public let mealPlanEntryId: String?
    public init(householdId: String, recipeId: String, servings: Int? = nil, mealPlanEntryId: String? = nil) {
        self.householdId = householdId
        self.recipeId = recipeId
        self.servings = servings
        self.mealPlanEntryId = mealPlanEntryId
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(householdId), "recipe": .string(recipeId),
            "servings": servings.map { .int(Int64($0)) } ?? .null,
            "entry": mealPlanEntryId.map(AnyJSON.string) ?? .null,
        ]
    }
}

/// Takes back every consumption a cooking booked, in one step.
public struct UndoCookingMutation: PantryOperation {
    public typealias Answer = Cooking
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation UndoCooking($id: String!) { undoCooking(id: $id) { \(PantrySelection.cooking) } }"
    public static let field = "undoCooking"
    public let id: String
    public init(id: String) { self.id = id }
    public var variables: [String: AnyJSON] { ["id": .string(id)] }
}
