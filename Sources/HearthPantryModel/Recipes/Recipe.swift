/// A household's recipe: what goes in, how to make it, and for how many.
public struct Recipe: Codable, Sendable, Hashable, Identifiable {
    /// The recipe's id.
    public let id: String
    /// The household the recipe belongs to.
    public let householdId: String
    /// The recipe's name.
    public let name: String
    /// A short description, if any.
    public let description: String?
    /// What goes in, in order.
    public let ingredients: [Ingredient]
    /// The steps, in order.
    public let instructions: [String]
    /// Preparation time in minutes, if known.
    public let prepTime: Int?
    /// Cooking time in minutes, if known.
    public let cookTime: Int?
    /// How many servings the quantities make, if known.
    public let servings: Int?
    /// How hard the recipe is.
    public let difficulty: Difficulty
    /// Free tags such as "vegetarian".
    public let tags: [String]
    /// Counts the recipe's saves: 1 when it is added, one more with each update. An update that names the
    /// version it was based on is refused when the recipe was saved since, so one cook's edit never silently
    /// replaces another's.
    public var version: Int

    public init(
        id: String, householdId: String, name: String, description: String? = nil, ingredients: [Ingredient],
        instructions: [String] = [], prepTime: Int? = nil, cookTime: Int? = nil, servings: Int? = nil,
        difficulty: Difficulty = .easy, tags: [String] = [], version: Int = 1
    ) {
        self.id = id
        self.householdId = householdId
        self.name = name
        self.description = description
        self.ingredients = ingredients
        self.instructions = instructions
        self.prepTime = prepTime
        self.cookTime = cookTime
        self.servings = servings
        self.difficulty = difficulty
        self.tags = tags
        self.version = version
    }

    private enum CodingKeys: String, CodingKey {
        case id, householdId, name, description, ingredients, instructions, prepTime, cookTime, servings, difficulty,
            tags, version
    }

    /// Decodes a recipe; one stored before recipes had versions is version 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            householdId: try container.decode(String.self, forKey: .householdId),
            name: try container.decode(String.self, forKey: .name),
            description: try container.decodeIfPresent(String.self, forKey: .description),
            ingredients: try container.decode([Ingredient].self, forKey: .ingredients),
            instructions: try container.decode([String].self, forKey: .instructions),
            prepTime: try container.decodeIfPresent(Int.self, forKey: .prepTime),
            cookTime: try container.decodeIfPresent(Int.self, forKey: .cookTime),
            servings: try container.decodeIfPresent(Int.self, forKey: .servings),
            difficulty: try container.decode(Difficulty.self, forKey: .difficulty),
            tags: try container.decode([String].self, forKey: .tags),
            version: try container.decodeIfPresent(Int.self, forKey: .version) ?? 1)
    }

    /// Preparation and cooking time together, when either is known.
    public var totalTime: Int? {
        prepTime == nil && cookTime == nil ? nil : (prepTime ?? 0) + (cookTime ?? 0)
    }

    /// The ingredients for `servings` servings: scaled by `servings / self.servings`, or unchanged when either
    /// is missing or not above zero.
    public func ingredients(forServings servings: Int?) -> [Ingredient] {
        guard let servings, servings > 0, let base = self.servings, base > 0, servings != base else {
            return ingredients
        }
        let factor = Double(servings) / Double(base)
        return ingredients.map { $0.scaled(by: factor) }
    }
}
