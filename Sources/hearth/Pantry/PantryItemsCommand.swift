import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// `hearth pantry items add|list|purchase|consume|open|move|correct|undo|edit|delete`.
struct PantryItemsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "items", abstract: "The items in a household's pantry, and their stock.",
        discussion: """
            Every stock change is a booking; each command prints the booking's id, which `undo` takes back.
            """,
        subcommands: [
            Add.self, List.self, Lookup.self, Purchase.self, Consume.self, Open.self, Move.self, Correct.self,
            Undo.self, Edit.self, Delete.self,
        ])

    /// The category `text` names; an error naming `option` otherwise.
    static func category(_ text: String, _ option: String) throws -> ItemCategory {
        guard let value = ItemCategory(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw ServiceError.validationFailed(
                "\(option) \"\(text)\" is not one of: \(ItemCategory.allCases.map(\.rawValue).joined(separator: ", "))."
            )
        }
        return value
    }

    /// The barcode `text` names; an error naming `option` and what is wrong otherwise.
    static func barcode(_ text: String, _ option: String) throws -> GTIN {
        do {
            return try GTIN(text)
        } catch let error as ServiceError {
            throw ServiceError.validationFailed("\(option): \(error.message)")
        }
    }

    /// The day `text` names (YYYY-MM-DD); an error naming `option` otherwise.
    static func day(_ text: String, _ option: String) throws -> CalendarDay {
        guard let day = CalendarDay(iso: text.trimmingCharacters(in: .whitespaces)) else {
            throw ServiceError.validationFailed(
                "\(option) \"\(text)\" is not a day written YYYY-MM-DD, such as 2030-01-31.")
        }
        return day
    }

    /// What a stock command prints: the item as it now stands and the booking made.
    struct Receipt: Encodable {
        let item: PantryItem
        let booking: StockBookingLine
        init(_ receipt: StockReceipt) {
            item = receipt.item
            booking = receipt.booking
        }
    }

    /// Runs a stock verb and prints what it left, with the booking's id to undo it.
    static func book(
        _ options: PantryOptions, _ what: String,
        _ body: @escaping @Sendable (any PantryServicing) async throws -> StockReceipt
    ) async throws {
        let (receipt, units) = try await options.withServices { services, _ in
            (try await body(try services.pantry()), try await PantryOptions.units(services))
        }
        let item = receipt.item
        try options.output(Receipt(receipt)) {
            "\(what) \(item.name): now \(PreferredUnits.format(item.quantity, item.unit, in: units))"
                + (item.location.map { " (mostly in \($0))" } ?? "")
                + ". Booking \(receipt.booking.id) — undo it with `hearth pantry items undo \(receipt.booking.id)`."
        }
    }

    static func line(_ item: PantryItem, _ units: UserPreferences.AppSettings.MeasurementSystem) -> String {
        "\(item.id)\t\(item.name)\t\(PreferredUnits.format(item.quantity, item.unit, in: units))\t\(item.category.rawValue)"
            + (item.expirationDate.map { "\texpires \($0.iso)" } ?? "")
            + (item.barcode.map { "\tbarcode \($0.code)" } ?? "")
    }

    /// A product's name with its brand and pack size: "Nutella (Ferrero, 400 g)".
    static func describe(_ product: BarcodeProduct) -> String {
        let details = [product.brand, product.quantity].compactMap { $0 }
        return (product.name ?? "A product with no name")
            + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
    }

    struct Lookup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lookup",
            abstract: "What Open Food Facts knows about a barcode: name, brand, pack size and pantry category.",
            discussion: """
                The pantry server asks Open Food Facts (or the server its --open-food-facts-url names) and keeps the
                answer while it runs. `items add HOUSEHOLD --barcode CODE` without a name fills the item in from it.
                """)
        @OptionGroup var options: PantryOptions
        @Argument(help: "8, 12, 13 or 14 digits (EAN-8, UPC-A, EAN-13, GTIN-14); spaces and dashes are fine.")
        var barcode: String

        func run() async throws {
            let code = try PantryItemsCommand.barcode(barcode, "The barcode")
            let product = try await options.withServices { services, _ in
                try await services.pantry().lookupBarcode(code)
            }
            guard let product else {
                if options.json { return print("null") }
                throw ServiceError(
                    .notFound,
                    "Open Food Facts does not know \(code.code); add the item by name: `hearth pantry items add HOUSEHOLD NAME --barcode \(code.code)`."
                )
            }
            try options.output(product) {
                "\(PantryItemsCommand.describe(product))\ncategory \(product.category.rawValue)\tbarcode \(product.barcode.code)"
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add an item to a household's pantry.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The household's id (see `hearth pantry household list`).") var household: String
        @Argument(help: "The item's name (with --barcode, default: the product's name in Open Food Facts).")
        var name: String?
        @Option(help: "How much there is (default 1).") var quantity: Double = 1
        @Option(help: "The unit, such as g, ml or pcs.") var unit: String?
        @Option(help: "produce, dairy, meat, pantry, frozen, beverages or other.") var category: String?
        @Option(help: "The expiration day, YYYY-MM-DD.") var expires: String?
        @Option(help: "Where it is kept.") var location: String?
        @Option(help: "Notes.") var notes: String?
        @Option(help: "The product's barcode: 8, 12, 13 or 14 digits (EAN-8, UPC-A, EAN-13, GTIN-14).")
        var barcode: String?

        func run() async throws {
            let parsedCategory = try category.map { try PantryItemsCommand.category($0, "--category") }
            let day = try expires.map { try PantryItemsCommand.day($0, "--expires") }
            let code = try barcode.map { try PantryItemsCommand.barcode($0, "--barcode") }
            guard name != nil || code != nil else {
                throw ValidationError("Give the item's name, or its --barcode to fill it in from Open Food Facts.")
            }
            let item = try await options.withServices { [name, notes] services, _ in
                var name = name
                var category = parsedCategory
                var notes = notes
                if name == nil, let code {
                    guard let product = try await services.pantry().lookupBarcode(code), let found = product.name
                    else {
                        throw ServiceError(
                            .notFound,
                            "Open Food Facts has no name for \(code.code); give one: `hearth pantry items add \(household) NAME --barcode \(code.code)`."
                        )
                    }
                    name = found
                    category = category ?? product.category
                    let details = [product.brand, product.quantity].compactMap { $0 }
                    if notes == nil, !details.isEmpty { notes = details.joined(separator: ", ") }
                }
                return try await services.pantry().addItem(
                    householdId: household, name: name ?? "", quantity: quantity, unit: unit, category: category,
                    expirationDate: day, location: location, notes: notes, barcode: code)
            }
            try options.output(item) { "Added \(item.name) (\(item.id))." }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List a household's items.")
        @OptionGroup var options: PantryOptions
        @Argument(
            help: "The household's id (default: the last one named, else your primary household, else the first).")
        var household: String?
        @Option(help: "Only items expired, overdue or due within this many days.") var expiring: Int?

        func run() async throws {
            if let expiring, expiring < 0 {
                throw ServiceError.validationFailed("--expiring must be 0 or more days; it is \(expiring).")
            }
            let (items, units) = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                return (
                    try await services.pantry().items(in: id, expiringWithin: expiring),
                    try await PantryOptions.units(services)
                )
            }
            try options.output(items) {
                guard items.isEmpty else {
                    return items.map { PantryItemsCommand.line($0, units) }.joined(separator: "\n")
                }
                return expiring.map { "No items expire within \($0) day\($0 == 1 ? "" : "s")." } ?? "No items."
            }
        }
    }

    struct Purchase: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "purchase", abstract: "Book stock bought.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The item's id (see `hearth pantry items list`).") var item: String
        @Argument(help: "How much was bought, in the item's unit.") var quantity: Double
        @Option(help: "Where it is kept (default: the item's location).") var location: String?
        @Option(name: .customLong("best-before"), help: "The day it is due, YYYY-MM-DD.") var bestBefore: String?

        func run() async throws {
            let day = try bestBefore.map { try PantryItemsCommand.day($0, "--best-before") }
            try await PantryItemsCommand.book(options, "Bought") { [item, quantity, location] pantry in
                try await pantry.purchase(item, quantity: quantity, location: location, bestBefore: day)
            }
        }
    }

    struct Consume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "consume", abstract: "Book stock used up (or thrown away with --spoiled).")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The item's id (see `hearth pantry items list`).") var item: String
        @Argument(help: "How much, in the item's unit.") var quantity: Double
        @Flag(help: "It went off and was thrown away.") var spoiled = false
        @Option(help: "Take it from this location only (default: open and earliest-due stock first, anywhere).")
        var location: String?

        func run() async throws {
            try await PantryItemsCommand.book(options, spoiled ? "Threw away" : "Used") {
                [item, quantity, spoiled, location] pantry in
                try await pantry.consume(item, quantity: quantity, spoiled: spoiled, location: location)
            }
        }
    }

    struct Open: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "open", abstract: "Book stock as opened.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The item's id (see `hearth pantry items list`).") var item: String
        @Argument(help: "How much was opened, in the item's unit (default 1).") var quantity: Double = 1
        @Option(help: "Open stock kept at this location.") var location: String?

        func run() async throws {
            try await PantryItemsCommand.book(options, "Opened") { [item, quantity, location] pantry in
                try await pantry.open(item, quantity: quantity, location: location)
            }
        }
    }

    struct Move: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move", abstract: "Move stock to another location of the household.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The item's id (see `hearth pantry items list`).") var item: String
        @Argument(help: "How much to move, in the item's unit.") var quantity: Double
        @Option(help: "Where to move it, such as Fridge.") var to: String
        @Option(help: "Where it is now (default: where most of it is).") var from: String?

        func run() async throws {
            try await PantryItemsCommand.book(options, "Moved") { [item, quantity, to, from] pantry in
                let source: String
                if let from {
                    source = from
                } else {
                    let stored = try await pantry.item(item)
                    guard let location = stored.location else {
                        throw ServiceError.validationFailed(
                            "\(stored.name) has no location; say where to move it from with --from LOCATION.")
                    }
                    source = location
                }
                return try await pantry.transfer(item, quantity: quantity, from: source, to: to)
            }
        }
    }

    struct Correct: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "correct", abstract: "Set an item's stock to what a count found (books the difference).")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The item's id (see `hearth pantry items list`).") var item: String
        @Argument(help: "How much there really is, in the item's unit.") var quantity: Double
        @Option(help: "Where the difference is (default: where most of it is).") var location: String?

        func run() async throws {
            guard quantity.isFinite, quantity >= 0 else {
                throw ServiceError.validationFailed(
                    "QUANTITY must be 0 or more: how much there really is; it is \(quantity).")
            }
            try await PantryItemsCommand.book(options, "Counted") { [item, quantity, location] pantry in
                let stored = try await pantry.item(item)
                let difference = quantity - stored.quantity
                guard abs(difference) > 1e-9 else {
                    throw ServiceError.validationFailed(
                        "\(stored.name) already has \(Units.format(stored.quantity, stored.unit)); there is nothing to correct."
                    )
                }
                return try await pantry.correctInventory(
                    item, difference: difference, location: location, bestBefore: nil)
            }
        }
    }

    struct Undo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo", abstract: "Take a booking back (the history keeps both).")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The booking's id, as a stock command printed it.") var booking: String

        func run() async throws {
            try await PantryItemsCommand.book(
                options, "Undid booking \(booking.trimmingCharacters(in: .whitespaces)) on"
            ) { [booking] pantry in try await pantry.undoBooking(booking) }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract:
                "Change an item's name, unit, category, due day, minimum, location, notes or barcode (not its stock).")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The item's id (see `hearth pantry items list`).") var item: String
        @Option(help: "The new name.") var name: String?
        @Option(help: "The unit (another spelling of the same unit while there is stock).") var unit: String?
        @Option(help: "produce, dairy, meat, pantry, frozen, beverages or other.") var category: String?
        @Option(help: "The due day, YYYY-MM-DD.") var expires: String?
        @Flag(name: .customLong("no-expiry"), help: "Remove the due day.") var noExpiry = false
        @Option(name: .customLong("due-kind"), help: "best_before or expiration: what passing the due day means.")
        var dueKind: String?
        @Option(help: "The least to keep in stock (0 removes the minimum).") var minimum: Double?
        @Option(help: "Where it is kept (empty clears it).") var location: String?
        @Option(help: "Notes (empty clears them).") var notes: String?
        @Option(help: "The product's barcode: 8, 12, 13 or 14 digits (empty clears it).") var barcode: String?

        func run() async throws {
            if expires != nil && noExpiry {
                throw ServiceError.validationFailed("Give --expires DAY or --no-expiry, not both.")
            }
            let kind = try dueKind.map { text in
                guard let kind = DueDateKind(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
                    throw ServiceError.validationFailed(
                        "--due-kind \"\(text)\" is not one of: \(DueDateKind.allCases.map(\.rawValue).joined(separator: ", "))."
                    )
                }
                return kind
            }
            let edit = PantryItemEdit(
                name: name, unit: unit,
                category: try category.map { try PantryItemsCommand.category($0, "--category") },
                expirationDate: try expires.map { try PantryItemsCommand.day($0, "--expires") },
                clearExpirationDate: noExpiry,
                dueDateKind: kind, minimumQuantity: minimum, location: location, notes: notes,
                barcode: try barcode.flatMap {
                    $0.allSatisfy(\.isWhitespace) ? nil : try PantryItemsCommand.barcode($0, "--barcode")
                },
                clearBarcode: barcode.map { $0.allSatisfy(\.isWhitespace) } ?? false)
            let (updated, units) = try await options.withServices { services, _ in
                (try await services.pantry().updateItem(item, edit), try await PantryOptions.units(services))
            }
            try options.output(updated) { "Updated \(updated.name): \(PantryItemsCommand.line(updated, units))" }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete an item and its stock history.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The item's id (see `hearth pantry items list`).") var item: String

        func run() async throws {
            let deleted = try await options.withServices { services, _ in try await services.pantry().deleteItem(item) }
            try options.output(deleted) { "Deleted \(deleted.name) (\(deleted.id))." }
        }
    }
}
