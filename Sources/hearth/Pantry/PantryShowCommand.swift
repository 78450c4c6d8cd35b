import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// `hearth pantry` (or `hearth pantry show`): the preferred view of the current household.
struct PantryShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the current household in your default view (pantry, shopping_list, recipes or household).",
        discussion: """
            The household is the one named, else the last one a command named, else your primary household, else the
            first by name. The view is --view, else the default view of `hearth pantry preferences set --view`.
            """)

    @OptionGroup var options: PantryOptions
    @Argument(help: "The household's id (default: the current household).") var household: String?
    @Option(help: "pantry, shopping_list, recipes or household (default: your preferences' default view).") var view:
        String?

    func run() async throws {
        let chosen = try view.map { try PantryPreferencesCommand.view($0, "--view") }
        try await options.withServices { services, _ in
            let id = try await PantryOptions.household(household, services)
            let preferences = try await services.preferences().preferences()
            let units = preferences.app.measurementUnit
            let name = try await services.households().household(id: id).name
            switch chosen ?? preferences.app.defaultView {
            case .pantry:
                let items = try await services.pantry().items(in: id, expiringWithin: nil)
                try options.output(items) {
                    "\(name): pantry\n"
                        + (items.isEmpty
                            ? "No items." : items.map { PantryItemsCommand.line($0, units) }.joined(separator: "\n"))
                }
            case .shoppingList:
                let list = try await services.shoppingList().list(householdId: id)
                try options.output(list) { "\(name): shopping list\n" + PantryShoppingCommand.lines(list, units) }
            case .recipes:
                let recipes = try await services.recipes().recipes(in: id)
                try options.output(recipes) {
                    "\(name): recipes\n"
                        + (recipes.isEmpty
                            ? "No recipes." : recipes.map(PantryRecipesCommand.line).joined(separator: "\n"))
                }
            case .household:
                let members = try await services.households().members(of: id)
                try options.output(members) {
                    "\(name): members\n" + members.map(PantryHouseholdCommand.line).joined(separator: "\n")
                }
            }
        }
    }
}
