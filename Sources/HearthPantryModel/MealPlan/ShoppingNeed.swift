/// Something a meal plan still needs bought: an amount of a food in a unit, and the unchecked list line it
/// belongs on when there is one already.
public struct ShoppingNeed: Codable, Sendable, Hashable {
    /// The food, as the first recipe or list line that needs it names it.
    public let name: String
    /// How much more to buy, in ``unit``; rounded up to two decimals.
    public let quantity: Double
    /// The unit: the list line's when it goes onto one, else the stock's, else the recipe's.
    public let unit: String
    /// Why the line is there when the amount alone does not say it ("to taste", "in stock in another unit").
    public let note: String?
    /// The unchecked list line of the same food the amount is added to (in that line's unit); nil for a new line.
    public let lineId: String?

    public init(name: String, quantity: Double, unit: String, note: String? = nil, lineId: String? = nil) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.note = note
        self.lineId = lineId
    }
}
