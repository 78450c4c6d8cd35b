import Foundation
import Graphiti
import HearthCore
import HearthPantryModel
import HearthPermissions

/// Items and their stock: every change to an item's amount is a booking appended through `StockLedger`, whose
/// refusals are `BAD_USER_INPUT` with its messages; nothing is written on a refusal.
extension PantryResolver {
    func items(context: PantryContext, arguments: ItemsArguments) async throws -> [PantryItem] {
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allowContent(ability, "read", PantryPermissions.Subject.pantryItem, household)
        var items = try await context.loaders.items.load(household.id) ?? []
        if let code = try Self.barcode(arguments.barcode) {
            items = items.filter { $0.barcode?.gtin14 == code.gtin14 }
        }
        if let days = arguments.expiringWithinDays {
            guard days >= 0 else {
                throw ServiceError.validationFailed("expiringWithinDays must be 0 or more; it is \(days).")
            }
            let today = context.today
            items = items.filter {
                ExpiryStatus.statuses(of: $0, on: today, dueSoonDays: days).contains(where: \.isAboutDate)
            }
        }
        await context.loaders.bookings.expect(items.map(\.id))
        return items
    }

    func item(context: PantryContext, arguments: IDArguments) async throws -> PantryItem {
        guard let item = try await context.store.item(id: arguments.id) else {
            throw ServiceError.notFound("Item \(arguments.id)")
        }
        let (household, ability) = try await Self.stored(
            item.householdId, context, notFound: .notFound("Item \(item.id)"))
        try Self.allowContent(ability, "read", PantryPermissions.Subject.pantryItem, household)
        await context.loaders.bookings.expect([item.id])
        return item
    }

    func addItem(context: PantryContext, arguments: AddItemArguments) async throws -> PantryItem {
        let viewer = try context.signedIn()
        let input = arguments.input
        let (household, ability) = try await Self.stored(input.householdId, context)
        try Self.allowContent(ability, "create", PantryPermissions.Subject.pantryItem, household)
        let now = context.now
        let expiration = try Self.day(input.expirationDate, "expirationDate")
        let barcode = try Self.barcode(input.barcode)
        let item = try PantryItemRules.validated(
            PantryItem(
                id: PantryStore.newID(), householdId: household.id, name: input.name, quantity: input.quantity,
                unit: input.unit ?? "",
                category: input.category ?? .other, expirationDate: expiration, location: input.location,
                notes: input.notes,
                addedBy: viewer.userID, createdAt: now, updatedAt: now, minimumQuantity: input.minimumQuantity,
                dueDateKind: input.dueDateKind ?? .expiration, barcode: barcode))
        let store = context.store.announcing(
            PantryChange(.itemAdded, householdID: household.id, itemID: item.id, by: viewer.userID))
        guard item.quantity > 0 else {
            try await store.insert(item, purchase: nil)
            context.changed()
            return item
        }
        // The stock an item starts with is its first purchase, so the books and the amount agree from the start.
        var locations = try await context.store.locations(ofHousehold: household.id)
        if let location = item.location, !locations.contains(where: { $0.lowercased() == location.lowercased() }) {
            locations.append(location)
        }
        let purchase = StockBooking(
            id: PantryStore.newID(), itemId: item.id, householdId: household.id, kind: .purchase,
            quantity: item.quantity,
            location: item.location, bestBefore: expiration, createdAt: now, createdBy: viewer.userID)
        let state = try StockLedger.apply(
            purchase, to: StockState(itemId: item.id, unit: item.unit), locations: locations)
        let stocked = item.updated(from: state, at: now)
        try await store.insert(stocked, purchase: purchase)
        context.changed()
        return stocked
    }

    func purchase(context: PantryContext, arguments: PurchaseArguments) async throws -> PantryItem {
        let bestBefore = try Self.day(arguments.bestBefore, "bestBefore")
        return try await book(arguments.itemId, context) {
            .init(kind: .purchase, quantity: arguments.quantity, location: arguments.location, bestBefore: bestBefore)
        }
    }

    func consume(context: PantryContext, arguments: ConsumeArguments) async throws -> PantryItem {
        try await book(arguments.itemId, context) {
            .init(
                kind: .consume(spoiled: arguments.spoiled ?? false), quantity: arguments.quantity,
                location: arguments.location)
        }
    }

    func openItem(context: PantryContext, arguments: ConsumeArguments) async throws -> PantryItem {
        try await book(arguments.itemId, context) {
            .init(kind: .open, quantity: arguments.quantity, location: arguments.location)
        }
    }

    func transfer(context: PantryContext, arguments: TransferArguments) async throws -> PantryItem {
        try await book(arguments.itemId, context) {
            .init(kind: .transfer(from: arguments.from, to: arguments.to), quantity: arguments.quantity)
        }
    }

    func correctInventory(context: PantryContext, arguments: PurchaseArguments) async throws -> PantryItem {
        let bestBefore = try Self.day(arguments.bestBefore, "bestBefore")
        return try await book(arguments.itemId, context) {
            .init(
                kind: .correctInventory, quantity: arguments.quantity, location: arguments.location,
                bestBefore: bestBefore)
        }
    }

    func undoBooking(context: PantryContext, arguments: IDArguments) async throws -> PantryItem {
        let viewer = try context.signedIn()
        guard let booking = try await context.store.booking(id: arguments.id) else {
            throw ServiceError.notFound("Booking \(arguments.id)")
        }
        let (item, history, locations) = try await stock(
            booking.itemId, context, notFound: .notFound("Booking \(booking.id)"))
        let undo = try StockLedger.undo(
            booking.id, history: history, initial: StockState(itemId: item.id, unit: item.unit), locations: locations,
            markerId: PantryStore.newID(), at: Self.bookingTime(context.now, after: item, history), by: viewer.userID)
        let updated = item.updated(from: undo.state, at: undo.marker.createdAt)
        try await context.store.announcing(
            PantryChange(
                .bookingUndone, householdID: item.householdId, itemID: item.id, bookingID: booking.id, by: viewer.userID
            )
        )
        .book([undo.marker], item: updated, replacing: item)
        await Self.written(history + [undo.marker], of: updated, context)
        return updated
    }

    /// Edits what an item is — name, unit, category, due day and its kind, minimum, location, notes, barcode — but
    /// never its quantity, which only the stock verbs change. Fields left out (null) stay as they are; an empty
    /// `expirationDate`, `location`, `notes` or `barcode` clears it, and a `minimumQuantity` of 0 removes the minimum. The unit
    /// can only change to another spelling of the same unit while the item has stock, since its bookings count in it.
    func updateItem(context: PantryContext, arguments: UpdateItemArguments) async throws -> PantryItem {
        let viewer = try context.signedIn()
        guard let item = try await context.store.item(id: arguments.id) else {
            throw ServiceError.notFound("Item \(arguments.id)")
        }
        let (household, ability) = try await Self.stored(
            item.householdId, context, notFound: .notFound("Item \(item.id)"))
        try Self.allowContent(ability, "update", PantryPermissions.Subject.pantryItem, household)
        let input = arguments.input
        if let name = input.name, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ServiceError.validationFailed("name cannot be empty; leave it out to keep \"\(item.name)\".")
        }
        if let minimum = input.minimumQuantity, !minimum.isFinite || minimum < 0 {
            throw ServiceError.validationFailed(
                "minimumQuantity must be 0 or more (0 removes the minimum); it is \(minimum).")
        }
        let expiration =
            input.expirationDate == nil ? item.expirationDate : try Self.day(input.expirationDate, "expirationDate")
        let barcode = input.barcode == nil ? item.barcode : try Self.barcode(input.barcode)
        var unit = item.unit
        if let asked = input.unit {
            let wanted = Units.unit(asked.trimmingCharacters(in: .whitespacesAndNewlines))
            let current = Units.unit(item.unit)
            let same =
                wanted.dimension == .other
                ? asked.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == item.unit.lowercased()
                : wanted.symbol == current.symbol
            if !same && item.quantity != 0 {
                throw ServiceError.validationFailed(
                    "unit cannot change from \"\(item.unit)\" to \"\(asked)\" while \(item.name) has stock (\(Units.format(item.quantity, item.unit))); use it up or correct the inventory to 0 first."
                )
            }
            unit = asked
        }
        var location = item.location
        if let text = input.location {
            location =
                text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                ? nil : Self.spelled(text, try await context.store.locations(ofHousehold: household.id))
        }
        let edited = try PantryItemRules.validated(
            PantryItem(
                id: item.id, householdId: item.householdId, name: input.name ?? item.name, quantity: item.quantity,
                unit: unit,
                category: input.category ?? item.category, expirationDate: expiration, location: location,
                notes: input.notes ?? item.notes, addedBy: item.addedBy, createdAt: item.createdAt,
                updatedAt: Self.bookingTime(context.now, after: item, []),
                minimumQuantity: input.minimumQuantity.map { $0 == 0 ? nil : $0 } ?? item.minimumQuantity,
                dueDateKind: input.dueDateKind ?? item.dueDateKind, barcode: barcode))
        try await context.store.announcing(
            PantryChange(.itemUpdated, householdID: household.id, itemID: item.id, by: viewer.userID)
        )
        .edit(edited, replacing: item)
        context.changed()
        return edited
    }

    /// Deletes an item and its stock history; answers the item as it was.
    func deleteItem(context: PantryContext, arguments: IDArguments) async throws -> PantryItem {
        let viewer = try context.signedIn()
        guard let item = try await context.store.item(id: arguments.id) else {
            throw ServiceError.notFound("Item \(arguments.id)")
        }
        let (household, ability) = try await Self.stored(
            item.householdId, context, notFound: .notFound("Item \(item.id)"))
        try Self.allowContent(ability, "delete", PantryPermissions.Subject.pantryItem, household)
        guard
            try await context.store.announcing(
                PantryChange(.itemDeleted, householdID: household.id, itemID: item.id, by: viewer.userID)
            )
            .deleteItem(id: item.id)
        else { throw ServiceError.notFound("Item \(item.id)") }
        context.changed()
        return item
    }

    /// What a stock verb asks for; the resolver fills in the ids, the time and the caller.
    struct BookingRequest {
        let kind: StockBooking.Kind
        let quantity: Double
        var location: String? = nil
        var bestBefore: CalendarDay? = nil
    }

    /// Books `request` on the item: the stock replayed from its bookings, the new booking applied by the ledger,
    /// and both the booking and the item's new amount, due day and location stored together.
    private func book(_ itemID: String, _ context: PantryContext, _ request: () -> BookingRequest) async throws
        -> PantryItem
    {
        let viewer = try context.signedIn()
        let (item, history, locations) = try await stock(itemID, context)
        let asked = request()
        var at = Self.bookingTime(context.now, after: item, history)
        let opening = Self.openingBalance(of: item, history, locations, by: viewer.userID, at: at)
        if opening != nil { at = at.addingTimeInterval(0.001) }
        var kind = asked.kind
        if case .transfer(let from, let to) = kind {
            kind = .transfer(from: Self.spelled(from, locations), to: Self.spelled(to, locations))
        }
        let booking = StockBooking(
            id: PantryStore.newID(), itemId: item.id, householdId: item.householdId, kind: kind,
            quantity: asked.quantity,
            location: asked.location.map { Self.spelled($0, locations) }, bestBefore: asked.bestBefore, createdAt: at,
            createdBy: viewer.userID)
        let books = history + (opening.map { [$0] } ?? [])
        let current = try StockLedger.replay(
            books, onto: StockState(itemId: item.id, unit: item.unit), locations: locations)
        let state = try StockLedger.apply(booking, to: current, locations: locations)
        let updated = item.updated(from: state, at: booking.createdAt)
        try await context.store.announcing(
            PantryChange(
                .stockBooked, householdID: item.householdId, itemID: item.id, bookingID: booking.id, by: viewer.userID)
        )
        .book((opening.map { [$0] } ?? []) + [booking], item: updated, replacing: item)
        await Self.written(books + [booking], of: updated, context)
        return updated
    }

    /// After a booking: the request reads what is stored now, except the item's bookings, which are exactly
    /// `bookings` — the write replaced the item only if nothing had changed it since its history was read, so
    /// these are its bookings as the write left them, the new one last. Reading them again could take in a
    /// booking someone else made just after, and a client taking the last booking as its own would then undo
    /// theirs.
    private static func written(_ bookings: [StockBooking], of item: PantryItem, _ context: PantryContext) async {
        context.changed()
        await context.loaders.bookings.prime(item.id, bookings)
    }

    /// The item as stored now, its bookings and its household's locations: `NOT_FOUND` (`notFound`, or the item)
    /// without such an item or when the caller is not in its household, `FORBIDDEN` unless the caller may change
    /// the household's items.
    private func stock(
        _ itemID: String, _ context: PantryContext, notFound: ServiceError? = nil
    ) async throws -> (PantryItem, [StockBooking], [String]) {
        guard let item = try await context.store.item(id: itemID) else {
            throw notFound ?? ServiceError.notFound("Item \(itemID)")
        }
        let (household, ability) = try await Self.stored(
            item.householdId, context, notFound: notFound ?? .notFound("Item \(item.id)"))
        try Self.allowContent(ability, "update", PantryPermissions.Subject.pantryItem, household)
        let history = try await context.store.bookings(ofItems: [item.id])[item.id] ?? []
        let locations = try await context.store.locations(ofHousehold: household.id)
        return (item, history, locations)
    }

    /// For an item that has stock but no bookings yet (stored before stock was booked), the inventory correction
    /// that records the stock it has, where it is kept (the first location when it names none); nil otherwise.
    static func openingBalance(
        of item: PantryItem, _ history: [StockBooking], _ locations: [String], by userID: String, at: Date
    ) -> StockBooking? {
        guard history.isEmpty, item.quantity > 0 else { return nil }
        return StockBooking(
            id: PantryStore.newID(), itemId: item.id, householdId: item.householdId, kind: .correctInventory,
            quantity: item.quantity,
            location: item.location.map { spelled($0, locations) } ?? locations.first, bestBefore: item.expirationDate,
            createdAt: at, createdBy: userID)
    }

    /// `now`, or just after the item's last change when the clock has not moved on, so bookings keep their order.
    static func bookingTime(_ now: Date, after item: PantryItem, _ history: [StockBooking]) -> Date {
        let last = max(item.updatedAt, history.last?.createdAt ?? .distantPast)
        return now > last.addingTimeInterval(0.0005) ? now : last.addingTimeInterval(0.001)
    }

    /// A location as the household spells it (case and surrounding spaces aside); unknown names are left for the
    /// ledger to refuse.
    static func spelled(_ name: String, _ locations: [String]) -> String {
        let wanted = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return locations.first { $0.lowercased() == wanted } ?? name
    }

    /// `FORBIDDEN` unless the caller may `action` the household's `subject` (items, recipes, shopping list).
    static func allowContent(_ ability: Ability, _ action: String, _ subject: String, _ household: Household) throws {
        let content = PantryPermissions.householdContent(subject, householdId: household.id)
        try allow(ability.can(action, content), notAMember(household))
    }

    /// The barcode written in `text`; nil for none (nil or blank). `BAD_USER_INPUT` naming what is wrong otherwise.
    static func barcode(_ text: String?) throws -> GTIN? {
        do {
            return try GTIN.optional(text)
        } catch let error as ServiceError {
            throw ServiceError.validationFailed("barcode: \(error.message)")
        }
    }

    /// The day written in `text` (YYYY-MM-DD); nil for none. `BAD_USER_INPUT` naming `field` otherwise.
    static func day(_ text: String?, _ field: String) throws -> CalendarDay? {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        guard let day = CalendarDay(iso: text.trimmingCharacters(in: .whitespaces)) else {
            throw ServiceError.validationFailed(
                "\(field) must be a day written YYYY-MM-DD, such as 2030-01-31; it is \"\(text)\".")
        }
        return day
    }
}
