/// A recipe as a web page describes it, read from its schema.org `Recipe` (see ``RecipePage``).
public struct ImportedRecipe: Codable, Sendable, Hashable {
    /// Where on the page the recipe was found.
    public enum Origin: String, Codable, Sendable, Hashable {
        /// A `<script type="application/ld+json">` block.
        case jsonLD = "json-ld"
        /// `itemscope`/`itemprop` attributes.
        case microdata
    }

    /// The recipe's name.
    public var name: String
    /// Its description, as plain text.
    public var description: String?
    /// What it makes, as the page writes it: "4 servings", "Makes 12".
    public var yield: String?
    /// The servings read from ``yield``: its first whole number ("Serves 4-6" is 4).
    public var servings: Int?
    /// Preparation time in minutes.
    public var prepTime: Int?
    /// Cooking time in minutes.
    public var cookTime: Int?
    /// Total time in minutes, as the page gives it.
    public var totalTime: Int?
    /// The steps, in order (sections' steps in their sections' order).
    public var instructions: [String]
    /// The ingredient lines as the page writes them.
    public var ingredientLines: [String]
    /// The ingredient lines read by ``IngredientText``; a line it cannot read is the line itself, with no amount.
    public var ingredients: [Ingredient]
    /// Keywords, categories and cuisines, without repeats.
    public var tags: [String]
    /// Where on the page it was found.
    public var origin: Origin

    public init(
        name: String, description: String? = nil, yield: String? = nil, servings: Int? = nil, prepTime: Int? = nil,
        cookTime: Int? = nil, totalTime: Int? = nil, instructions: [String] = [], ingredientLines: [String] = [],
        tags: [String] = [], origin: Origin
    ) {
        self.name = name
        self.description = description
        self.yield = yield
        self.servings = servings
        self.prepTime = prepTime
        self.cookTime = cookTime
        self.totalTime = totalTime
        self.instructions = instructions
        self.ingredientLines = ingredientLines
        self.ingredients = ingredientLines.compactMap(IngredientText.read)
        self.tags = tags
        self.origin = origin
    }

    /// The household recipe this import makes. A page that gives the total time and only one of preparation and
    /// cooking has the other worked out from it; a total alone is not split.
    public func recipe(id: String, householdId: String) -> Recipe {
        var prep = prepTime
        var cook = cookTime
        if let total = totalTime {
            if let known = prep, cook == nil, total > known { cook = total - known }
            if let known = cook, prep == nil, total > known { prep = total - known }
        }
        return Recipe(
            id: id, householdId: householdId, name: name, description: description, ingredients: ingredients,
            instructions: instructions, prepTime: prep, cookTime: cook, servings: servings, tags: tags)
    }

    /// The first whole number in `text`, between 1 and 10,000.
    static func servings(in text: String) -> Int? {
        var digits = ""
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
                if digits.count > 5 { return nil }
            } else if !digits.isEmpty {
                break
            }
        }
        guard let value = Int(digits), (1...10_000).contains(value) else { return nil }
        return value
    }
}
