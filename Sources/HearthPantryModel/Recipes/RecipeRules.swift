import HearthCore

/// What makes a recipe acceptable before it is saved.
public enum RecipeRules {
    /// `recipe` with its text trimmed: blank instructions and tags dropped, tags without repeats (ignoring case),
    /// a blank description made nil.
    /// - Throws: ``ServiceError`` (validation failed) listing every rule broken: an empty recipe or ingredient
    ///   name, an ingredient quantity that is negative or not a number, a range whose upper end is below its lower end, servings below 1, negative times.
    public static func validated(_ recipe: Recipe) throws -> Recipe {
        var problems: [String] = []
        let name = Validation.trimmed(recipe.name)
        if name.isEmpty { problems.append("Recipe name cannot be empty") }
        for (index, ingredient) in recipe.ingredients.enumerated() {
            if Validation.trimmed(ingredient.name).isEmpty { problems.append("Ingredient \(index + 1) needs a name") }
            if !ingredient.quantity.isFinite || ingredient.quantity < 0 {
                problems.append("Ingredient \(index + 1) quantity must be 0 or more")
            }
            if let upper = ingredient.quantityMax, !upper.isFinite || upper < ingredient.quantity {
                problems.append(
                    "Ingredient \(index + 1) quantityMax must be at least its quantity (the range's lower end)")
            }
        }
        if let servings = recipe.servings, servings < 1 { problems.append("Servings must be at least 1") }
        if let prep = recipe.prepTime, prep < 0 { problems.append("Prep time cannot be negative") }
        if let cook = recipe.cookTime, cook < 0 { problems.append("Cook time cannot be negative") }
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }

        var seen = Set<String>()
        let tags = recipe.tags.map(Validation.trimmed).filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
        return Recipe(
            id: recipe.id, householdId: recipe.householdId, name: name,
            description: Validation.trimmedOrNil(recipe.description),
            ingredients: recipe.ingredients.map {
                Ingredient(
                    name: Validation.trimmed($0.name), quantity: $0.quantity, unit: Validation.trimmed($0.unit),
                    quantityMax: $0.quantityMax == $0.quantity ? nil : $0.quantityMax,
                    note: Validation.trimmedOrNil($0.note))
            },
            instructions: recipe.instructions.map(Validation.trimmed).filter { !$0.isEmpty },
            prepTime: recipe.prepTime, cookTime: recipe.cookTime, servings: recipe.servings,
            difficulty: recipe.difficulty, tags: tags,
            version: recipe.version)
    }
}
