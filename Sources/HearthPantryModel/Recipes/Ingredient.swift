/// One line of a recipe's ingredient list: how much of which food.
///
/// A range such as "2-3 cloves garlic" keeps its lower end in ``quantity`` and its upper end in ``quantityMax``;
/// what the line says beyond the amount and the food ("sifted", "optional") is its ``note``. Both are optional,
/// so ingredients stored or sent before they existed read as they always did.
public struct Ingredient: Codable, Sendable, Hashable {
    /// The food, such as "Flour".
    public let name: String
    /// How much, in ``unit``; 0 for "to taste". For a range, its lower end.
    public let quantity: Double
    /// The unit ``quantity`` counts in (see ``Units``).
    public let unit: String
    /// The upper end of a range ("2-3", "2 to 3"), in ``unit``; nil when the amount is a single figure.
    public let quantityMax: Double?
    /// What the line adds about the food: "sifted", "optional", "at room temperature"; nil for nothing.
    public let note: String?

    public init(name: String, quantity: Double, unit: String, quantityMax: Double? = nil, note: String? = nil) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.quantityMax = quantityMax
        self.note = note
    }

    /// The same ingredient with its quantity (and a range's upper end) multiplied by `factor`.
    public func scaled(by factor: Double) -> Ingredient {
        factor == 1
            ? self
            : Ingredient(
                name: name, quantity: Amount.clean(quantity * factor), unit: unit,
                quantityMax: quantityMax.map { Amount.clean($0 * factor) }, note: note)
    }
}
