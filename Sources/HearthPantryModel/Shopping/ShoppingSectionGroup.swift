/// Lines of a shopping list that are found in one section of the store, or the lines already bought.
public struct ShoppingSectionGroup: Codable, Sendable, Hashable {
    /// The section; nil for lines of no known section, and for the group of checked lines.
    public let section: StoreSection?
    /// Whether this is the group of lines already checked off.
    public let checked: Bool
    /// The lines, in the order they were added.
    public let lines: [ShoppingListItem]

    public init(section: StoreSection?, checked: Bool = false, lines: [ShoppingListItem]) {
        self.section = section
        self.checked = checked
        self.lines = lines
    }

    /// The ids of ``lines``, in order.
    public var lineIds: [String] { lines.map(\.id) }

    /// The group's heading: the section's name, "Other" for unsectioned lines, "Checked" for bought ones.
    public var title: String {
        if checked { return "Checked" }
        return section?.displayName ?? "Other"
    }
}
