/// How much of a recipe the stock covers.
public struct RecipeCoverage: Sendable, Hashable {
    /// The recipe.
    public let recipe: Recipe
    /// The servings the amounts were scaled to, when scaling was asked for and possible.
    public let servings: Int?
    /// Each ingredient's coverage, in the recipe's order.
    public let ingredients: [IngredientCoverage]

    public init(recipe: Recipe, servings: Int?, ingredients: [IngredientCoverage]) {
        self.recipe = recipe
        self.servings = servings
        self.ingredients = ingredients
    }

    /// The mean covered share of the ingredients, 0–1, each ingredient counting by amount; 1 for a recipe
    /// without ingredients.
    public var coverage: Double {
        guard !ingredients.isEmpty else { return 1 }
        return Amount.clean(ingredients.reduce(0) { $0 + $1.fraction } / Double(ingredients.count))
    }

    /// Whether everything the recipe needs is in stock.
    public var canCook: Bool { ingredients.allSatisfy { $0.status == .covered } }

    /// The ingredients still needed, with how much of each.
    public var missing: [IngredientCoverage] { ingredients.filter { $0.status != .covered } }
}
