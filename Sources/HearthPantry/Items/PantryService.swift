import Foundation
public import HearthCore
public import HearthPantryModel

/// A household's pantry: its items, and their stock changed by bookings.
public protocol PantryServicing: ServiceHealth {
    /// The household's items, by name; with `expiringWithin`, only those expired, overdue or due within that many days.
    func items(in householdId: String, expiringWithin days: Int?) async throws -> [PantryItem]
    /// One item, as stored now.
    func item(_ itemId: String) async throws -> PantryItem
    /// The household's items, by name, then again whenever they change (here or, with ``PantryLiveUpdates``
    /// running, on another client).
    func watchItems(in householdId: String) -> Watched<[PantryItem]>
    /// Adds an item; its quantity is the stock it starts with (booked as its first purchase).
    func addItem(
        householdId: String, name: String, quantity: Double, unit: String?, category: ItemCategory?,
        expirationDate: CalendarDay?, location: String?, notes: String?, barcode: GTIN?
    ) async throws -> PantryItem
    /// What Open Food Facts knows about `barcode` (name, brand, pack size, category), asked through the pantry
    /// server; nil when it does not know the product.
    func lookupBarcode(_ barcode: GTIN) async throws -> BarcodeProduct?
    /// Edits what an item is; never its quantity, which only the stock verbs change.
    func updateItem(_ itemId: String, _ edit: PantryItemEdit) async throws -> PantryItem
    /// Deletes an item and its stock history; returns the item as it was.
    @discardableResult func deleteItem(_ itemId: String) async throws -> PantryItem
    /// Books stock bought, at `location` (the item's own when nil), due on `bestBefore`.
    func purchase(_ itemId: String, quantity: Double, location: String?, bestBefore: CalendarDay?) async throws
        -> StockReceipt
    /// Books stock used up, or thrown away when `spoiled`; open and earliest-due stock goes first.
    func consume(_ itemId: String, quantity: Double, spoiled: Bool, location: String?) async throws -> StockReceipt
    /// Books unopened stock as opened.
    func open(_ itemId: String, quantity: Double, location: String?) async throws -> StockReceipt
    /// Moves stock from one location of the household to another.
    func transfer(_ itemId: String, quantity: Double, from: String, to: String) async throws -> StockReceipt
    /// Books the difference a count found: positive when there is more than the books say, negative when less.
    func correctInventory(_ itemId: String, difference: Double, location: String?, bestBefore: CalendarDay?)
        async throws -> StockReceipt
    /// Takes a booking back by booking its undo; the history keeps both.
    func undoBooking(_ bookingId: String) async throws -> StockReceipt
}

extension PantryServicing {
    /// The household's items, by name.
    public func items(in householdId: String) async throws -> [PantryItem] {
        try await items(in: householdId, expiringWithin: nil)
    }
}

/// The pantry over the server's GraphQL (`items`, `addItem`, `updateItem`, `deleteItem` and the stock verbs).
///
/// Strings are trimmed before they are sent; empty ids and names, quantities that are not above zero (a
/// correction that is zero or not a number) and negative day counts are refused here with messages naming
/// them, and nothing is sent. Anything else the server's rules refuse comes back as `validationFailed` with
/// their messages ("Cannot consume 500 g: only 200 g is in stock."). Every change refreshes the household's
/// item list in the cache, so its watchers see it.
public actor PantryService: PantryServicing {
    public nonisolated let serviceName = "PantryService"
    private let graphQL: any GraphQLServing

    /// A service over `graphQL`.
    public init(graphQL: any GraphQLServing) {
        self.graphQL = graphQL
    }

    // MARK: Items

    public func items(in householdId: String, expiringWithin days: Int?) async throws -> [PantryItem] {
        let id = try Self.required(householdId, "Household id")
        guard let days else { return try await graphQL.perform(ItemsQuery(householdId: id)) }
        guard days >= 0 else {
            throw ServiceError.validationFailed("Days until expiry must be 0 or more; it is \(days).")
        }
        return try await graphQL.perform(ExpiringItemsQuery(householdId: id, days: days))
    }

    public func item(_ itemId: String) async throws -> PantryItem {
        try await graphQL.perform(ItemQuery(id: try Self.required(itemId, "Item id")))
    }

    public nonisolated func watchItems(in householdId: String) -> Watched<[PantryItem]> {
        graphQL.watch(ItemsQuery(householdId: householdId.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    public func addItem(
        householdId: String, name: String, quantity: Double, unit: String?, category: ItemCategory?,
        expirationDate: CalendarDay?, location: String?, notes: String?, barcode: GTIN?
    ) async throws -> PantryItem {
        let household = try Self.required(householdId, "Household id")
        let name = try Self.required(name, "Item name")
        let input = NewPantryItem(
            householdId: household, name: name, quantity: quantity, unit: Self.trimmed(unit), category: category,
            expirationDate: expirationDate, location: Self.trimmed(location), notes: Self.trimmed(notes),
            barcode: barcode)
        let item = try await graphQL.perform(AddItemMutation(input: input))
        await refreshList(household)
        return item
    }

    public func lookupBarcode(_ barcode: GTIN) async throws -> BarcodeProduct? {
        try await graphQL.perform(LookupBarcodeQuery(barcode: barcode))
    }

    public func updateItem(_ itemId: String, _ edit: PantryItemEdit) async throws -> PantryItem {
        let id = try Self.required(itemId, "Item id")
        var edit = edit
        if let name = edit.name { edit.name = try Self.required(name, "Item name") }
        edit.unit = edit.unit.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        edit.location = edit.location.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        edit.notes = edit.notes.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let minimum = edit.minimumQuantity, !minimum.isFinite || minimum < 0 {
            throw ServiceError.validationFailed(
                "Minimum quantity must be 0 or more (0 removes the minimum); it is \(minimum).")
        }
        guard !edit.isEmpty else {
            throw ServiceError.validationFailed(
                "Nothing to change: give a name, unit, category, due day, minimum, location or notes.")
        }
        let item = try await graphQL.perform(UpdateItemMutation(id: id, edit: edit))
        await refreshList(item.householdId)
        return item
    }

    @discardableResult public func deleteItem(_ itemId: String) async throws -> PantryItem {
        let item = try await graphQL.perform(DeleteItemMutation(id: try Self.required(itemId, "Item id")))
        await refreshList(item.householdId)
        return item
    }

    // MARK: Stock

    public func purchase(_ itemId: String, quantity: Double, location: String?, bestBefore: CalendarDay?) async throws
        -> StockReceipt
    {
        try await book(
            PurchaseMutation(
                itemId: try Self.required(itemId, "Item id"), quantity: try Self.positive(quantity, "purchase"),
                location: Self.trimmed(location), bestBefore: bestBefore))
    }

    public func consume(_ itemId: String, quantity: Double, spoiled: Bool, location: String?) async throws
        -> StockReceipt
    {
        try await book(
            ConsumeMutation(
                itemId: try Self.required(itemId, "Item id"), quantity: try Self.positive(quantity, "consume"),
                location: Self.trimmed(location), spoiled: spoiled))
    }

    public func open(_ itemId: String, quantity: Double, location: String?) async throws -> StockReceipt {
        try await book(
            OpenItemMutation(
                itemId: try Self.required(itemId, "Item id"), quantity: try Self.positive(quantity, "open"),
                location: Self.trimmed(location)))
    }

    public func transfer(_ itemId: String, quantity: Double, from: String, to: String) async throws -> StockReceipt {
        try await book(
            TransferMutation(
                itemId: try Self.required(itemId, "Item id"), quantity: try Self.positive(quantity, "move"),
                from: try Self.required(from, "The location to move from"),
                to: try Self.required(to, "The location to move to")))
    }

    public func correctInventory(_ itemId: String, difference: Double, location: String?, bestBefore: CalendarDay?)
        async throws -> StockReceipt
    {
        guard difference.isFinite, difference != 0 else {
            throw ServiceError.validationFailed(
                "An inventory correction needs a difference other than 0 (+ found more, - found less); it is \(difference)."
            )
        }
        return try await book(
            CorrectInventoryMutation(
                itemId: try Self.required(itemId, "Item id"), difference: difference, location: Self.trimmed(location),
                bestBefore: bestBefore))
    }

    public func undoBooking(_ bookingId: String) async throws -> StockReceipt {
        try await book(UndoBookingMutation(bookingId: try Self.required(bookingId, "Booking id")))
    }

    // MARK: Health

    public func checkHealth() async -> HealthStatus {
        let started = Date()
        do {
            _ = try await graphQL.perform(HouseholdsQuery())
            return HealthStatus(isHealthy: true, lastChecked: started, responseTime: Date().timeIntervalSince(started))
        } catch {
            return HealthStatus(
                isHealthy: false, lastChecked: started, errors: ["\(error)"],
                responseTime: Date().timeIntervalSince(started))
        }
    }

    // MARK: Helpers

    private func book<Operation: PantryOperation>(_ operation: Operation) async throws -> StockReceipt
    where Operation.Answer == StockReceipt {
        try await graphQL.perform(operation)
    }

    /// Reads the household's item list again, so watchers of it see items added or removed.
    private func refreshList(_ householdId: String) async {
        _ = try? await graphQL.perform(ItemsQuery(householdId: householdId), policy: .networkOnly)
    }

    private static func trimmed(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    private static func required(_ value: String, _ what: String) throws -> String {
        guard let value = trimmed(value) else { throw ServiceError.validationFailed("\(what) cannot be empty") }
        return value
    }

    private static func positive(_ quantity: Double, _ verb: String) throws -> Double {
        guard quantity.isFinite, quantity > 0 else {
            throw ServiceError.validationFailed(
                "The quantity to \(verb) must be more than 0; it is \(quantity.formatted()).")
        }
        return quantity
    }
}

extension PantryServicing {
    /// Adds an item without a barcode.
    public func addItem(
        householdId: String, name: String, quantity: Double, unit: String?, category: ItemCategory?,
        expirationDate: CalendarDay?, location: String?, notes: String?
    ) async throws -> PantryItem {
        try await addItem(
            householdId: householdId, name: name, quantity: quantity, unit: unit, category: category,
            expirationDate: expirationDate, location: location, notes: notes, barcode: nil)
    }
}
