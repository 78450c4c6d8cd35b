import Foundation
import HearthCloud
import HearthCore
import HearthPantryModel

/// Items and their stock bookings. Bookings are only ever appended; each booking and the item it leaves are
/// written in one transaction, refused as a conflict when the item changed since it was read.
extension PantryStore {
    static let bookingColumns =
        "id, household_id, item_id, kind, spoiled, from_location, to_location, quantity, location, best_before, created_by, created_at, reverses"

    /// Where stock can be kept when a household has named nowhere else yet.
    static let defaultLocations = HouseholdLocations.defaults

    /// The item with this id; nil when there is none.
    func item(id: String) async throws -> PantryItem? {
        try await database.transaction(readOnly: true) { tx in
            try await tx.first("SELECT \(Self.itemColumns) FROM pantry_items WHERE id = ?", .text(id))
        }.map(Self.item)
    }

    /// The booking with this id; nil when there is none.
    func booking(id: String) async throws -> StockBooking? {
        try await database.transaction(readOnly: true) { tx in
            try await tx.first("SELECT \(Self.bookingColumns) FROM pantry_stock_bookings WHERE id = ?", .text(id))
        }.map(Self.booking)
    }

    /// The bookings of each item, by item, oldest first (undo markers included).
    func bookings(ofItems ids: [String]) async throws -> [String: [StockBooking]] {
        let rows = try await select(
            "SELECT \(Self.bookingColumns) FROM pantry_stock_bookings WHERE item_id IN", ids, order: "created_at, id")
        return Dictionary(grouping: rows.map(Self.booking), by: \.itemId)
    }

    /// The places a household keeps stock: the default ones, then every other location its items and bookings name.
    func locations(ofHousehold id: String) async throws -> [String] {
        let rows = try await database.transaction(readOnly: true) { tx in
            try await tx.query(
                """
                SELECT location AS name FROM pantry_items WHERE household_id = ? AND location IS NOT NULL
                UNION SELECT location AS name FROM pantry_stock_bookings WHERE household_id = ? AND location IS NOT NULL
                UNION SELECT to_location AS name FROM pantry_stock_bookings WHERE household_id = ? AND to_location IS NOT NULL
                """,
                .text(id), .text(id), .text(id))
        }
        var names = Self.defaultLocations
        for name in rows.map({ $0.text("name") }).sorted()
        where !names.contains(where: { $0.lowercased() == name.lowercased() }) {
            names.append(name)
        }
        return names
    }

    /// Stores a new item and, when it comes with stock, the purchase that brought it in.
    func insert(_ item: PantryItem, purchase: StockBooking?) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await Self.insert(item, tx)
            if let purchase { try await Self.insert(purchase, tx) }
        }
    }

    /// Appends `bookings` and stores `new`, the item as they leave it. `CONFLICT` when the item changed since
    /// `old` was read (nothing is written then).
    func book(_ bookings: [StockBooking], item new: PantryItem, replacing old: PantryItem) async throws {
        try await database.transaction(readOnly: false) { tx in
            for booking in bookings { try await Self.insert(booking, tx) }
            try await Self.update(new, replacing: old, tx)
        }
    }

    /// Stores `new`'s description (everything but its stock). `CONFLICT` when the item changed since `old` was read.
    func edit(_ new: PantryItem, replacing old: PantryItem) async throws {
        try await database.transaction(readOnly: false) { tx in
            let updated = try await tx.query(
                """
                UPDATE pantry_items SET name = ?, unit = ?, category = ?, expiration_date = ?, due_date_kind = ?, minimum_quantity = ?,
                location = ?, notes = ?, barcode = ?, updated_at = ? WHERE id = ? AND updated_at = ? RETURNING id
                """,
                .text(new.name), .text(new.unit), .text(new.category.rawValue), SQLValue(new.expirationDate?.iso),
                .text(new.dueDateKind.rawValue),
                new.minimumQuantity.map(SQLValue.double) ?? .null, SQLValue(new.location), SQLValue(new.notes),
                SQLValue(new.barcode?.code),
                .int(milliseconds(new.updatedAt)), .text(new.id), .int(milliseconds(old.updatedAt)))
            guard !updated.isEmpty else {
                throw ServiceError(
                    .conflict, "\(old.name) changed while this edit was being made; load it again and retry.")
            }
        }
    }

    /// Deletes the item and its bookings; false when there was no such item.
    func deleteItem(id: String) async throws -> Bool {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute("DELETE FROM pantry_stock_bookings WHERE item_id = ?", .text(id))
            return try await tx.query("DELETE FROM pantry_items WHERE id = ? RETURNING id", .text(id)).isEmpty == false
        }
    }

    static func insert(_ item: PantryItem, _ tx: any SQLTransaction) async throws {
        try await tx.execute(
            "INSERT INTO pantry_items (\(itemColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            .text(item.id), .text(item.householdId), .text(item.name), .double(item.quantity), .text(item.unit),
            .text(item.category.rawValue),
            SQLValue(item.expirationDate?.iso), SQLValue(item.location), SQLValue(item.notes),
            SQLValue(item.barcode?.code),
            item.minimumQuantity.map(SQLValue.double) ?? .null, .text(item.dueDateKind.rawValue), .text(item.addedBy),
            .int(milliseconds(item.createdAt)), .int(milliseconds(item.updatedAt)))
    }

    static func update(_ new: PantryItem, replacing old: PantryItem, _ tx: any SQLTransaction) async throws {
        let updated = try await tx.query(
            "UPDATE pantry_items SET quantity = ?, expiration_date = ?, location = ?, updated_at = ? WHERE id = ? AND updated_at = ? RETURNING id",
            .double(new.quantity), SQLValue(new.expirationDate?.iso), SQLValue(new.location),
            .int(milliseconds(new.updatedAt)),
            .text(new.id), .int(milliseconds(old.updatedAt)))
        guard !updated.isEmpty else {
            throw ServiceError(
                .conflict, "\(old.name) changed while this booking was being made; load it again and retry.")
        }
    }

    static func insert(_ booking: StockBooking, _ tx: any SQLTransaction) async throws {
        var spoiled = false
        var from: String?
        var to: String?
        switch booking.kind {
        case .consume(let wasSpoiled): spoiled = wasSpoiled
        case .transfer(let source, let target): (from, to) = (source, target)
        default: break
        }
        try await tx.execute(
            "INSERT INTO pantry_stock_bookings (\(bookingColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            .text(booking.id), .text(booking.householdId), .text(booking.itemId), .text(booking.kind.name),
            SQLValue(spoiled),
            SQLValue(from), SQLValue(to), .double(booking.quantity), SQLValue(booking.location),
            SQLValue(booking.bestBefore?.iso),
            .text(booking.createdBy), .int(milliseconds(booking.createdAt)), SQLValue(booking.reverses))
    }

    static func booking(_ row: SQLRow) -> StockBooking {
        let kind: StockBooking.Kind =
            switch row.text("kind") {
            case "consume": .consume(spoiled: row.int("spoiled") != 0)
            case "open": .open
            case "transfer": .transfer(from: row.text("from_location"), to: row.text("to_location"))
            case "correct_inventory": .correctInventory
            default: .purchase
            }
        return StockBooking(
            id: row.text("id"), itemId: row.text("item_id"), householdId: row.text("household_id"), kind: kind,
            quantity: row.double("quantity"), location: row.optionalText("location"),
            bestBefore: row.optionalText("best_before").flatMap { CalendarDay(iso: $0) },
            createdAt: date(row.int("created_at")),
            createdBy: row.text("created_by"), reverses: row.optionalText("reverses"))
    }
}
