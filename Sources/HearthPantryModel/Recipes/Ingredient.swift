/// One line of a recipe's ingredient list: how much of which food.
public struct Ingredient: Codable, Sendable, Hashable {
    /// The food, such as "Flour".
    public let name: String
    /// How much, in ``unit``; 0 for "to taste".
    public let quantity: Double
    /// The unit ``quantity`` counts in (see ``Units``).
    public let unit: String

    public init(name: String, quantity: Double, unit: String) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
    }

    /// The same ingredient with its quantity multiplied by `factor`.
    public func scaled(by factor: Double) -> Ingredient {
        factor == 1 ? self : Ingredient(name: name, quantity: Amount.clean(quantity * factor), unit: unit)
    }
}
