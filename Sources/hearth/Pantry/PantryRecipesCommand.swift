import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// `hearth pantry recipes add|list|cookable|delete`.
struct PantryRecipesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipes", abstract: "A household's recipes, and what you can cook with what you have.",
        subcommands: [Add.self, List.self, Cookable.self, Delete.self])

    static func line(_ recipe: Recipe) -> String {
        var parts = [
            recipe.id, recipe.name, "\(recipe.ingredients.count) ingredient\(recipe.ingredients.count == 1 ? "" : "s")",
        ]
        if let servings = recipe.servings { parts.append("serves \(servings)") }
        if let total = recipe.totalTime { parts.append("\(total) min") }
        parts.append(recipe.difficulty.rawValue)
        if !recipe.tags.isEmpty { parts.append(recipe.tags.joined(separator: ", ")) }
        return parts.joined(separator: "\t")
    }

    /// "Pancakes  75%  missing 50 g Sugar, 3 pieces Eggs", or "can cook".
    static func line(_ ranked: RecipeCoverage) -> String {
        let percent = Int((ranked.coverage * 100).rounded(.down))
        let missing = ranked.missing.map { line -> String in
            let ingredient = line.ingredient
            let amount = ingredient.quantity > 0 ? Units.format(line.missing, ingredient.unit) + " " : ""
            let note = line.status == .unitMismatch ? " (in stock in another unit)" : ""
            return amount + ingredient.name + note
        }
        let state = ranked.canCook ? "can cook" : "missing " + missing.joined(separator: ", ")
        return "\(ranked.recipe.id)\t\(ranked.recipe.name)\t\(percent)%\t\(state)"
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a recipe to a household.",
            discussion: """
                Write each ingredient as you would on paper: --ingredient "200 g flour" --ingredient "3 eggs" --ingredient "salt".
                An ingredient without an amount counts as "to taste".
                """)
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's id (see `hearth pantry household list`).") var household: String
        @Argument(help: "The recipe's name.") var name: String
        @Option(name: .customLong("ingredient"), help: "An ingredient, such as \"200 g flour\"; repeat for each.")
        var ingredients: [String] = []
        @Option(name: .customLong("step"), help: "A step of the method; repeat for each, in order.") var steps:
            [String] = []
        @Option(help: "How many servings the amounts make.") var servings: Int?
        @Option(help: "Preparation time in minutes.") var prep: Int?
        @Option(help: "Cooking time in minutes.") var cook: Int?
        @Option(help: "easy, medium or hard.") var difficulty: String?
        @Option(name: .customLong("tag"), help: "A tag, such as vegetarian; repeat for each.") var tags: [String] = []
        @Option(help: "A short description.") var description: String?

        func run() async throws {
            let parsed = try ingredients.map { text in
                do {
                    return try IngredientText.parse(text)
                } catch let error as ServiceError {
                    throw ServiceError.validationFailed("--ingredient: \(error.message)")
                }
            }
            let level =
                try difficulty.map { text in
                    guard let value = Difficulty(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased())
                    else {
                        throw ServiceError.validationFailed(
                            "--difficulty \"\(text)\" is not one of: \(Difficulty.allCases.map(\.rawValue).joined(separator: ", "))."
                        )
                    }
                    return value
                } ?? .easy
            let fields = RecipeFields(
                name: name, description: description, ingredients: parsed, instructions: steps, prepTime: prep,
                cookTime: cook,
                servings: servings, difficulty: level, tags: tags)
            let recipe = try await options.withServices { services, _ in
                try await services.recipes().addRecipe(householdId: household, fields)
            }
            try options.output(recipe) {
                "Added \(recipe.name) (\(recipe.id)) with \(recipe.ingredients.count) ingredient\(recipe.ingredients.count == 1 ? "" : "s")."
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a household's recipes.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's id.") var household: String

        func run() async throws {
            let recipes = try await options.withServices { services, _ in
                try await services.recipes().recipes(in: household)
            }
            try options.output(recipes) {
                recipes.isEmpty
                    ? "No recipes; add one with `hearth pantry recipes add \(household) NAME --ingredient \"200 g flour\"`."
                    : recipes.map(PantryRecipesCommand.line).joined(separator: "\n")
            }
        }
    }

    struct Cookable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cookable",
            abstract:
                "What you can cook with what you have: recipes by how much the stock covers, with what is missing.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's id.") var household: String
        @Option(help: "Scale recipes that state their servings to this many.") var servings: Int?

        func run() async throws {
            let ranked = try await options.withServices { services, _ in
                try await services.recipes().cookable(householdId: household, servings: servings)
            }
            try options.output(ranked) {
                ranked.isEmpty ? "No recipes." : ranked.map(PantryRecipesCommand.line).joined(separator: "\n")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a recipe.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The recipe's id (see `hearth pantry recipes list`).") var recipe: String

        func run() async throws {
            try await options.withServices { services, _ in try await services.recipes().deleteRecipe(id: recipe) }
            struct Answer: Encodable { let deleted: String }
            try options.output(Answer(deleted: recipe)) { "Deleted recipe \(recipe)." }
        }
    }
}
