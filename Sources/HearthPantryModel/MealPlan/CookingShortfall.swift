/// How much of an ingredient the stock could not give when a recipe was cooked, in the ingredient's unit.
public struct CookingShortfall: Codable, Sendable, Hashable {
    /// The ingredient's food.
    public let name: String
    /// How much was missing, in ``unit``.
    public let quantity: Double
    /// The ingredient's unit.
    public let unit: String
    /// Why: "not in stock", "not enough in stock", or "in stock only in a unit that does not convert".
    public let reason: String

    public init(name: String, quantity: Double, unit: String, reason: String) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.reason = reason
    }
}
