import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// `hearth pantry lists list|show|create|rename|store|delete`.
struct PantryListsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists",
        abstract: "A household's named shopping lists.",
        discussion: """
            Every household has one default list (made as "Shopping list"); `hearth pantry shopping` uses it unless
            --list names another. Names are unique regardless of case. Deleting a list moves its lines to the end of
            the default list; the only list cannot be deleted.
            """,
        subcommands: [List.self, Show.self, Create.self, Rename.self, Store.self, Delete.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Show a household's lists.")
        @OptionGroup var options: PantryOptions
        @Option(help: "The household's id (default: the current household).") var household: String?

        func run() async throws {
            let lists = try await options.withServices { services, _ in
                try await services.shoppingList().lists(
                    householdId: try await PantryOptions.household(household, services))
            }
            try options.output(lists.map(\.list)) {
                lists.map { list in
                    let open = list.lines.filter { !$0.checked }.count
                    var text = "\(list.id)\t\(list.name)\t\(open) to buy"
                    if let store = list.store { text += "\tat \(store.name)" }
                    if list.isDefault { text += "\t(default)" }
                    return text
                }.joined(separator: "\n")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a list grouped by the sections of its store.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The list's name or id (default: the default list).") var list: String?
        @Option(help: "The household's id (default: the current household).") var household: String?

        func run() async throws {
            let (found, units) = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                let found = try await ShoppingListLookup.listOrDefault(list, householdId: id, services)
                return (found, try await PantryOptions.units(services))
            }
            try options.output(found) { ShoppingListLookup.printout(found, units) }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Make a new list.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "Its name.") var name: String
        @Option(help: "The household's id (default: the current household).") var household: String?
        @Option(help: "A store of the household (name or id) to group the list for.") var store: String?

        func run() async throws {
            let made = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                let storeId = try await ShoppingListLookup.storeId(store, householdId: id, services)
                return try await services.shoppingList().createList(householdId: id, name: name, storeId: storeId)
            }
            try options.output(made.list) { "Made the list \(made.name) (\(made.id))." }
        }
    }

    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a list.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The list's name or id.") var list: String
        @Argument(help: "Its new name.") var name: String
        @Option(help: "The household's id (default: the current household).") var household: String?

        func run() async throws {
            let renamed = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                let found = try await ShoppingListLookup.list(list, householdId: id, services)
                return try await services.shoppingList().renameList(listId: found.id, name: name)
            }
            try options.output(renamed.list) { "Renamed the list to \(renamed.name)." }
        }
    }

    struct Store: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "store", abstract: "Choose the store a list is grouped for, or --none.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The list's name or id.") var list: String
        @Argument(help: "The store's name or id.") var store: String?
        @Flag(help: "Group the list without a store.") var none = false
        @Option(help: "The household's id (default: the current household).") var household: String?

        func validate() throws {
            guard (store == nil) != !none else {
                throw ValidationError("Give a store, or --none to group the list without one.")
            }
        }

        func run() async throws {
            let chosen = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                let found = try await ShoppingListLookup.list(list, householdId: id, services)
                let storeId = try await ShoppingListLookup.storeId(store, householdId: id, services)
                return try await services.shoppingList().setStore(listId: found.id, storeId: storeId)
            }
            try options.output(chosen.list) {
                chosen.store.map { "\(chosen.name) is now grouped for \($0.name)." }
                    ?? "\(chosen.name) is now grouped without a store."
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a list; its lines move to the default list.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The list's name or id.") var list: String
        @Option(help: "The household's id (default: the current household).") var household: String?

        func run() async throws {
            let (deleted, heir) = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                let found = try await ShoppingListLookup.list(list, householdId: id, services)
                return (found, try await services.shoppingList().deleteList(listId: found.id))
            }
            struct Answer: Encodable {
                let deleted: String
                let linesMovedTo: HouseholdShoppingList
            }
            try options.output(Answer(deleted: deleted.id, linesMovedTo: heir.list)) {
                let moved = deleted.lines.count
                return "Deleted the list \(deleted.name)"
                    + (moved == 0 ? "." : "; its \(moved) line\(moved == 1 ? "" : "s") moved to \(heir.name).")
            }
        }
    }
}
