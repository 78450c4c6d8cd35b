import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// `hearth pantry items add|list`.
struct PantryItemsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "items", abstract: "The items in a household's pantry.", subcommands: [Add.self, List.self])

    static func line(_ item: PantryItem) -> String {
        "\(item.id)\t\(item.name)\t\(item.quantity.formatted()) \(item.unit)\t\(item.category.rawValue)" + (item.expirationDate.map { "\texpires \($0.iso)" } ?? "")
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an item to a household's pantry.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's id (see `hearth pantry household list`).") var household: String
        @Argument(help: "The item's name.") var name: String
        @Option(help: "How much there is (default 1).") var quantity: Double = 1
        @Option(help: "The unit, such as g, ml or pcs.") var unit: String?
        @Option(help: "produce, dairy, meat, pantry, frozen, beverages or other.") var category: String?
        @Option(help: "The expiration day, YYYY-MM-DD.") var expires: String?
        @Option(help: "Where it is kept.") var location: String?
        @Option(help: "Notes.") var notes: String?

        func run() async throws {
            let parsedCategory = try category.map { text in
                guard let value = ItemCategory(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
                    throw ServiceError.validationFailed("--category \"\(text)\" is not one of: \(ItemCategory.allCases.map(\.rawValue).joined(separator: ", ")).")
                }
                return value
            }
            let day = try expires.map { text in
                guard let day = CalendarDay(iso: text.trimmingCharacters(in: .whitespaces)) else {
                    throw ServiceError.validationFailed("--expires \"\(text)\" is not a day written YYYY-MM-DD, such as 2030-01-31.")
                }
                return day
            }
            let item = try await options.withServices { services, _ in
                try await services.items().addItem(
                    householdId: household, name: name, quantity: quantity, unit: unit, category: parsedCategory,
                    expirationDate: day, location: location, notes: notes)
            }
            try options.output(item) { "Added \(item.name) (\(item.id))." }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a household's items.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's id (see `hearth pantry household list`).") var household: String

        func run() async throws {
            let items = try await options.withServices { services, _ in try await services.items().items(in: household) }
            try options.output(items) { items.isEmpty ? "No items." : items.map(PantryItemsCommand.line).joined(separator: "\n") }
        }
    }
}
