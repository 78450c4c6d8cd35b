import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// `hearth pantry shopping list|add|add-missing|add-expiring|check|move|remove|clear`; each works on the
/// household's default list unless --list names another (see `hearth pantry lists`).
struct PantryShoppingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shopping",
        abstract: "A household's shopping list, filled from recipes and low stock, and checked off into the pantry.",
        subcommands: [
            List.self, Add.self, AddMissing.self, AddExpiring.self, Check.self, Remove.self, Clear.self,
            PantryShoppingMoveCommand.self,
        ])

    static func line(_ item: ShoppingListItem, _ units: UserPreferences.AppSettings.MeasurementSystem) -> String {
        var text =
            "\(item.checked ? "[x]" : "[ ]") \(item.id)\t\(PreferredUnits.format(item.quantity, item.unit, in: units))\t\(item.name)"
        if let note = item.note { text += "\t(\(note))" }
        return text
    }

    static func lines(_ list: [ShoppingListItem], _ units: UserPreferences.AppSettings.MeasurementSystem) -> String {
        list.isEmpty ? "The shopping list is empty." : list.map { line($0, units) }.joined(separator: "\n")
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Show a household's shopping list, grouped by the sections of its store (--json: its lines).")
        @OptionGroup var options: PantryOptions
        @Argument(
            help: "The household's id (default: the last one named, else your primary household, else the first).")
        var household: String?
        @Option(help: "The list's name or id (default: the household's default list).") var list: String?

        func run() async throws {
            let (shown, units) = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                let shown = try await ShoppingListLookup.listOrDefault(list, householdId: id, services)
                return (shown, try await PantryOptions.units(services))
            }
            try options.output(shown.lines) { ShoppingListLookup.printout(shown, units) }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Put something on the list; it joins an unchecked line of the same food when the units convert.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's id.") var household: String
        @Argument(help: "What to buy.") var name: String
        @Option(help: "How much (default 1).") var quantity: Double = 1
        @Option(help: "The unit, such as g, l or pcs.") var unit: String?
        @Option(help: "A note for whoever shops.") var note: String?
        @Option(help: "The list's name or id (default: the household's default list).") var list: String?
        @Option(help: "The store section to put it in (default: its food's pantry category).") var section: String?

        func run() async throws {
            let section = try self.section.map { text in
                guard let section = StoreSection(named: text) else {
                    throw ServiceError.validationFailed(
                        "--section \"\(text)\" is not a section; use one of: \(StoreSection.allCases.map(\.rawValue).joined(separator: ", "))."
                    )
                }
                return section
            }
            let line = try await options.withServices { services, _ in
                try await services.shoppingList().add(
                    householdId: household, name: name, quantity: quantity, unit: unit, note: note,
                    listId: try await ShoppingListLookup.listId(list, householdId: household, services),
                    section: section)
            }
            try options.output(line) {
                "On the list: \(Units.format(line.quantity, line.unit)) \(line.name) (\(line.id))."
            }
        }
    }

    struct AddMissing: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-missing",
            abstract: "Put what a recipe still needs after the stock on its household's list.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The recipe's id (see `hearth pantry recipes list`).") var recipe: String
        @Option(help: "Scale the recipe to this many servings first.") var servings: Int?
        @Option(help: "The list's name or id (default: the household's default list).") var list: String?
        @Option(help: "The household whose list --list names (default: the current household).") var household: String?

        func run() async throws {
            let (list, units) = try await options.withServices { services, _ in
                var listId: String? = nil
                if let name = self.list {
                    let id = try await PantryOptions.household(household, services)
                    listId = try await ShoppingListLookup.list(name, householdId: id, services).id
                }
                return (
                    try await services.shoppingList().addMissingIngredients(
                        recipeId: recipe, servings: servings, listId: listId),
                    try await PantryOptions.units(services)
                )
            }
            try options.output(list) { PantryShoppingCommand.lines(list, units) }
        }
    }

    struct AddExpiring: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-expiring", abstract: "Put items going off soon or below their minimum on the list.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's id.") var household: String
        @Option(help: "Items due within this many days count as going off (default 5).") var days: Int?
        @Option(help: "The list's name or id (default: the household's default list).") var list: String?

        func run() async throws {
            let (list, units) = try await options.withServices { services, _ in
                (
                    try await services.shoppingList().addExpiringAndBelowMinimum(
                        householdId: household, withinDays: days,
                        listId: try await ShoppingListLookup.listId(self.list, householdId: household, services)),
                    try await PantryOptions.units(services)
                )
            }
            try options.output(list) { PantryShoppingCommand.lines(list, units) }
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check", abstract: "Check a line off: what was bought goes into the pantry as a purchase.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The line's id (see `hearth pantry shopping list`).") var line: String
        @Option(help: "Where it is put away, such as Fridge (default: where the item is kept).") var location: String?
        @Option(name: .customLong("best-before"), help: "Its best-before day, YYYY-MM-DD.") var bestBefore: String?

        func run() async throws {
            let day = try bestBefore.map { text in
                guard let day = CalendarDay(iso: text.trimmingCharacters(in: .whitespaces)) else {
                    throw ServiceError.validationFailed(
                        "--best-before \"\(text)\" is not a day written YYYY-MM-DD, such as 2030-01-31.")
                }
                return day
            }
            let checked = try await options.withServices { services, _ in
                try await services.shoppingList().checkOff(lineId: line, location: location, bestBefore: day)
            }
            try options.output(checked) {
                let place = checked.booking.location.map { " at \($0)" } ?? ""
                return
                    "Checked off \(checked.line.name): bought \(Units.format(checked.booking.quantity, checked.item.unit))\(place); "
                    + "\(checked.item.name) now has \(Units.format(checked.item.quantity, checked.item.unit))."
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Take a line off the list.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The line's id.") var line: String

        func run() async throws {
            try await options.withServices { services, _ in try await services.shoppingList().delete(lineId: line) }
            struct Answer: Encodable { let removed: String }
            try options.output(Answer(removed: line)) { "Removed \(line) from the list." }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: "Remove the checked lines from a household's list.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's id.") var household: String
        @Option(help: "The list's name or id (default: the household's default list).") var list: String?

        func run() async throws {
            let removed = try await options.withServices { services, _ in
                try await services.shoppingList().clearChecked(
                    householdId: household,
                    listId: try await ShoppingListLookup.listId(list, householdId: household, services))
            }
            struct Answer: Encodable { let removed: Int }
            try options.output(Answer(removed: removed)) {
                "Removed \(removed) checked line\(removed == 1 ? "" : "s")."
            }
        }
    }
}
