public import HearthCore

extension PantrySelection {
    /// A ``ShoppingListItem``.
    public static let shoppingItem = "id householdId name quantity unit checked note recipeId"
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

/// A household's shopping list, in the order lines were added.
public struct ShoppingListQuery: PantryOperation {
    public typealias Answer = [ShoppingListItem]
    public static let kind = PantryOperationKind.query
    public static let document =
        "query ShoppingList($id: String!) { shoppingList(householdId: $id) { \(PantrySelection.shoppingItem) } }"
    public static let field = "shoppingList"
    public let householdId: String
    public init(householdId: String) { self.householdId = householdId }
    public var variables: [String: AnyJSON] { ["id": .string(householdId)] }
}

/// Puts something on a household's shopping list; the answer is the line it is on (merged into an unchecked line
/// of the same food when the units convert).
public struct AddShoppingItemMutation: PantryOperation {
    public typealias Answer = ShoppingListItem
    public static let kind = PantryOperationKind.mutation
    public static let document = """
        mutation AddShoppingItem($id: String!, $name: String!, $quantity: Float!, $unit: String, $note: String) {
          addShoppingItem(householdId: $id, name: $name, quantity: $quantity, unit: $unit, note: $note) { \(PantrySelection.shoppingItem) }
        }
        """
    public static let field = "addShoppingItem"
    public let householdId: String
    public let name: String
    public let quantity: Double
    public let unit: String?
    public let note: String?
    public init(householdId: String, name: String, quantity: Double, unit: String? = nil, note: String? = nil) {
        self.householdId = householdId
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.note = note
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(householdId), "name": .string(name), "quantity": .double(quantity),
            "unit": unit.map(AnyJSON.string) ?? .null, "note": note.map(AnyJSON.string) ?? .null,
        ]
    }
}

/// Changes a line's amount, unit or note (nil keeps each; an empty note removes it).
public struct UpdateShoppingItemMutation: PantryOperation {
    public typealias Answer = ShoppingListItem
    public static let kind = PantryOperationKind.mutation
    public static let document = """
        mutation UpdateShoppingItem($id: String!, $quantity: Float, $unit: String, $note: String) {
          updateShoppingItem(id: $id, quantity: $quantity, unit: $unit, note: $note) { \(PantrySelection.shoppingItem) }
        }
        """
    public static let field = "updateShoppingItem"
    public let id: String
    public let quantity: Double?
    public let unit: String?
    public let note: String?
    public init(id: String, quantity: Double? = nil, unit: String? = nil, note: String? = nil) {
        self.id = id
        self.quantity = quantity
        self.unit = unit
        self.note = note
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(id), "quantity": quantity.map(AnyJSON.double) ?? .null,
            "unit": unit.map(AnyJSON.string) ?? .null,
            "note": note.map(AnyJSON.string) ?? .null,
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
        "mutation ClearCheckedShoppingItems($id: String!) { clearCheckedShoppingItems(householdId: $id) }"
    public static let field = "clearCheckedShoppingItems"
    public let householdId: String
    public init(householdId: String) { self.householdId = householdId }
    public var variables: [String: AnyJSON] { ["id": .string(householdId)] }
}

/// Adds what a recipe still needs after the stock to its household's list; the answer is the list.
public struct AddMissingIngredientsMutation: PantryOperation {
    public typealias Answer = [ShoppingListItem]
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation AddMissingIngredients($id: String!, $servings: Int) { addMissingIngredients(recipeId: $id, servings: $servings) { \(PantrySelection.shoppingItem) } }"
    public static let field = "addMissingIngredients"
    public let recipeId: String
    public let servings: Int?
    public init(recipeId: String, servings: Int? = nil) {
        self.recipeId = recipeId
        self.servings = servings
    }
    public var variables: [String: AnyJSON] {
        ["id": .string(recipeId), "servings": servings.map { .int(Int64($0)) } ?? .null]
    }
}

/// Tops a household's list up with items going off within `withinDays` days or below their minimum; the answer is
/// the list.
public struct AddExpiringAndBelowMinimumMutation: PantryOperation {
    public typealias Answer = [ShoppingListItem]
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation AddExpiringAndBelowMinimum($id: String!, $days: Int) { addExpiringAndBelowMinimum(householdId: $id, withinDays: $days) { \(PantrySelection.shoppingItem) } }"
    public static let field = "addExpiringAndBelowMinimum"
    public let householdId: String
    public let withinDays: Int?
    public init(householdId: String, withinDays: Int? = nil) {
        self.householdId = householdId
        self.withinDays = withinDays
    }
    public var variables: [String: AnyJSON] {
        ["id": .string(householdId), "days": withinDays.map { .int(Int64($0)) } ?? .null]
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
