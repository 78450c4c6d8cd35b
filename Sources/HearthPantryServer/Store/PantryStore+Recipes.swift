import Foundation
import HearthCloud
import HearthCore
import HearthPantryModel

/// Recipes, with their ingredients, steps and tags in tables of their own, by position.
extension PantryStore {
    static let recipeColumns =
        "id, household_id, name, description, prep_time, cook_time, servings, difficulty, version"

    /// Stores a new recipe and its ingredients, steps and tags, in one transaction.
    func insert(_ recipe: Recipe) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                "INSERT INTO pantry_recipes (\(Self.recipeColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)",
                .text(recipe.id), .text(recipe.householdId), .text(recipe.name), SQLValue(recipe.description),
                SQLValue(recipe.prepTime.map(Int64.init)), SQLValue(recipe.cookTime.map(Int64.init)),
                SQLValue(recipe.servings.map(Int64.init)),
                .text(recipe.difficulty.rawValue))
            try await Self.insertParts(of: recipe, tx)
        }
    }

    /// Replaces the stored recipe with `recipe` (same id and household): its fields, and its ingredients, steps
    /// and tags, in one transaction; returns the recipe as saved, one version on. With `expectedVersion`, only
    /// while the stored recipe is still at that version: PostgreSQL's row lock makes a concurrent update wait and
    /// then see the version it wrote. `NOT_FOUND` when it was deleted meanwhile, `STALE_VERSION` (nothing written)
    /// when it was saved since `expectedVersion`.
    func update(_ recipe: Recipe, expectedVersion: Int?) async throws -> Recipe {
        try await database.transaction(readOnly: false) { tx in
            var binds: [SQLValue] = [
                .text(recipe.name), SQLValue(recipe.description), SQLValue(recipe.prepTime.map(Int64.init)),
                SQLValue(recipe.cookTime.map(Int64.init)),
                SQLValue(recipe.servings.map(Int64.init)), .text(recipe.difficulty.rawValue), .text(recipe.id),
            ]
            if let expectedVersion { binds.append(.int(Int64(expectedVersion))) }
            let updated = try await tx.query(
                """
                UPDATE pantry_recipes SET name = ?, description = ?, prep_time = ?, cook_time = ?, servings = ?, difficulty = ?,
                version = version + 1 WHERE id = ?\(expectedVersion == nil ? "" : " AND version = ?") RETURNING version
                """, binds)
            guard let version = updated.first.map({ Int($0.int("version")) }) else {
                guard
                    let current = try await tx.first(
                        "SELECT name, version FROM pantry_recipes WHERE id = ?", .text(recipe.id))
                else {
                    throw ServiceError.notFound("Recipe \(recipe.id)")
                }
                throw ServiceError(
                    .staleVersion,
                    "Recipe \"\(current.text("name"))\" was saved by someone else since you read it (it is at version \(current.int("version")), your change was based on version \(expectedVersion ?? 0)); nothing was changed. Reload it, apply your change again and save."
                )
            }
            for table in Self.recipeParts {
                try await tx.execute("DELETE FROM \(table) WHERE recipe_id = ?", .text(recipe.id))
            }
            try await Self.insertParts(of: recipe, tx)
            var saved = recipe
            saved.version = version
            return saved
        }
    }

    /// Deletes the recipe with its ingredients, steps, tags and meal plan entries; shopping list lines added for
    /// it stay, no longer tied to it. False when there was no such recipe.
    func deleteRecipe(id: String) async throws -> Bool {
        try await database.transaction(readOnly: false) { tx in
            for table in Self.recipeParts {
                try await tx.execute("DELETE FROM \(table) WHERE recipe_id = ?", .text(id))
            }
            try await tx.execute("UPDATE pantry_shopping_items SET recipe_id = NULL WHERE recipe_id = ?", .text(id))
            try await tx.execute("DELETE FROM pantry_meal_plan WHERE recipe_id = ?", .text(id))
            return try await tx.query("DELETE FROM pantry_recipes WHERE id = ? RETURNING id", .text(id)).isEmpty
                == false
        }
    }

    /// The tables holding a recipe's ingredients, steps and tags.
    static let recipeParts = ["pantry_recipe_ingredients", "pantry_recipe_steps", "pantry_recipe_tags"]

    private static func insertParts(of recipe: Recipe, _ tx: any SQLTransaction) async throws {
        for (position, ingredient) in recipe.ingredients.enumerated() {
            try await tx.execute(
                """
                INSERT INTO pantry_recipe_ingredients (recipe_id, position, name, quantity, unit, quantity_max, note)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                .text(recipe.id), .int(Int64(position)), .text(ingredient.name), .double(ingredient.quantity),
                .text(ingredient.unit), ingredient.quantityMax.map(SQLValue.double) ?? .null, SQLValue(ingredient.note))
        }
        for (position, step) in recipe.instructions.enumerated() {
            try await tx.execute(
                "INSERT INTO pantry_recipe_steps (recipe_id, position, text) VALUES (?, ?, ?)", .text(recipe.id),
                .int(Int64(position)), .text(step))
        }
        for tag in recipe.tags {
            try await tx.execute(
                "INSERT INTO pantry_recipe_tags (recipe_id, tag) VALUES (?, ?)", .text(recipe.id), .text(tag))
        }
    }

    /// The recipes of each household, by household, in name order.
    func recipes(inHouseholds ids: [String]) async throws -> [String: [Recipe]] {
        let recipes = try await recipes(
            from: select(
                "SELECT \(Self.recipeColumns) FROM pantry_recipes WHERE household_id IN", ids, order: "name, id"))
        return Dictionary(grouping: recipes, by: \.householdId)
    }

    /// The recipe with this id; nil when there is none.
    func recipe(id: String) async throws -> Recipe? {
        try await recipes(from: select("SELECT \(Self.recipeColumns) FROM pantry_recipes WHERE id IN", [id])).first
    }

    /// The recipes of `rows`, in their order, with their ingredients, steps and tags (three more statements).
    private func recipes(from rows: [SQLRow]) async throws -> [Recipe] {
        let ids = rows.map { $0.text("id") }
        guard !ids.isEmpty else { return [] }
        let ingredients = Dictionary(
            grouping: try await select(
                "SELECT recipe_id, name, quantity, unit, quantity_max, note FROM pantry_recipe_ingredients WHERE recipe_id IN",
                ids,
                order: "recipe_id, position"
            ), by: { $0.text("recipe_id") })
        let steps = Dictionary(
            grouping: try await select(
                "SELECT recipe_id, text FROM pantry_recipe_steps WHERE recipe_id IN", ids, order: "recipe_id, position"
            ), by: { $0.text("recipe_id") })
        let tags = Dictionary(
            grouping: try await select(
                "SELECT recipe_id, tag FROM pantry_recipe_tags WHERE recipe_id IN", ids, order: "recipe_id, tag"),
            by: { $0.text("recipe_id") })
        return rows.map { row in
            let id = row.text("id")
            return Recipe(
                id: id, householdId: row.text("household_id"), name: row.text("name"),
                description: row.optionalText("description"),
                ingredients: (ingredients[id] ?? []).map {
                    Ingredient(
                        name: $0.text("name"), quantity: $0.double("quantity"), unit: $0.text("unit"),
                        quantityMax: $0.value("quantity_max") == .null ? nil : $0.double("quantity_max"),
                        note: $0.optionalText("note"))
                },
                instructions: (steps[id] ?? []).map { $0.text("text") },
                prepTime: Self.optionalInt(row, "prep_time"), cookTime: Self.optionalInt(row, "cook_time"),
                servings: Self.optionalInt(row, "servings"),
                difficulty: Difficulty(rawValue: row.text("difficulty")) ?? .easy,
                tags: (tags[id] ?? []).map { $0.text("tag") },
                version: Int(row.int("version")))
        }
    }

    private static func optionalInt(_ row: SQLRow, _ column: String) -> Int? {
        row.value(column) == .null ? nil : Int(row.int(column))
    }
}
