import Foundation
import HearthCloud
import HearthCore
import HearthPantryModel

/// A change to what a household keeps — its items and their stock, its recipes, its shopping list, its meal plan — sent to the
/// household's `pantryChanged` subscribers when the write that made it commits.
///
/// Like ``HouseholdChange`` it travels as a database notice (topic ``topic``), so on PostgreSQL the subscribers of
/// every server process on the database hear it. A mutation announces its change by writing through
/// ``PantryStore/announcing(_:)``: the notice is queued in the same transaction, so it goes out if and only if the
/// write commits.
struct PantryChange: Sendable, Equatable, Codable {
    enum Kind: String, Sendable, Codable, CaseIterable {
        case itemAdded, itemUpdated, itemDeleted
        /// Stock booked on an item: a purchase, consumption, opening, transfer or inventory correction.
        case stockBooked
        /// A booking taken back.
        case bookingUndone
        case recipeAdded, recipeUpdated, recipeDeleted
        /// Lines added to, changed on or removed from the shopping list.
        case shoppingListChanged
        /// A shopping list line checked off into stock (``itemID`` names the item it went into).
        case shoppingItemChecked
        /// A meal plan entry added, changed or removed (``recipeID`` names its recipe).
        case mealPlanChanged
        /// A recipe cooked from stock: consumption booked on the items it drew on.
        case recipeCooked
        /// A cooking taken back: its consumption undone.
        case cookingUndone
    }

    static let topic = "pantry.content"

    let kind: Kind
    let householdID: String
    var itemID: String? = nil
    var recipeID: String? = nil
    var shoppingItemID: String? = nil
    /// The shopping list changed, for shopping list changes.
    var shoppingListID: String? = nil
    /// The booking made or undone, for stock changes.
    var bookingID: String? = nil
    /// The user who made the change.
    let byUserID: String

    var notice: SQLNotice {
        SQLNotice(
            topic: Self.topic, payload: String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self))
    }

    /// The change a notice carries; nil for notices about anything else.
    init?(_ notice: SQLNotice) {
        guard notice.topic == Self.topic,
            let change = try? JSONDecoder().decode(Self.self, from: Data(notice.payload.utf8))
        else { return nil }
        self = change
    }

    init(
        _ kind: Kind, householdID: String, itemID: String? = nil, recipeID: String? = nil,
        shoppingItemID: String? = nil, shoppingListID: String? = nil,
        bookingID: String? = nil, by userID: String
    ) {
        self.kind = kind
        self.householdID = householdID
        self.itemID = itemID
        self.recipeID = recipeID
        self.shoppingItemID = shoppingItemID
        self.shoppingListID = shoppingListID
        self.bookingID = bookingID
        self.byUserID = userID
    }
}

/// What a `pantryChanged` subscriber is sent: the change, and the item it touched as it is now (nil when the
/// change touched no item, or the item is gone).
struct PantryChangeEvent: Sendable {
    let change: PantryChange
    let item: PantryItem?

    var kind: PantryChange.Kind { change.kind }
    var householdID: String { change.householdID }
    var itemID: String? { change.itemID }
    var recipeID: String? { change.recipeID }
    var shoppingItemID: String? { change.shoppingItemID }
    var shoppingListID: String? { change.shoppingListID }
    var bookingID: String? { change.bookingID }
    var byUserID: String { change.byUserID }
}

extension PantryStore {
    /// This store, with every write transaction also announcing `change` to the household's `pantryChanged`
    /// subscribers once it commits (and never when it rolls back).
    func announcing(_ change: PantryChange) -> PantryStore {
        PantryStore(database: AnnouncingDatabase(base: database, notice: change.notice), clock: clock)
    }
}

/// A database whose write transactions queue one notice each before their body runs.
struct AnnouncingDatabase: SQLDatabase {
    let base: any SQLDatabase
    let notice: SQLNotice

    var dialect: SQLDialect { base.dialect }
    var statements: SQLStatementCounter { base.statements }
    var events: ChangeEventBroadcast { base.events }
    var notices: Broadcast<SQLNotice, Void> { base.notices }
    var location: String { base.location }
    var isSharedByProcesses: Bool { base.isSharedByProcesses }
    /// None: a write outside a transaction would go without its notice.
    var autocommitting: (any SQLAutocommitting)? { nil }

    func transaction<T: Sendable>(readOnly: Bool, _ body: @escaping @Sendable (any SQLTransaction) async throws -> T)
        async throws -> T
    {
        guard !readOnly else { return try await base.transaction(readOnly: true, body) }
        let notice = self.notice
        return try await base.transaction(readOnly: false) { tx in
            try await tx.noticeOnCommit(notice)
            return try await body(tx)
        }
    }

    func single(_ sql: String, _ binds: [SQLValue]) async throws -> [SQLRow] { try await base.single(sql, binds) }
    func migrate() async throws { try await base.migrate() }
    func dropSchema() async throws { try await base.dropSchema() }
    func isStorageFull(_ error: any Error) -> Bool { base.isStorageFull(error) }
    func run() async throws { try await base.run() }
}
