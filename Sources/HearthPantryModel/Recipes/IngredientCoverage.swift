/// How much of one ingredient the stock covers, in the ingredient's own unit.
public struct IngredientCoverage: Sendable, Hashable {
    /// Where an ingredient stands.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// All of it is in stock.
        case covered
        /// Some of it is in stock.
        case partial
        /// None of it is in stock.
        case missing
        /// The food is in stock, but in a unit that does not convert ("2 pieces" of an ingredient asked for in grams).
        case unitMismatch = "unit_mismatch"
    }

    /// The ingredient, scaled to the servings asked for.
    public let ingredient: Ingredient
    /// How much of it the stock covers, in the ingredient's unit (never more than asked for).
    public let available: Double
    /// How much is still needed, in the ingredient's unit.
    public let missing: Double
    /// The stock items drawn on, in the order they were used.
    public let itemIds: [String]
    /// Stock items with the same food whose unit does not convert into the ingredient's.
    public let mismatchedItemIds: [String]
    /// Where the ingredient stands.
    public let status: Status

    public init(
        ingredient: Ingredient, available: Double, missing: Double, itemIds: [String], mismatchedItemIds: [String],
        status: Status
    ) {
        self.ingredient = ingredient
        self.available = available
        self.missing = missing
        self.itemIds = itemIds
        self.mismatchedItemIds = mismatchedItemIds
        self.status = status
    }

    /// The covered share, 0–1. An ingredient without an amount ("salt, to taste") counts 1 when the food is in
    /// stock and 0 when it is not.
    public var fraction: Double {
        guard ingredient.quantity > Amount.epsilon else { return status == .covered ? 1 : 0 }
        return min(1, max(0, available / ingredient.quantity))
    }
}
