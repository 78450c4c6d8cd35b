/// What cooking takes from one stock item, in the item's unit.
public struct CookingDraw: Codable, Sendable, Hashable {
    /// The stock item drawn on.
    public let itemId: String
    /// The item's name.
    public let name: String
    /// How much is taken, in ``unit`` (the item's own).
    public let quantity: Double
    /// The item's unit.
    public let unit: String

    public init(itemId: String, name: String, quantity: Double, unit: String) {
        self.itemId = itemId
        self.name = name
        self.quantity = quantity
        self.unit = unit
    }
}
