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

    public init(
        householdId: String, name: String, quantity: Double, unit: String? = nil, category: ItemCategory? = nil,
        expirationDate: CalendarDay? = nil, location: String? = nil, notes: String? = nil
    ) {
        self.householdId = householdId
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.category = category
        self.expirationDate = expirationDate
        self.location = location
        self.notes = notes
    }

    var json: AnyJSON {
        var input: [String: AnyJSON] = ["householdId": .string(householdId), "name": .string(name), "quantity": .double(quantity)]
        if let unit { input["unit"] = .string(unit) }
        if let category { input["category"] = .string(category.rawValue) }
        if let expirationDate { input["expirationDate"] = .string(expirationDate.iso) }
        if let location { input["location"] = .string(location) }
        if let notes { input["notes"] = .string(notes) }
        return .object(input)
    }
}

/// Adds an item to a household's pantry.
public struct AddItemMutation: PantryOperation {
    public typealias Answer = PantryItem
    public static let kind = PantryOperationKind.mutation
    public static let document = "mutation AddItem($input: ItemInput!) { addItem(input: $input) { \(PantrySelection.item) } }"
    public static let field = "addItem"
    public let input: NewPantryItem
    public init(input: NewPantryItem) { self.input = input }
    public var variables: [String: AnyJSON] { ["input": input.json] }
}
