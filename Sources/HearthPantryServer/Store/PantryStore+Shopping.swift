import Foundation
import HearthCloud
import HearthCore
import HearthPantryModel

/// Shopping list lines. ShoppingList decides what the list becomes; these store the lines it added or changed,
/// and a line checked off together with the purchase it books.
extension PantryStore {
    static let shoppingColumns = "id, household_id, name, quantity, unit, checked, note, recipe_id, created_at"

    /// The default shopping list of each household, by household, in the order the lines were added.
    func shoppingLists(ofHouseholds ids: [String]) async throws -> [String: [ShoppingListItem]] {
        let rows = try await select(
            "SELECT \(Self.shoppingColumns), list_id, section FROM pantry_shopping_items WHERE (list_id IS NULL OR list_id IN (SELECT id FROM pantry_shopping_lists WHERE is_default = 1)) AND household_id IN",
            ids, order: "created_at, id")
        return Dictionary(grouping: rows.map(Self.shoppingItem), by: \.householdId)
    }

    /// The line with this id; nil when there is none.
    func shoppingItem(id: String) async throws -> ShoppingListItem? {
        try await select(
            "SELECT \(Self.shoppingColumns), list_id, section FROM pantry_shopping_items WHERE id IN", [id]
        ).first.map(
            Self.shoppingItem)
    }

    /// Stores `new`, which ShoppingList made from `old`: the lines it added (in order, after every line there is),
    /// the lines it changed, and the lines it removed. Added lines go on the list they name, else on `listId`,
    /// else on their household's default list.
    func save(list new: [ShoppingListItem], replacing old: [ShoppingListItem], at now: Date, listId: String? = nil)
        async throws
    {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let kept = Set(new.map(\.id))
        try await database.transaction(readOnly: false) { tx in
            var defaults: [String: String] = [:]
            for line in old where !kept.contains(line.id) {
                try await tx.execute("DELETE FROM pantry_shopping_items WHERE id = ?", .text(line.id))
            }
            var added = 0
            for line in new {
                if let previous = before[line.id] {
                    if previous != line { try await Self.update(line, tx) }
                } else {
                    var list = line.listId ?? listId ?? defaults[line.householdId]
                    if list == nil {
                        list = try await Self.defaultList(of: line.householdId, tx, at: milliseconds(now)).id
                        defaults[line.householdId] = list
                    }
                    try await tx.execute(
                        "INSERT INTO pantry_shopping_items (\(Self.shoppingColumns), list_id, section) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        .text(line.id), .text(line.householdId), .text(line.name), .double(line.quantity),
                        .text(line.unit), SQLValue(line.checked),
                        SQLValue(line.note), SQLValue(line.recipeId), .int(milliseconds(now) + Int64(added)),
                        SQLValue(list), SQLValue(line.section?.rawValue))
                    added += 1
                }
            }
        }
    }

    /// Checks `line` off and books `purchase` (an opening balance first, when the item needs one) into `item` (stored new when `old` is nil), in one transaction.
    /// `CONFLICT` when the line was checked off or the item changed meanwhile.
    func checkOff(_ line: ShoppingListItem, purchase: [StockBooking], item: PantryItem, replacing old: PantryItem?)
        async throws
    {
        try await database.transaction(readOnly: false) { tx in
            let checked = try await tx.query(
                "UPDATE pantry_shopping_items SET checked = ? WHERE id = ? AND checked = ? RETURNING id",
                SQLValue(true), .text(line.id), SQLValue(false))
            guard !checked.isEmpty else { throw ServiceError(.conflict, "\(line.name) is already checked off.") }
            if let old { try await Self.update(item, replacing: old, tx) } else { try await Self.insert(item, tx) }
            for booking in purchase { try await Self.insert(booking, tx) }
        }
    }

    private static func update(_ line: ShoppingListItem, _ tx: any SQLTransaction) async throws {
        try await tx.execute(
            "UPDATE pantry_shopping_items SET quantity = ?, unit = ?, checked = ?, note = ?, recipe_id = ?, section = ? WHERE id = ?",
            .double(line.quantity), .text(line.unit), SQLValue(line.checked), SQLValue(line.note),
            SQLValue(line.recipeId), SQLValue(line.section?.rawValue), .text(line.id))
    }

    static func shoppingItem(_ row: SQLRow) -> ShoppingListItem {
        ShoppingListItem(
            id: row.text("id"), householdId: row.text("household_id"), name: row.text("name"),
            quantity: row.double("quantity"),
            unit: row.text("unit"), checked: row.int("checked") != 0, note: row.optionalText("note"),
            recipeId: row.optionalText("recipe_id"), listId: row.optionalText("list_id"),
            section: row.optionalText("section").flatMap(StoreSection.init(rawValue:)))
    }
}
