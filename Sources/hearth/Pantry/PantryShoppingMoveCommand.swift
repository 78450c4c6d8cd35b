import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// `hearth pantry shopping move LINE LIST`: a line to another list of its household.
struct PantryShoppingMoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move a line to the end of another list of its household.")
    @OptionGroup var options: PantryOptions
    @Argument(help: "The line's id (see `hearth pantry shopping list`).") var line: String
    @Argument(help: "The list's name or id.") var list: String
    @Option(help: "The household's id (default: the current household).") var household: String?

    func run() async throws {
        let (moved, target) = try await options.withServices { services, _ in
            let id = try await PantryOptions.household(household, services)
            let target = try await ShoppingListLookup.list(list, householdId: id, services)
            return (try await services.shoppingList().move(lineId: line, toList: target.id), target)
        }
        try options.output(moved) { "Moved \(moved.name) to \(target.name)." }
    }
}
