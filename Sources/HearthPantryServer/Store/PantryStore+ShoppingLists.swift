import Foundation
import HearthCloud
import HearthCore
import HearthPantryModel

/// A household's named shopping lists and its stores. Every household has one default list, made when first
/// needed (and by migration for the lines kept before there were several lists); lines that name no list are on
/// it.
extension PantryStore {
    static let listColumns = "id, household_id, name, is_default, store_id"
    static let storeColumns = "id, household_id, name, section_order"

    /// Puts lines stored before there were several lists onto their household's default list (made when
    /// missing), and indexes lines by list. Part of every migration: it finds nothing to do once done.
    static func moveLinesOntoDefaultLists(_ tx: any SQLTransaction) async throws {
        try await tx.execute(
            "CREATE INDEX IF NOT EXISTS pantry_shopping_items_list ON pantry_shopping_items(list_id, created_at)", [])
        let orphans = try await tx.query(
            "SELECT household_id, MIN(created_at) AS since FROM pantry_shopping_items WHERE list_id IS NULL GROUP BY household_id",
            [])
        for row in orphans {
            let list = try await defaultList(of: row.text("household_id"), tx, at: row.int("since"))
            try await tx.execute(
                "UPDATE pantry_shopping_items SET list_id = ? WHERE household_id = ? AND list_id IS NULL",
                .text(list.id), .text(list.householdId))
        }
    }

    /// The household's default list, made (named ``HouseholdShoppingList/defaultName``) when it has none.
    static func defaultList(of householdID: String, _ tx: any SQLTransaction, at time: Int64) async throws
        -> HouseholdShoppingList
    {
        let select = "SELECT \(listColumns) FROM pantry_shopping_lists WHERE household_id = ? AND is_default = 1"
        if let row = try await tx.first(select, .text(householdID)) { return list(row) }
        // Another writer may make it at the same moment: the unique default index lets only one through.
        try await tx.execute(
            "INSERT INTO pantry_shopping_lists (id, household_id, name, name_key, is_default, created_at) VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT DO NOTHING",
            .text(newID()), .text(householdID), .text(HouseholdShoppingList.defaultName),
            .text(ShoppingSections.nameKey(HouseholdShoppingList.defaultName)), .int(time))
        guard let row = try await tx.first(select, .text(householdID)) else {
            throw ServiceError(
                .conflict,
                "The household has no default shopping list and one could not be made; rename the list called \(HouseholdShoppingList.defaultName) and try again."
            )
        }
        return list(row)
    }

    /// The household's default list, made when it has none.
    func defaultShoppingList(of householdID: String) async throws -> HouseholdShoppingList {
        if let found = try await database.transaction(
            readOnly: true,
            { tx in
                try await tx.first(
                    "SELECT \(Self.listColumns) FROM pantry_shopping_lists WHERE household_id = ? AND is_default = 1",
                    .text(householdID))
            })
        {
            return Self.list(found)
        }
        let now = milliseconds(clock())
        return try await database.transaction(readOnly: false) { tx in
            try await Self.defaultList(of: householdID, tx, at: now)
        }
    }

    /// The household's lists: the default first, then by name.
    func shoppingLists(ofHousehold householdID: String) async throws -> [HouseholdShoppingList] {
        let rows = try await select(
            "SELECT \(Self.listColumns), name_key FROM pantry_shopping_lists WHERE household_id IN", [householdID],
            order: "is_default DESC, name_key, id")
        return rows.map(Self.list)
    }

    /// The list with this id; nil when there is none.
    func shoppingList(id: String) async throws -> HouseholdShoppingList? {
        try await select("SELECT \(Self.listColumns) FROM pantry_shopping_lists WHERE id IN", [id]).first.map(Self.list)
    }

    /// The lines of each list, by list, in the order they were added.
    func shoppingLines(onLists ids: [String]) async throws -> [String: [ShoppingListItem]] {
        let rows = try await select(
            "SELECT \(Self.shoppingColumns), list_id, section FROM pantry_shopping_items WHERE list_id IN", ids,
            order: "created_at, id")
        return Dictionary(grouping: rows.map(Self.shoppingItem), by: { $0.listId ?? "" })
    }

    /// Stores a new list. `CONFLICT` when the household has a list of that name in any case.
    func insert(_ list: HouseholdShoppingList) async throws {
        let now = milliseconds(clock())
        try await database.transaction(readOnly: false) { tx in
            _ = try await Self.defaultList(of: list.householdId, tx, at: now)
            try await Self.requireFreeName(list.name, "pantry_shopping_lists", list.householdId, except: nil, tx)
            try await tx.execute(
                "INSERT INTO pantry_shopping_lists (id, household_id, name, name_key, is_default, store_id, created_at) VALUES (?, ?, ?, ?, 0, ?, ?)",
                .text(list.id), .text(list.householdId), .text(list.name), .text(ShoppingSections.nameKey(list.name)),
                SQLValue(list.storeId), .int(now))
        }
    }

    /// Stores a list's new name and store. `CONFLICT` when another list of the household has the name.
    func update(_ list: HouseholdShoppingList) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await Self.requireFreeName(list.name, "pantry_shopping_lists", list.householdId, except: list.id, tx)
            try await tx.execute(
                "UPDATE pantry_shopping_lists SET name = ?, name_key = ?, store_id = ? WHERE id = ?", .text(list.name),
                .text(ShoppingSections.nameKey(list.name)), SQLValue(list.storeId), .text(list.id))
        }
    }

    /// Deletes `list`, moving its lines to the end of the household's default list (when `list` is the default,
    /// the oldest other list becomes the default first). Returns the list that took the lines. `CONFLICT` when it
    /// is the household's only list.
    func delete(_ list: HouseholdShoppingList) async throws -> HouseholdShoppingList {
        let now = milliseconds(clock())
        return try await database.transaction(readOnly: false) { tx in
            let others = try await tx.query(
                "SELECT \(Self.listColumns) FROM pantry_shopping_lists WHERE household_id = ? AND id <> ? ORDER BY is_default DESC, created_at, id",
                .text(list.householdId), .text(list.id)
            ).map(Self.list)
            guard let heir = others.first else {
                throw ServiceError(
                    .conflict,
                    "\(list.name) is the household's only shopping list and cannot be deleted; rename it, or clear its lines instead."
                )
            }
            try await tx.execute("DELETE FROM pantry_shopping_lists WHERE id = ?", .text(list.id))
            if !heir.isDefault {
                try await tx.execute("UPDATE pantry_shopping_lists SET is_default = 1 WHERE id = ?", .text(heir.id))
            }
            // Moved lines keep their order, after the heir's own.
            let moved = try await tx.query(
                "SELECT id FROM pantry_shopping_items WHERE list_id = ? ORDER BY created_at, id", .text(list.id))
            for (offset, row) in moved.enumerated() {
                try await tx.execute(
                    "UPDATE pantry_shopping_items SET list_id = ?, created_at = ? WHERE id = ?", .text(heir.id),
                    .int(now + Int64(offset)), .text(row.text("id")))
            }
            return HouseholdShoppingList(
                id: heir.id, householdId: heir.householdId, name: heir.name, isDefault: true, storeId: heir.storeId)
        }
    }

    /// Moves `line` to the end of list `listId`.
    func move(_ line: ShoppingListItem, to listId: String) async throws {
        let now = milliseconds(clock())
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                "UPDATE pantry_shopping_items SET list_id = ?, created_at = ? WHERE id = ?", .text(listId), .int(now),
                .text(line.id))
        }
    }

    /// The household's stores, by name.
    func stores(ofHousehold householdID: String) async throws -> [GroceryStore] {
        try await select(
            "SELECT \(Self.storeColumns), name_key FROM pantry_stores WHERE household_id IN", [householdID],
            order: "name_key, id"
        ).map(Self.store)
    }

    /// The store with this id; nil when there is none.
    func groceryStore(id: String) async throws -> GroceryStore? {
        try await select("SELECT \(Self.storeColumns) FROM pantry_stores WHERE id IN", [id]).first.map(Self.store)
    }

    /// Stores a new store, or a store's new name and order. `CONFLICT` when another store of the household has
    /// the name.
    func save(_ store: GroceryStore, isNew: Bool) async throws {
        let now = milliseconds(clock())
        try await database.transaction(readOnly: false) { tx in
            try await Self.requireFreeName(
                store.name, "pantry_stores", store.householdId, except: isNew ? nil : store.id, tx)
            let order = SQLValue.text(store.sectionOrder.map(\.rawValue).joined(separator: ","))
            if isNew {
                try await tx.execute(
                    "INSERT INTO pantry_stores (id, household_id, name, name_key, section_order, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                    .text(store.id), .text(store.householdId), .text(store.name),
                    .text(ShoppingSections.nameKey(store.name)), order, .int(now))
            } else {
                try await tx.execute(
                    "UPDATE pantry_stores SET name = ?, name_key = ?, section_order = ? WHERE id = ?",
                    .text(store.name),
                    .text(ShoppingSections.nameKey(store.name)), order, .text(store.id))
            }
        }
    }

    /// Deletes a store; lists that chose it are left without a store.
    func delete(_ store: GroceryStore) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute("UPDATE pantry_shopping_lists SET store_id = NULL WHERE store_id = ?", .text(store.id))
            try await tx.execute("DELETE FROM pantry_stores WHERE id = ?", .text(store.id))
        }
    }

    /// `CONFLICT` when `table` has a row of the household, other than `except`, named `name` in any case.
    private static func requireFreeName(
        _ name: String, _ table: String, _ householdID: String, except: String?, _ tx: any SQLTransaction
    ) async throws {
        let taken = try await tx.first(
            "SELECT name FROM \(table) WHERE household_id = ? AND name_key = ? AND id <> ?", .text(householdID),
            .text(ShoppingSections.nameKey(name)), .text(except ?? ""))
        if let taken {
            let what = table == "pantry_stores" ? "store" : "shopping list"
            throw ServiceError(
                .conflict,
                "The household already has a \(what) called \(taken.text("name")); names differ by more than case. Choose another name."
            )
        }
    }

    static func list(_ row: SQLRow) -> HouseholdShoppingList {
        HouseholdShoppingList(
            id: row.text("id"), householdId: row.text("household_id"), name: row.text("name"),
            isDefault: row.int("is_default") != 0, storeId: row.optionalText("store_id"))
    }

    static func store(_ row: SQLRow) -> GroceryStore {
        GroceryStore(
            id: row.text("id"), householdId: row.text("household_id"), name: row.text("name"),
            sectionOrder: row.text("section_order").split(separator: ",").compactMap {
                StoreSection(rawValue: String($0))
            })
    }
}
