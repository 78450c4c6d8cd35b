import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

extension PantryRecipesCommand {
    /// "Used 500 g Flour, 6 pieces Eggs. Short: 100 ml Milk (not in stock)."
    static func summary(_ cooking: Cooking) -> String {
        var lines = [
            cooking.undone
                ? "Undid cooking \(cooking.id): its stock is back."
                : "Cooked \(cooking.servings) serving\(cooking.servings == 1 ? "" : "s") (\(cooking.id)); undo with `hearth pantry recipes uncook \(cooking.id)`."
        ]
        lines += cooking.consumed.map {
            "  \(cooking.undone ? "returned" : "used")\t\(Units.format($0.quantity, $0.unit))\t\($0.name)"
        }
        if !cooking.undone {
            lines += cooking.shortfalls.map {
                "  short\t\(Units.format($0.quantity, $0.unit))\t\($0.name) (\($0.reason))"
            }
        }
        return lines.joined(separator: "\n")
    }

    struct Cook: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cook", abstract: "Book what cooking a recipe takes from stock.",
            discussion: """
                Each ingredient is scaled to the servings, converted into the stock item's unit and consumed, never \
                below zero; what the stock could not give is listed as short. `hearth pantry recipes uncook` takes \
                the whole cooking back in one step.
                """)
        @OptionGroup var options: PantryOptions
        @Argument(help: "The recipe's id (see `hearth pantry recipes list`).") var recipe: String
        @Option(help: "How many servings; the recipe's own when left out.") var servings: Int?
        @Option(help: "The meal plan entry being cooked, if any.") var entry: String?
        @Option(help: "The household's id; the current household when left out.") var household: String?

        func run() async throws {
            if let servings { _ = try MealPlanRules.servings(servings) }
            let cooking = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                return try await services.mealPlan().cook(
                    householdId: id, recipeId: recipe, servings: servings, mealPlanEntryId: entry)
            }
            try options.output(cooking) { PantryRecipesCommand.summary(cooking) }
        }
    }

    struct Uncook: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "uncook", abstract: "Undo a cooking: every ingredient it used goes back into stock.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The cooking's id, as `hearth pantry recipes cook` printed it.") var cooking: String

        func run() async throws {
            let undone = try await options.withServices { services, _ in
                try await services.mealPlan().undoCooking(id: cooking)
            }
            try options.output(undone) { PantryRecipesCommand.summary(undone) }
        }
    }
}
