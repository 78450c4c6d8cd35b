extension PantryTables {
    /// The meal plan and cooked recipes: `pantry_meal_plan` holds ``MealPlanEntry`` rows (the day as `YYYY-MM-DD`),
    /// `pantry_cookings` each recipe cooked (its shortfalls as JSON) and `pantry_cooking_bookings` the consumption
    /// bookings it made, by position, so that undoing it takes them all back in one transaction.
    static let mealPlanStatements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS pantry_meal_plan (
            id TEXT PRIMARY KEY, household_id TEXT NOT NULL, day TEXT NOT NULL, meal TEXT NOT NULL,
            recipe_id TEXT NOT NULL, servings BIGINT NOT NULL, note TEXT, created_by TEXT NOT NULL,
            created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS pantry_meal_plan_household ON pantry_meal_plan(household_id, day)",
        "CREATE INDEX IF NOT EXISTS pantry_meal_plan_recipe ON pantry_meal_plan(recipe_id)",
        """
        CREATE TABLE IF NOT EXISTS pantry_cookings (
            id TEXT PRIMARY KEY, household_id TEXT NOT NULL, recipe_id TEXT NOT NULL, servings BIGINT NOT NULL,
            meal_plan_entry_id TEXT, shortfalls TEXT NOT NULL, created_by TEXT NOT NULL, created_at BIGINT NOT NULL,
            undone_at BIGINT)
        """,
        "CREATE INDEX IF NOT EXISTS pantry_cookings_household ON pantry_cookings(household_id, created_at)",
        """
        CREATE TABLE IF NOT EXISTS pantry_cooking_bookings (
            cooking_id TEXT NOT NULL, position BIGINT NOT NULL, household_id TEXT NOT NULL, booking_id TEXT NOT NULL,
            item_id TEXT NOT NULL, name TEXT NOT NULL, quantity DOUBLE PRECISION NOT NULL, unit TEXT NOT NULL,
            PRIMARY KEY (cooking_id, position))
        """,
    ]
}
