public import HearthCore

extension PantrySelection {
    /// A ``ShoppingListItem``.
    public static let shoppingItem = "id householdId name quantity unit checked note recipeId listId section"
    /// A ``StockBooking``.
    public static let booking =
        "id itemId householdId kind quantity spoiled location fromLocation toLocation bestBefore createdBy createdAt reverses"
}

/// What checking a shopping list line off gave: the line, now checked, the stock item it went into, and the
/// purchase booked.
public struct CheckedOffLine: Codable, Sendable, Hashable {
    /// The line, now checked.
    public let line: ShoppingListItem
    /// The stock item the purchase went into, with its new amount.
    public let item: PantryItem
    /// The purchase booked.
    public let booking: StockBooking

    public init(line: ShoppingListItem, item: PantryItem, booking: StockBooking) {
        self.line = line
        self.item = item
        self.booking = booking
    }
}

/// A household's shopping list (list `listId`, else the default one), in the order lines were added.
public struct ShoppingListQuery: PantryOperation {
    public typealias Answer = [ShoppingListItem]
    public static let kind = PantryOperationKind.query
    public static let document =
        "query ShoppingList($id: String!, $list: String) { shoppingList(householdId: $id, listId: $list) { \(PantrySelection.shoppingItem) } }"
    public static let field = "shoppingList"
    public let householdId: String
    public let listId: String?
    public init(householdId: String, listId: String? = nil) {
        self.householdId = householdId
        self.listId = listId
    }
    public var variables: [String: AnyJSON] {
        ["id": .string(householdId), "list": listId.map(AnyJSON.string) ?? .null]
    }
}

/// Puts something on a household's shopping list; the answer is the line it is on (merged into an unchecked line
/// of the same food when the units convert).
public struct AddShoppingItemMutation: PantryOperation {
    public typealias Answer = ShoppingListItem
    public static let kind = PantryOperationKind.mutation
    public static let document = """
        mutation AddShoppingItem($id: String!, $name: String!, $quantity: Float!, $unit: String, $note: String, $list: String, $section: StoreSection) {
          addShoppingItem(householdId: $id, name: $name, quantity: $quantity, unit: $unit, note: $note, listId: $list, section: $section) { \(PantrySelection.shoppingItem) }
        }
        """
    public static let field = "addShoppingItem"
    public let householdId: String
    public let name: String
    public let quantity: Double
    public let unit: String?
    public let note: String?
    public let listId: String?
    public let section: StoreSection?
    public init(
        householdId: String, name: String, quantity: Double, unit: String? = nil, note: String? = nil,
        listId: String? = nil, section: StoreSection? = nil
    ) {
        self.householdId = householdId
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.note = note
        self.listId = listId
        self.section = section
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(householdId), "name": .string(name), "quantity": .double(quantity),
            "unit": unit.map(AnyJSON.string) ?? .null, "note": note.map(AnyJSON.string) ?? .null,
            "list": listId.map(AnyJSON.string) ?? .null, "section": section.map { .string($0.rawValue) } ?? .null,
        ]
    }
}

/// Changes a line's amount, unit or note (nil keeps each; an empty note removes it).
public struct UpdateShoppingItemMutation: PantryOperation {
    public typealias Answer = ShoppingListItem
    public static let kind = PantryOperationKind.mutation
    public static let document = """
        mutation UpdateShoppingItem($id: String!, $quantity: Float, $unit: String, $note: String, $section: StoreSection) {
          updateShoppingItem(id: $id, quantity: $quantity, unit: $unit, note: $note, section: $section) { \(PantrySelection.shoppingItem) }
        }
        """
    public static let field = "updateShoppingItem"
    public let id: String
    public let quantity: Double?
    public let unit: String?
    public let note: String?
    public let section: StoreSection?
    public init(
        id: String, quantity: Double? = nil, unit: String? = nil, note: String? = nil, section: StoreSection? = nil
    ) {
        self.id = id
        self.quantity = quantity
        self.unit = unit
        self.note = note
        self.section = section
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(id), "quantity": quantity.map(AnyJSON.double) ?? .null,
            "unit": unit.map(AnyJSON.string) ?? .null,
            "note": note.map(AnyJSON.string) ?? .null, "section": section.map { .string($0.rawValue) } ?? .null,
        ]
    }
}

/// Takes a line off the list; true once it is gone.
public struct DeleteShoppingItemMutation: PantryOperation {
    public typealias Answer = Bool
    public static let kind = PantryOperationKind.mutation
    public static let document = "mutation DeleteShoppingItem($id: String!) { deleteShoppingItem(id: $id) }"
    public static let field = "deleteShoppingItem"
    public let id: String
    public init(id: String) { self.id = id }
    public var variables: [String: AnyJSON] { ["id": .string(id)] }
}

/// Removes every checked line from a household's list; the answer is how many went.
public struct ClearCheckedShoppingItemsMutation: PantryOperation {
    public typealias Answer = Int
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation ClearCheckedShoppingItems($id: String!, $list: String) { clearCheckedShoppingItems(householdId: $id, listId: $list) }"
    public static let field = "clearCheckedShoppingItems"
    public let householdId: String
    public let listId: String?
    public init(householdId: String, listId: String? = nil) {
        self.householdId = householdId
        self.listId = listId
    }
    public var variables: [String: AnyJSON] {
        ["id": .string(householdId), "list": listId.map(AnyJSON.string) ?? .null]
    }
}

/// Adds what a recipe still needs after the stock to its household's list; the answer is the list.
public struct AddMissingIngredientsMutation: PantryOperation {
    public typealias Answer = [ShoppingListItem]
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation AddMissingIngredients($id: String!, $servings: Int, $list: String) { addMissingIngredients(recipeId: $id, servings: $servings, listId: $list) { \(PantrySelection.shoppingItem) } }"
    public static let field = "addMissingIngredients"
    public let recipeId: String
    public let servings: Int?
    public let listId: String?
    public init(recipeId: String, servings: Int? = nil, listId: String? = nil) {
        self.recipeId = recipeId
        self.servings = servings
        self.listId = listId
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(recipeId), "servings": servings.map { .int(Int64($0)) } ?? .null,
            "list": listId.map(AnyJSON.string) ?? .null,
        ]
    }
}

/// Tops a household's list up with items going off within `withinDays` days or below their minimum; the answer is
/// the list.
public struct AddExpiringAndBelowMinimumMutation: PantryOperation {
    public typealias Answer = [ShoppingListItem]
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation AddExpiringAndBelowMinimum($id: String!, $days: Int, $list: String) { addExpiringAndBelowMinimum(householdId: $id, withinDays: $days, listId: $list) { \(PantrySelection.shoppingItem) } }"
    public static let field = "addExpiringAndBelowMinimum"
    public let householdId: String
    public let withinDays: Int?
    public let listId: String?
    public init(householdId: String, withinDays: Int? = nil, listId: String? = nil) {
        self.householdId = householdId
        self.withinDays = withinDays
        self.listId = listId
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(householdId), "days": withinDays.map { .int(Int64($0)) } ?? .null,
            "list": listId.map(AnyJSON.string) ?? .null,
        ]
    }
}

/// Checks a line off and books its purchase into the household's stock, at `location`.
public struct CheckShoppingItemMutation: PantryOperation {
    public typealias Answer = CheckedOffLine
    public static let kind = PantryOperationKind.mutation
    public static let document = """
        mutation CheckShoppingItem($id: String!, $location: String, $bestBefore: String) {
          checkShoppingItem(id: $id, location: $location, bestBefore: $bestBefore) {
            line { \(PantrySelection.shoppingItem) } item { \(PantrySelection.item) } booking { \(PantrySelection.booking) }
          }
        }
        """
    public static let field = "checkShoppingItem"
    public let id: String
    public let location: String?
    public let bestBefore: CalendarDay?
    public init(id: String, location: String? = nil, bestBefore: CalendarDay? = nil) {
        self.id = id
        self.location = location
        self.bestBefore = bestBefore
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(id), "location": location.map(AnyJSON.string) ?? .null,
            "bestBefore": bestBefore.map { .string($0.iso) } ?? .null,
        ]
    }
}
