public import HearthCore

extension PantrySelection {
    /// A ``GroceryStore``.
    public static let store = "id householdId name sectionOrder"
    /// A ``ShoppingListContents``.
    public static let shoppingList =
        "id householdId name isDefault storeId store { \(store) } lines { \(shoppingItem) } sections { section checked lineIds }"
}

/// A household's shopping lists, the default first, with their lines grouped by section.
public struct ShoppingListsQuery: PantryOperation {
    public typealias Answer = [ShoppingListContents]
    public static let kind = PantryOperationKind.query
    public static let document =
        "query ShoppingLists($id: String!) { shoppingLists(householdId: $id) { \(PantrySelection.shoppingList) } }"
    public static let field = "shoppingLists"
    public let householdId: String
    public init(householdId: String) { self.householdId = householdId }
    public var variables: [String: AnyJSON] { ["id": .string(householdId)] }
}

/// Makes a named shopping list in a household, grouped for `storeId` when given.
public struct CreateShoppingListMutation: PantryOperation {
    public typealias Answer = ShoppingListContents
    public static let kind = PantryOperationKind.mutation
    public static let document = """
        mutation CreateShoppingList($id: String!, $name: String!, $store: String) {
          createShoppingList(householdId: $id, name: $name, storeId: $store) { \(PantrySelection.shoppingList) }
        }
        """
    public static let field = "createShoppingList"
    public let householdId: String
    public let name: String
    public let storeId: String?
    public init(householdId: String, name: String, storeId: String? = nil) {
        self.householdId = householdId
        self.name = name
        self.storeId = storeId
    }
    public var variables: [String: AnyJSON] {
        ["id": .string(householdId), "name": .string(name), "store": storeId.map(AnyJSON.string) ?? .null]
    }
}

/// Renames a shopping list.
public struct RenameShoppingListMutation: PantryOperation {
    public typealias Answer = ShoppingListContents
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation RenameShoppingList($id: String!, $name: String!) { renameShoppingList(id: $id, name: $name) { \(PantrySelection.shoppingList) } }"
    public static let field = "renameShoppingList"
    public let id: String
    public let name: String
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
    public var variables: [String: AnyJSON] { ["id": .string(id), "name": .string(name)] }
}

/// Chooses the store a shopping list is grouped for; nil groups it without a store.
public struct SetShoppingListStoreMutation: PantryOperation {
    public typealias Answer = ShoppingListContents
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation SetShoppingListStore($id: String!, $store: String) { setShoppingListStore(id: $id, storeId: $store) { \(PantrySelection.shoppingList) } }"
    public static let field = "setShoppingListStore"
    public let id: String
    public let storeId: String?
    public init(id: String, storeId: String?) {
        self.id = id
        self.storeId = storeId
    }
    public var variables: [String: AnyJSON] { ["id": .string(id), "store": storeId.map(AnyJSON.string) ?? .null] }
}

/// Deletes a shopping list; the answer is the list its lines moved to.
public struct DeleteShoppingListMutation: PantryOperation {
    public typealias Answer = ShoppingListContents
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation DeleteShoppingList($id: String!) { deleteShoppingList(id: $id) { \(PantrySelection.shoppingList) } }"
    public static let field = "deleteShoppingList"
    public let id: String
    public init(id: String) { self.id = id }
    public var variables: [String: AnyJSON] { ["id": .string(id)] }
}

/// Moves a line to another list of its household.
public struct MoveShoppingItemMutation: PantryOperation {
    public typealias Answer = ShoppingListItem
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation MoveShoppingItem($id: String!, $list: String!) { moveShoppingItem(id: $id, listId: $list) { \(PantrySelection.shoppingItem) } }"
    public static let field = "moveShoppingItem"
    public let id: String
    public let listId: String
    public init(id: String, listId: String) {
        self.id = id
        self.listId = listId
    }
    public var variables: [String: AnyJSON] { ["id": .string(id), "list": .string(listId)] }
}

/// A household's stores, by name.
public struct StoresQuery: PantryOperation {
    public typealias Answer = [GroceryStore]
    public static let kind = PantryOperationKind.query
    public static let document = "query Stores($id: String!) { stores(householdId: $id) { \(PantrySelection.store) } }"
    public static let field = "stores"
    public let householdId: String
    public init(householdId: String) { self.householdId = householdId }
    public var variables: [String: AnyJSON] { ["id": .string(householdId)] }
}

/// Adds a store with its sections in walking order.
public struct CreateStoreMutation: PantryOperation {
    public typealias Answer = GroceryStore
    public static let kind = PantryOperationKind.mutation
    public static let document = """
        mutation CreateStore($id: String!, $name: String!, $order: [StoreSection!]!) {
          createStore(householdId: $id, name: $name, sectionOrder: $order) { \(PantrySelection.store) }
        }
        """
    public static let field = "createStore"
    public let householdId: String
    public let name: String
    public let sectionOrder: [StoreSection]
    public init(householdId: String, name: String, sectionOrder: [StoreSection]) {
        self.householdId = householdId
        self.name = name
        self.sectionOrder = sectionOrder
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(householdId), "name": .string(name),
            "order": .array(sectionOrder.map { .string($0.rawValue) }),
        ]
    }
}

/// Renames a store or gives it a new section order (nil keeps each).
public struct UpdateStoreMutation: PantryOperation {
    public typealias Answer = GroceryStore
    public static let kind = PantryOperationKind.mutation
    public static let document = """
        mutation UpdateStore($id: String!, $name: String, $order: [StoreSection!]) {
          updateStore(id: $id, name: $name, sectionOrder: $order) { \(PantrySelection.store) }
        }
        """
    public static let field = "updateStore"
    public let id: String
    public let name: String?
    public let sectionOrder: [StoreSection]?
    public init(id: String, name: String? = nil, sectionOrder: [StoreSection]? = nil) {
        self.id = id
        self.name = name
        self.sectionOrder = sectionOrder
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(id), "name": name.map(AnyJSON.string) ?? .null,
            "order": sectionOrder.map { .array($0.map { .string($0.rawValue) }) } ?? .null,
        ]
    }
}

/// Deletes a store; true once it is gone.
public struct DeleteStoreMutation: PantryOperation {
    public typealias Answer = Bool
    public static let kind = PantryOperationKind.mutation
    public static let document = "mutation DeleteStore($id: String!) { deleteStore(id: $id) }"
    public static let field = "deleteStore"
    public let id: String
    public init(id: String) { self.id = id }
    public var variables: [String: AnyJSON] { ["id": .string(id)] }
}
