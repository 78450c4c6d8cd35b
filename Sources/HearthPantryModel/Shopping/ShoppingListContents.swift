/// One of a household's shopping lists as the server answers it: the list, the store it is grouped for, its
/// lines, and the lines grouped by that store's sections (see ``ShoppingSections``).
public struct ShoppingListContents: Codable, Sendable, Hashable, Identifiable {
    /// The list's id.
    public let id: String
    /// The household whose list it is.
    public let householdId: String
    /// Its name.
    public let name: String
    /// Whether calls that name no list mean this one.
    public let isDefault: Bool
    /// The chosen store's id, if any.
    public let storeId: String?
    /// The chosen store, if any.
    public let store: GroceryStore?
    /// The lines, in the order they were added.
    public let lines: [ShoppingListItem]
    /// The lines grouped by section in the store's order, the checked ones last.
    public let sections: [ShoppingSectionGroup]

    public init(
        id: String, householdId: String, name: String, isDefault: Bool, storeId: String? = nil,
        store: GroceryStore? = nil, lines: [ShoppingListItem] = [], sections: [ShoppingSectionGroup] = []
    ) {
        self.id = id
        self.householdId = householdId
        self.name = name
        self.isDefault = isDefault
        self.storeId = storeId
        self.store = store
        self.lines = lines
        self.sections = sections
    }

    private enum CodingKeys: String, CodingKey {
        case id, householdId, name, isDefault, storeId, store, lines, sections
    }

    /// A section as it arrives: with its lines, or with only their ids (the lines then come from ``lines``).
    private struct SectionWire: Decodable {
        let section: StoreSection?
        let checked: Bool
        let lines: [ShoppingListItem]?
        let lineIds: [String]?
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let lines = try c.decodeIfPresent([ShoppingListItem].self, forKey: .lines) ?? []
        let byId = Dictionary(lines.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let sections = try c.decodeIfPresent([SectionWire].self, forKey: .sections) ?? []
        self.init(
            id: try c.decode(String.self, forKey: .id), householdId: try c.decode(String.self, forKey: .householdId),
            name: try c.decode(String.self, forKey: .name), isDefault: try c.decode(Bool.self, forKey: .isDefault),
            storeId: try c.decodeIfPresent(String.self, forKey: .storeId),
            store: try c.decodeIfPresent(GroceryStore.self, forKey: .store), lines: lines,
            sections: sections.map { wire in
                ShoppingSectionGroup(
                    section: wire.section, checked: wire.checked,
                    lines: wire.lines ?? (wire.lineIds ?? []).compactMap { byId[$0] })
            })
    }

    /// The list without its lines.
    public var list: HouseholdShoppingList {
        HouseholdShoppingList(id: id, householdId: householdId, name: name, isDefault: isDefault, storeId: storeId)
    }
}
