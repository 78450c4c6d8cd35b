/// Where an item belongs on the shelves and in lists.
public enum ItemCategory: String, Codable, Sendable, Hashable, CaseIterable {
    case produce
    case dairy
    case meat
    case pantry
    case frozen
    case beverages
    case other

    /// The category's name as people read it: "Produce", "Beverages".
    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
