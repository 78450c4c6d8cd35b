import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// `hearth pantry stores list|create|update|delete`.
struct PantryStoresCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stores",
        abstract: "A household's stores, each with its sections in the order you walk them.",
        discussion: """
            Sections: \(StoreSection.allCases.map(\.rawValue).joined(separator: ", ")). A list grouped for a store
            (`hearth pantry lists store LIST STORE`) prints its lines section by section in that order; sections the
            store leaves out follow in the usual order, lines of no known section after them, checked lines last.
            """,
        subcommands: [List.self, Create.self, Update.self, Delete.self])

    static func describe(_ store: GroceryStore) -> String {
        "\(store.id)\t\(store.name)\t\(store.sectionOrder.map(\.displayName).joined(separator: " > "))"
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Show a household's stores.")
        @OptionGroup var options: PantryOptions
        @Option(help: "The household's id (default: the current household).") var household: String?

        func run() async throws {
            let stores = try await options.withServices { services, _ in
                try await services.shoppingList().stores(
                    householdId: try await PantryOptions.household(household, services))
            }
            try options.output(stores) {
                stores.isEmpty ? "No stores yet." : stores.map(PantryStoresCommand.describe).joined(separator: "\n")
            }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "create", abstract: "Add a store.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "Its name.") var name: String
        @Option(help: "Its sections in walking order, comma-separated, such as produce,bakery,dairy.")
        var sections: String = ""
        @Option(help: "The household's id (default: the current household).") var household: String?

        func run() async throws {
            let order = try ShoppingListLookup.sections(sections)
            let store = try await options.withServices { services, _ in
                try await services.shoppingList().createStore(
                    householdId: try await PantryOptions.household(household, services), name: name,
                    sectionOrder: order)
            }
            try options.output(store) { "Added the store \(store.name) (\(store.id))." }
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update", abstract: "Rename a store or give it a new section order.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The store's name or id.") var store: String
        @Option(help: "Its new name.") var name: String?
        @Option(help: "Its sections in walking order, comma-separated.") var sections: String?
        @Option(help: "The household's id (default: the current household).") var household: String?

        func run() async throws {
            let order = try sections.map(ShoppingListLookup.sections)
            let updated = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                let found = try await ShoppingListLookup.store(store, householdId: id, services)
                return try await services.shoppingList().updateStore(storeId: found.id, name: name, sectionOrder: order)
            }
            try options.output(updated) { PantryStoresCommand.describe(updated) }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a store; lists grouped for it lose their store.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The store's name or id.") var store: String
        @Option(help: "The household's id (default: the current household).") var household: String?

        func run() async throws {
            let found = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                let found = try await ShoppingListLookup.store(store, householdId: id, services)
                try await services.shoppingList().deleteStore(storeId: found.id)
                return found
            }
            struct Answer: Encodable { let deleted: String }
            try options.output(Answer(deleted: found.id)) { "Deleted the store \(found.name)." }
        }
    }
}
