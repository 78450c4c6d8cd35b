public import Foundation
public import HearthCore

/// A household's pantry items.
public struct ItemsQuery: PantryOperation {
    public typealias Answer = [PantryItem]
    public static let kind = PantryOperationKind.query
    public static let document = "query Items($id: String!) { items(householdId: $id) { \(PantrySelection.item) } }"
    public static let field = "items"
    public let householdId: String
    public init(householdId: String) { self.householdId = householdId }
    public var variables: [String: AnyJSON] { ["id": .string(householdId)] }
}

/// One item, with its stock history.
public struct ItemQuery: PantryOperation {
    public typealias Answer = PantryItem
    public static let kind = PantryOperationKind.query
    public static let document = "query Item($id: String!) { item(id: $id) { \(PantrySelection.item) } }"
    public static let field = "item"
    public let id: String
    public init(id: String) { self.id = id }
    public var variables: [String: AnyJSON] { ["id": .string(id)] }
}

/// A household's items that are expired, overdue or due within `days` days.
public struct ExpiringItemsQuery: PantryOperation {
    public typealias Answer = [PantryItem]
    public static let kind = PantryOperationKind.query
    public static let document =
        "query ExpiringItems($id: String!, $days: Int!) { items(householdId: $id, expiringWithinDays: $days) { \(PantrySelection.item) } }"
    public static let field = "items"
    public let householdId: String
    public let days: Int
    public init(householdId: String, days: Int) {
        self.householdId = householdId
        self.days = days
    }
    public var variables: [String: AnyJSON] { ["id": .string(householdId), "days": .int(Int64(days))] }
}

/// What Open Food Facts knows about a barcode, asked through the pantry server; nil when it does not know it.
public struct LookupBarcodeQuery: PantryOperation {
    public typealias Answer = BarcodeProduct?
    public static let kind = PantryOperationKind.query
    public static let document =
        "query LookupBarcode($barcode: String!) { lookupBarcode(barcode: $barcode) { barcode name brand quantity category categories } }"
    public static let field = "lookupBarcode"
    public let barcode: GTIN
    public init(barcode: GTIN) { self.barcode = barcode }
    public var variables: [String: AnyJSON] { ["barcode": .string(barcode.code)] }
}

/// A new pantry item, as `addItem` takes it; the quantity is the stock it starts with.
public struct NewPantryItem: Sendable, Hashable {
    public let householdId: String
    public let name: String
    public let quantity: Double
    public let unit: String?
    public let category: ItemCategory?
    public let expirationDate: CalendarDay?
    public let location: String?
    public let notes: String?
    public let barcode: GTIN?

    public init(
        householdId: String, name: String, quantity: Double, unit: String? = nil, category: ItemCategory? = nil,
        expirationDate: CalendarDay? = nil, location: String? = nil, notes: String? = nil, barcode: GTIN? = nil
    ) {
        self.householdId = householdId
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.category = category
        self.expirationDate = expirationDate
        self.location = location
        self.notes = notes
        self.barcode = barcode
    }

    var json: AnyJSON {
        var input: [String: AnyJSON] = [
            "householdId": .string(householdId), "name": .string(name), "quantity": .double(quantity),
        ]
        if let unit { input["unit"] = .string(unit) }
        if let category { input["category"] = .string(category.rawValue) }
        if let expirationDate { input["expirationDate"] = .string(expirationDate.iso) }
        if let location { input["location"] = .string(location) }
        if let notes { input["notes"] = .string(notes) }
        if let barcode { input["barcode"] = .string(barcode.code) }
        return .object(input)
    }
}

/// Adds an item to a household's pantry.
public struct AddItemMutation: PantryOperation {
    public typealias Answer = PantryItem
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation AddItem($input: ItemInput!) { addItem(input: $input) { \(PantrySelection.item) } }"
    public static let field = "addItem"
    public let input: NewPantryItem
    public init(input: NewPantryItem) { self.input = input }
    public var variables: [String: AnyJSON] { ["input": input.json] }
}

/// What `updateItem` changes about an item; nil leaves a field as it is. ``clearExpirationDate`` removes the due
/// day; an empty `location` or `notes` clears it, and a `minimumQuantity` of 0
/// removes the minimum. The quantity is not here: stock changes only through the stock verbs.
public struct PantryItemEdit: Sendable, Hashable {
    public var name: String?
    public var unit: String?
    public var category: ItemCategory?
    public var expirationDate: CalendarDay?
    /// Removes the item's due day.
    public var clearExpirationDate: Bool
    public var dueDateKind: DueDateKind?
    public var minimumQuantity: Double?
    public var location: String?
    public var notes: String?
    public var barcode: GTIN?
    /// Removes the item's barcode.
    public var clearBarcode: Bool

    public init(
        name: String? = nil, unit: String? = nil, category: ItemCategory? = nil, expirationDate: CalendarDay? = nil,
        clearExpirationDate: Bool = false, dueDateKind: DueDateKind? = nil, minimumQuantity: Double? = nil,
        location: String? = nil, notes: String? = nil, barcode: GTIN? = nil, clearBarcode: Bool = false
    ) {
        self.name = name
        self.unit = unit
        self.category = category
        self.expirationDate = expirationDate
        self.clearExpirationDate = clearExpirationDate
        self.dueDateKind = dueDateKind
        self.minimumQuantity = minimumQuantity
        self.location = location
        self.notes = notes
        self.barcode = barcode
        self.clearBarcode = clearBarcode
    }

    /// True when the edit changes nothing.
    public var isEmpty: Bool {
        name == nil && unit == nil && category == nil && expirationDate == nil && !clearExpirationDate
            && dueDateKind == nil
            && minimumQuantity == nil && location == nil && notes == nil && barcode == nil && !clearBarcode
    }

    var json: AnyJSON {
        var input: [String: AnyJSON] = [:]
        if let name { input["name"] = .string(name) }
        if let unit { input["unit"] = .string(unit) }
        if let category { input["category"] = .string(category.rawValue) }
        if let expirationDate {
            input["expirationDate"] = .string(expirationDate.iso)
        } else if clearExpirationDate {
            input["expirationDate"] = .string("")
        }
        if let dueDateKind { input["dueDateKind"] = .string(dueDateKind.rawValue) }
        if let minimumQuantity { input["minimumQuantity"] = .double(minimumQuantity) }
        if let location { input["location"] = .string(location) }
        if let notes { input["notes"] = .string(notes) }
        if let barcode {
            input["barcode"] = .string(barcode.code)
        } else if clearBarcode {
            input["barcode"] = .string("")
        }
        return .object(input)
    }
}

/// Edits an item's description (never its quantity).
public struct UpdateItemMutation: PantryOperation {
    public typealias Answer = PantryItem
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation UpdateItem($id: String!, $input: ItemEditInput!) { updateItem(id: $id, input: $input) { \(PantrySelection.item) } }"
    public static let field = "updateItem"
    public let id: String
    public let edit: PantryItemEdit
    public init(id: String, edit: PantryItemEdit) {
        self.id = id
        self.edit = edit
    }
    public var variables: [String: AnyJSON] { ["id": .string(id), "input": edit.json] }
}

/// Deletes an item and its stock history; the answer is the item as it was.
public struct DeleteItemMutation: PantryOperation {
    public typealias Answer = PantryItem
    public static let kind = PantryOperationKind.mutation
    public static let document = "mutation DeleteItem($id: String!) { deleteItem(id: $id) { \(PantrySelection.item) } }"
    public static let field = "deleteItem"
    public let id: String
    public init(id: String) { self.id = id }
    public var variables: [String: AnyJSON] { ["id": .string(id)] }
}

/// One booking of an item's stock, as the stock verbs answer it.
public struct StockBookingLine: Codable, Sendable, Hashable {
    public let id: String
    /// purchase, consume, open, transfer or correct_inventory.
    public let kind: String
    /// In the item's unit; signed for inventory corrections.
    public let quantity: Double
    public let spoiled: Bool
    public let location: String?
    public let fromLocation: String?
    public let toLocation: String?
    public let bestBefore: CalendarDay?
    public let createdBy: String
    public let createdAt: Date
    /// The booking this one undoes, for an undo.
    public let reverses: String?
}

/// What a stock verb leaves: the item as its stock now stands, and the booking just made (the one to undo).
public struct StockReceipt: Decodable, Sendable, Hashable {
    public let item: PantryItem
    /// The booking the verb made: for an undo, its marker (``StockBookingLine/reverses`` names what it undid).
    public let booking: StockBookingLine

    private enum CodingKeys: String, CodingKey { case bookings }

    public init(from decoder: any Decoder) throws {
        item = try PantryItem(from: decoder)
        let bookings = try decoder.container(keyedBy: CodingKeys.self).decode(
            [StockBookingLine].self, forKey: .bookings)
        guard let last = bookings.last else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "The item has no bookings after a booking was made."))
        }
        booking = last
    }
}

extension PantrySelection {
    /// A ``StockReceipt``: the item and its bookings.
    public static let receipt =
        "\(item) bookings { id kind quantity spoiled location fromLocation toLocation bestBefore createdBy createdAt reverses }"
}

/// Books stock bought, at a location of the household, due on `bestBefore`.
public struct PurchaseMutation: PantryOperation {
    public typealias Answer = StockReceipt
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation Purchase($id: String!, $quantity: Float!, $location: String, $bestBefore: String) { purchase(itemId: $id, quantity: $quantity, location: $location, bestBefore: $bestBefore) { \(PantrySelection.receipt) } }"
    public static let field = "purchase"
    public let itemId: String
    public let quantity: Double
    public let location: String?
    public let bestBefore: CalendarDay?
    public init(itemId: String, quantity: Double, location: String? = nil, bestBefore: CalendarDay? = nil) {
        self.itemId = itemId
        self.quantity = quantity
        self.location = location
        self.bestBefore = bestBefore
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(itemId), "quantity": .double(quantity), "location": location.map(AnyJSON.string) ?? .null,
            "bestBefore": bestBefore.map { .string($0.iso) } ?? .null,
        ]
    }
}

/// Books stock used up (or thrown away when `spoiled`), from `location` or anywhere.
public struct ConsumeMutation: PantryOperation {
    public typealias Answer = StockReceipt
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation Consume($id: String!, $quantity: Float!, $location: String, $spoiled: Boolean) { consume(itemId: $id, quantity: $quantity, location: $location, spoiled: $spoiled) { \(PantrySelection.receipt) } }"
    public static let field = "consume"
    public let itemId: String
    public let quantity: Double
    public let location: String?
    public let spoiled: Bool
    public init(itemId: String, quantity: Double, location: String? = nil, spoiled: Bool = false) {
        self.itemId = itemId
        self.quantity = quantity
        self.location = location
        self.spoiled = spoiled
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(itemId), "quantity": .double(quantity), "location": location.map(AnyJSON.string) ?? .null,
            "spoiled": .bool(spoiled),
        ]
    }
}

/// Books unopened stock as opened.
public struct OpenItemMutation: PantryOperation {
    public typealias Answer = StockReceipt
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation OpenItem($id: String!, $quantity: Float!, $location: String) { openItem(itemId: $id, quantity: $quantity, location: $location) { \(PantrySelection.receipt) } }"
    public static let field = "openItem"
    public let itemId: String
    public let quantity: Double
    public let location: String?
    public init(itemId: String, quantity: Double, location: String? = nil) {
        self.itemId = itemId
        self.quantity = quantity
        self.location = location
    }
    public var variables: [String: AnyJSON] {
        ["id": .string(itemId), "quantity": .double(quantity), "location": location.map(AnyJSON.string) ?? .null]
    }
}

/// Moves stock between two locations of the household.
public struct TransferMutation: PantryOperation {
    public typealias Answer = StockReceipt
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation Transfer($id: String!, $quantity: Float!, $from: String!, $to: String!) { transfer(itemId: $id, quantity: $quantity, from: $from, to: $to) { \(PantrySelection.receipt) } }"
    public static let field = "transfer"
    public let itemId: String
    public let quantity: Double
    public let from: String
    public let to: String
    public init(itemId: String, quantity: Double, from: String, to: String) {
        self.itemId = itemId
        self.quantity = quantity
        self.from = from
        self.to = to
    }
    public var variables: [String: AnyJSON] {
        ["id": .string(itemId), "quantity": .double(quantity), "from": .string(from), "to": .string(to)]
    }
}

/// Books the difference a count found: + more than the books say, - less.
public struct CorrectInventoryMutation: PantryOperation {
    public typealias Answer = StockReceipt
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation CorrectInventory($id: String!, $quantity: Float!, $location: String, $bestBefore: String) { correctInventory(itemId: $id, quantity: $quantity, location: $location, bestBefore: $bestBefore) { \(PantrySelection.receipt) } }"
    public static let field = "correctInventory"
    public let itemId: String
    public let difference: Double
    public let location: String?
    public let bestBefore: CalendarDay?
    public init(itemId: String, difference: Double, location: String? = nil, bestBefore: CalendarDay? = nil) {
        self.itemId = itemId
        self.difference = difference
        self.location = location
        self.bestBefore = bestBefore
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(itemId), "quantity": .double(difference), "location": location.map(AnyJSON.string) ?? .null,
            "bestBefore": bestBefore.map { .string($0.iso) } ?? .null,
        ]
    }
}

/// Takes a booking back by booking its undo.
public struct UndoBookingMutation: PantryOperation {
    public typealias Answer = StockReceipt
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation UndoBooking($id: String!) { undoBooking(id: $id) { \(PantrySelection.receipt) } }"
    public static let field = "undoBooking"
    public let bookingId: String
    public init(bookingId: String) { self.bookingId = bookingId }
    public var variables: [String: AnyJSON] { ["id": .string(bookingId)] }
}

/// What changed in a household's pantry, as `pantryChanged` sends it.
public struct PantryChangeNotice: Decodable, Sendable, Hashable {
    /// itemAdded, itemUpdated, itemDeleted, stockBooked, bookingUndone, recipeAdded, recipeUpdated, recipeDeleted,
    /// shoppingListChanged, shoppingItemChecked, mealPlanChanged, recipeCooked or cookingUndone.
    public let kind: String
    public let householdId: String
    public let itemId: String?
    public let recipeId: String?
    public let shoppingItemId: String?
    public let bookingId: String?
    public let byUserId: String
    /// The item as it is now, when the change touched one that still exists.
    public let item: PantryItem?

    /// True when the change touches items or their stock.
    public var touchesItems: Bool {
        itemId != nil || kind.hasPrefix("item") || kind == "stockBooked" || kind == "bookingUndone"
    }
    /// True when the change touches recipes.
    public var touchesRecipes: Bool { recipeId != nil || kind.hasPrefix("recipe") }
    /// True when the change touches the shopping list.
    public var touchesShoppingList: Bool { shoppingItemId != nil || kind.hasPrefix("shopping") }
}

/// Follows the changes to a household's items, stock, recipes and shopping list.
public struct PantryChangedSubscription: PantryOperation {
    public typealias Answer = PantryChangeNotice
    public static let kind = PantryOperationKind.subscription
    public static let document =
        "subscription PantryChanged($id: String!) { pantryChanged(householdId: $id) { kind householdId itemId recipeId shoppingItemId bookingId byUserId item { \(PantrySelection.item) } } }"
    public static let field = "pantryChanged"
    public let householdId: String
    public init(householdId: String) { self.householdId = householdId }
    public var variables: [String: AnyJSON] { ["id": .string(householdId)] }
}
