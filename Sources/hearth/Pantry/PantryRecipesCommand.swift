import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// `hearth pantry recipes add|import|list|cookable|delete|cook|uncook`.
struct PantryRecipesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipes", abstract: "A household's recipes, and what you can cook with what you have.",
        subcommands: [Add.self, Import.self, List.self, Cookable.self, Delete.self, Cook.self, Uncook.self])

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

    /// "2-3 clove garlic (minced)": an ingredient as a line of text.
    static func line(_ ingredient: Ingredient) -> String {
        var text = ingredient.name
        if ingredient.quantity > 0 {
            var amount = Units.formatNumber(ingredient.quantity)
            if let upper = ingredient.quantityMax { amount += "-" + Units.formatNumber(upper) }
            text = [amount, ingredient.unit, ingredient.name].filter { !$0.isEmpty }.joined(separator: " ")
        }
        if let note = ingredient.note { text += " (\(note))" }
        return text
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Add the recipe a web page describes to a household.",
            discussion: """
                Give the page's http(s) address, which the server fetches, or a page saved as an HTML file, which is sent to the \
                server. The page's schema.org Recipe (JSON-LD, else microdata) gives the name, description, servings, times, \
                steps and ingredients; each ingredient line is read into an amount (or a range), a unit, the food and a note.
                """)
        @OptionGroup var options: PantryOptions
        @Argument(help: "The recipe page's http(s) address, or a saved page's file.") var source: String
        @Option(help: "The household's id; the current household when left out.") var household: String?

        /// The largest file sent, as the server's limit for a page.
        static let maxFileBytes = 2 << 20

        func run() async throws {
            var url: String?
            var html: String?
            let lower = source.lowercased()
            if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
                url = source
            } else if let scheme = lower.range(of: "://").map({ String(lower[..<$0.lowerBound]) }) {
                throw ServiceError.validationFailed(
                    "Only http and https addresses, or a saved page's file, can be imported, not \(scheme): addresses; for a file, give its path."
                )
            } else {
                html = try Self.readPage(source)
            }
            let recipe = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                return try await services.recipes().importRecipe(householdId: id, url: url, html: html)
            }
            try options.output(recipe) {
                var lines = [
                    "Imported \(recipe.name) (\(recipe.id)): \(recipe.ingredients.count) ingredient\(recipe.ingredients.count == 1 ? "" : "s"), \(recipe.instructions.count) step\(recipe.instructions.count == 1 ? "" : "s")."
                ]
                lines += recipe.ingredients.map { "  " + PantryRecipesCommand.line($0) }
                return lines.joined(separator: "\n")
            }
        }

        /// The file at `path`, when it is no larger than a page may be.
        static func readPage(_ path: String) throws -> String {
            let file = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
            let size: Int
            do {
                size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
            } catch {
                throw ServiceError.validationFailed(
                    "\(path) is neither an http(s) address nor a file that can be read; give a recipe page's address or a saved page."
                )
            }
            guard size <= maxFileBytes else {
                throw ServiceError.validationFailed(
                    "\(path) is \(size) bytes, more than the \(maxFileBytes) a recipe page may be; save only the recipe's page."
                )
            }
            let data = try Data(contentsOf: file)
            return String(decoding: data, as: UTF8.self)
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
