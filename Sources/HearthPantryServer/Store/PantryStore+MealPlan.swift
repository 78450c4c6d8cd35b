import Foundation
import HearthCloud
import HearthCore
import HearthPantryModel

/// The meal plan's entries, and recipes cooked from stock with the consumption bookings each made.
extension PantryStore {
    static let mealPlanColumns =
        "id, household_id, day, meal, recipe_id, servings, note, created_by, created_at, updated_at"
    static let cookingColumns =
        "id, household_id, recipe_id, servings, meal_plan_entry_id, shortfalls, created_by, created_at, undone_at"

    /// The household's entries from `days.lowerBound` to `days.upperBound`, both included, in plan order.
    func mealPlan(of householdID: String, days: ClosedRange<CalendarDay>) async throws -> [MealPlanEntry] {
        try await database.transaction(readOnly: true) { tx in
            try await tx.query(
                "SELECT \(Self.mealPlanColumns) FROM pantry_meal_plan WHERE household_id = ? AND day >= ? AND day <= ?",
                .text(householdID), .text(days.lowerBound.iso), .text(days.upperBound.iso))
        }.map(Self.mealPlanEntry).sorted(by: MealPlanEntry.planOrder)
    }

    /// The entry with this id; nil when there is none.
    func mealPlanEntry(id: String) async throws -> MealPlanEntry? {
        try await database.transaction(readOnly: true) { tx in
            try await tx.first("SELECT \(Self.mealPlanColumns) FROM pantry_meal_plan WHERE id = ?", .text(id))
        }.map(Self.mealPlanEntry)
    }

    /// Stores a new entry.
    func insert(_ entry: MealPlanEntry) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                "INSERT INTO pantry_meal_plan (\(Self.mealPlanColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                .text(entry.id), .text(entry.householdId), .text(entry.day.iso), .text(entry.meal.rawValue),
                .text(entry.recipeId), .int(Int64(entry.servings)), SQLValue(entry.note), .text(entry.createdBy),
                .int(milliseconds(entry.createdAt)), .int(milliseconds(entry.updatedAt)))
        }
    }

    /// Stores `new` over `old`. `CONFLICT` when the entry changed or went since `old` was read.
    func update(_ new: MealPlanEntry, replacing old: MealPlanEntry) async throws {
        try await database.transaction(readOnly: false) { tx in
            let updated = try await tx.query(
                """
                UPDATE pantry_meal_plan SET day = ?, meal = ?, recipe_id = ?, servings = ?, note = ?, updated_at = ?
                WHERE id = ? AND updated_at = ? RETURNING id
                """,
                .text(new.day.iso), .text(new.meal.rawValue), .text(new.recipeId), .int(Int64(new.servings)),
                SQLValue(new.note), .int(milliseconds(new.updatedAt)), .text(new.id),
                .int(milliseconds(old.updatedAt)))
            guard !updated.isEmpty else {
                throw ServiceError(
                    .conflict, "The meal plan entry changed while this edit was being made; load it again and retry.")
            }
        }
    }

    /// Deletes the entry; false when there was none.
    func deleteMealPlanEntry(id: String) async throws -> Bool {
        try await database.transaction(readOnly: false) { tx in
            try await tx.query("DELETE FROM pantry_meal_plan WHERE id = ? RETURNING id", .text(id)).isEmpty == false
        }
    }

    /// Stores `cooking` with its consumption `bookings` and the items as they leave them (`new` over `old`, each
    /// refused as a `CONFLICT` when the item changed since it was read), all in one transaction.
    func cook(_ cooking: Cooking, bookings: [StockBooking], items: [(new: PantryItem, old: PantryItem)]) async throws {
        let shortfalls = String(decoding: try JSONEncoder().encode(cooking.shortfalls), as: UTF8.self)
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                "INSERT INTO pantry_cookings (\(Self.cookingColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)",
                .text(cooking.id), .text(cooking.householdId), .text(cooking.recipeId), .int(Int64(cooking.servings)),
                SQLValue(cooking.mealPlanEntryId), .text(shortfalls), .text(cooking.createdBy),
                .int(milliseconds(cooking.createdAt)))
            for booking in bookings { try await Self.insert(booking, tx) }
            for (position, (draw, bookingID)) in zip(cooking.consumed, cooking.bookingIds).enumerated() {
                try await tx.execute(
                    """
                    INSERT INTO pantry_cooking_bookings (cooking_id, position, household_id, booking_id, item_id, name, quantity, unit)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    .text(cooking.id), .int(Int64(position)), .text(cooking.householdId), .text(bookingID),
                    .text(draw.itemId), .text(draw.name), .double(draw.quantity), .text(draw.unit))
            }
            for (new, old) in items { try await Self.update(new, replacing: old, tx) }
        }
    }

    /// Marks `cooking` undone at `at` and stores the undo `markers` with the items as they leave them, in one
    /// transaction. `CONFLICT` when it was undone meanwhile or an item changed since it was read.
    func undo(
        _ cooking: Cooking, at: Date, markers: [StockBooking], items: [(new: PantryItem, old: PantryItem)]
    ) async throws {
        try await database.transaction(readOnly: false) { tx in
            let marked = try await tx.query(
                "UPDATE pantry_cookings SET undone_at = ? WHERE id = ? AND undone_at IS NULL RETURNING id",
                .int(milliseconds(at)), .text(cooking.id))
            guard !marked.isEmpty else {
                throw ServiceError(.conflict, "This cooking was already undone; it can be undone once.")
            }
            for marker in markers { try await Self.insert(marker, tx) }
            for (new, old) in items { try await Self.update(new, replacing: old, tx) }
        }
    }

    /// The cooking with this id, with what it consumed; nil when there is none.
    func cooking(id: String) async throws -> Cooking? {
        let (row, parts) = try await database.transaction(readOnly: true) { tx in
            let row = try await tx.first("SELECT \(Self.cookingColumns) FROM pantry_cookings WHERE id = ?", .text(id))
            let parts = try await tx.query(
                "SELECT booking_id, item_id, name, quantity, unit FROM pantry_cooking_bookings WHERE cooking_id = ? ORDER BY position",
                .text(id))
            return (row, parts)
        }
        guard let row else { return nil }
        let shortfalls =
            (try? JSONDecoder().decode([CookingShortfall].self, from: Data(row.text("shortfalls").utf8))) ?? []
        return Cooking(
            id: row.text("id"), householdId: row.text("household_id"), recipeId: row.text("recipe_id"),
            servings: Int(row.int("servings")), mealPlanEntryId: row.optionalText("meal_plan_entry_id"),
            consumed: parts.map {
                CookingDraw(
                    itemId: $0.text("item_id"), name: $0.text("name"), quantity: $0.double("quantity"),
                    unit: $0.text("unit"))
            },
            bookingIds: parts.map { $0.text("booking_id") }, shortfalls: shortfalls, createdBy: row.text("created_by"),
            createdAt: Self.date(row.int("created_at")),
            undoneAt: row.value("undone_at") == .null ? nil : Self.date(row.int("undone_at")))
    }

    static func mealPlanEntry(_ row: SQLRow) -> MealPlanEntry {
        MealPlanEntry(
            id: row.text("id"), householdId: row.text("household_id"),
            day: CalendarDay(iso: row.text("day")) ?? CalendarDay(dayNumber: 0),
            meal: Meal(rawValue: row.text("meal")) ?? .dinner, recipeId: row.text("recipe_id"),
            servings: Int(row.int("servings")), note: row.optionalText("note"), createdBy: row.text("created_by"),
            createdAt: date(row.int("created_at")), updatedAt: date(row.int("updated_at")))
    }
}
