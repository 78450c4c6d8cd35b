/// Coverage as JSON, the way the server's `cookableRecipes` writes it: the recipe, the servings, each
/// ingredient's coverage, and the derived `coverage`, `canCook` and `missing` (written, never read back).
extension RecipeCoverage: Codable {
    enum CodingKeys: String, CodingKey {
        case recipe, servings, ingredients, coverage, canCook, missing
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            recipe: try c.decode(Recipe.self, forKey: .recipe),
            servings: try c.decodeIfPresent(Int.self, forKey: .servings),
            ingredients: try c.decode([IngredientCoverage].self, forKey: .ingredients))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(recipe, forKey: .recipe)
        try c.encodeIfPresent(servings, forKey: .servings)
        try c.encode(ingredients, forKey: .ingredients)
        try c.encode(coverage, forKey: .coverage)
        try c.encode(canCook, forKey: .canCook)
        try c.encode(missing, forKey: .missing)
    }
}

extension IngredientCoverage.Status: Codable {}

extension IngredientCoverage: Codable {
    enum CodingKeys: String, CodingKey {
        case ingredient, available, missing, itemIds, mismatchedItemIds, status
    }

    /// Reads a coverage; `mismatchedItemIds`, which the server does not send, is empty when absent.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            ingredient: try c.decode(Ingredient.self, forKey: .ingredient),
            available: try c.decode(Double.self, forKey: .available),
            missing: try c.decode(Double.self, forKey: .missing),
            itemIds: try c.decodeIfPresent([String].self, forKey: .itemIds) ?? [],
            mismatchedItemIds: try c.decodeIfPresent([String].self, forKey: .mismatchedItemIds) ?? [],
            status: try c.decode(Status.self, forKey: .status))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ingredient, forKey: .ingredient)
        try c.encode(available, forKey: .available)
        try c.encode(missing, forKey: .missing)
        try c.encode(itemIds, forKey: .itemIds)
        try c.encode(mismatchedItemIds, forKey: .mismatchedItemIds)
        try c.encode(status, forKey: .status)
    }
}
