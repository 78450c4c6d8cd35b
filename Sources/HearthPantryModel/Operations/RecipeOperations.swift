public import HearthCore

extension PantrySelection {
    /// A ``Recipe``.
    public static let recipe =
        "id householdId name description ingredients { name quantity unit quantityMax note } instructions prepTime cookTime servings difficulty tags version"
    /// A ``RecipeCoverage``: the recipe, and how much of each ingredient the stock covers.
    public static let coverage =
        "recipe { \(recipe) } servings coverage canCook ingredients { ingredient { name quantity unit quantityMax note } available missing status itemIds }"
}

/// What a recipe says, as the add and update mutations take it: everything but its id and household.
public struct RecipeFields: Sendable, Hashable {
    public let name: String
    public let description: String?
    public let ingredients: [Ingredient]
    public let instructions: [String]
    public let prepTime: Int?
    public let cookTime: Int?
    public let servings: Int?
    public let difficulty: Difficulty
    public let tags: [String]

    public init(
        name: String, description: String? = nil, ingredients: [Ingredient], instructions: [String] = [],
        prepTime: Int? = nil,
        cookTime: Int? = nil, servings: Int? = nil, difficulty: Difficulty = .easy, tags: [String] = []
    ) {
        self.name = name
        self.description = description
        self.ingredients = ingredients
        self.instructions = instructions
        self.prepTime = prepTime
        self.cookTime = cookTime
        self.servings = servings
        self.difficulty = difficulty
        self.tags = tags
    }

    /// The fields of `recipe`.
    public init(_ recipe: Recipe) {
        self.init(
            name: recipe.name, description: recipe.description, ingredients: recipe.ingredients,
            instructions: recipe.instructions,
            prepTime: recipe.prepTime, cookTime: recipe.cookTime, servings: recipe.servings,
            difficulty: recipe.difficulty, tags: recipe.tags)
    }

    func json(householdId: String? = nil) -> AnyJSON {
        var input: [String: AnyJSON] = [
            "name": .string(name),
            "ingredients": .array(
                ingredients.map {
                    .object([
                        "name": .string($0.name), "quantity": .double($0.quantity), "unit": .string($0.unit),
                        "quantityMax": $0.quantityMax.map(AnyJSON.double) ?? .null,
                        "note": $0.note.map(AnyJSON.string) ?? .null,
                    ])
                }),
            "instructions": .array(instructions.map(AnyJSON.string)),
            "difficulty": .string(difficulty.rawValue),
            "tags": .array(tags.map(AnyJSON.string)),
        ]
        if let householdId { input["householdId"] = .string(householdId) }
        input["description"] = description.map(AnyJSON.string) ?? .null
        input["prepTime"] = prepTime.map { .int(Int64($0)) } ?? .null
        input["cookTime"] = cookTime.map { .int(Int64($0)) } ?? .null
        input["servings"] = servings.map { .int(Int64($0)) } ?? .null
        return .object(input)
    }
}

/// A household's recipes, by name.
public struct RecipesQuery: PantryOperation {
    public typealias Answer = [Recipe]
    public static let kind = PantryOperationKind.query
    public static let document =
        "query Recipes($id: String!) { recipes(householdId: $id) { \(PantrySelection.recipe) } }"
    public static let field = "recipes"
    public let householdId: String
    public init(householdId: String) { self.householdId = householdId }
    public var variables: [String: AnyJSON] { ["id": .string(householdId)] }
}

/// Adds a recipe to a household.
public struct AddRecipeMutation: PantryOperation {
    public typealias Answer = Recipe
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation AddRecipe($input: RecipeInput!) { addRecipe(input: $input) { \(PantrySelection.recipe) } }"
    public static let field = "addRecipe"
    public let householdId: String
    public let fields: RecipeFields
    public init(householdId: String, fields: RecipeFields) {
        self.householdId = householdId
        self.fields = fields
    }
    public var variables: [String: AnyJSON] { ["input": fields.json(householdId: householdId)] }
}

/// Replaces what a recipe says with `fields`; with `expectedVersion`, only while the recipe is still at that
/// version (otherwise the server refuses it as a conflict and writes nothing).
public struct UpdateRecipeMutation: PantryOperation {
    public typealias Answer = Recipe
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation UpdateRecipe($id: String!, $input: RecipeUpdateInput!, $expectedVersion: Int) { updateRecipe(id: $id, input: $input, expectedVersion: $expectedVersion) { \(PantrySelection.recipe) } }"
    public static let field = "updateRecipe"
    public let id: String
    public let fields: RecipeFields
    public let expectedVersion: Int?
    public init(id: String, fields: RecipeFields, expectedVersion: Int? = nil) {
        self.id = id
        self.fields = fields
        self.expectedVersion = expectedVersion
    }
    public var variables: [String: AnyJSON] {
        [
            "id": .string(id), "input": fields.json(),
            "expectedVersion": expectedVersion.map { .int(Int64($0)) } ?? .null,
        ]
    }
}

/// Deletes a recipe; true once it is gone.
public struct DeleteRecipeMutation: PantryOperation {
    public typealias Answer = Bool
    public static let kind = PantryOperationKind.mutation
    public static let document = "mutation DeleteRecipe($id: String!) { deleteRecipe(id: $id) }"
    public static let field = "deleteRecipe"
    public let id: String
    public init(id: String) { self.id = id }
    public var variables: [String: AnyJSON] { ["id": .string(id)] }
}

/// Adds the recipe a web page describes to a household: the server fetches `url`, or reads `html`.
public struct ImportRecipeMutation: PantryOperation {
    public typealias Answer = Recipe
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation ImportRecipe($householdId: String!, $url: String, $html: String) { importRecipe(householdId: $householdId, url: $url, html: $html) { \(PantrySelection.recipe) } }"
    public static let field = "importRecipe"
    public let householdId: String
    public let url: String?
    public let html: String?
    /// Exactly one of `url` and `html`; the server refuses both or neither.
    public init(householdId: String, url: String? = nil, html: String? = nil) {
        self.householdId = householdId
        self.url = url
        self.html = html
    }
    public var variables: [String: AnyJSON] {
        [
            "householdId": .string(householdId), "url": url.map(AnyJSON.string) ?? .null,
            "html": html.map(AnyJSON.string) ?? .null,
        ]
    }
}

/// A household's recipes ranked by how much its stock covers, most first, each with what is missing.
public struct CookableRecipesQuery: PantryOperation {
    public typealias Answer = [RecipeCoverage]
    public static let kind = PantryOperationKind.query
    public static let document =
        "query CookableRecipes($id: String!, $servings: Int) { cookableRecipes(householdId: $id, servings: $servings) { \(PantrySelection.coverage) } }"
    public static let field = "cookableRecipes"
    public let householdId: String
    public let servings: Int?
    public init(householdId: String, servings: Int? = nil) {
        self.householdId = householdId
        self.servings = servings
    }
    public var variables: [String: AnyJSON] {
        ["id": .string(householdId), "servings": servings.map { .int(Int64($0)) } ?? .null]
    }
}
