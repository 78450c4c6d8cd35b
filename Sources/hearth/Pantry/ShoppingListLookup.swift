import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// Finding a household's shopping list or store by what a user types: its id, or its name in any case.
enum ShoppingListLookup {
    /// The list of `householdId` whose id is `text`, or whose name is `text` in any case.
    static func list(_ text: String, householdId: String, _ services: DependencyContainer) async throws
        -> ShoppingListContents
    {
        let lists = try await services.shoppingList().lists(householdId: householdId)
        let wanted = text.trimmingCharacters(in: .whitespaces)
        if let found = lists.first(where: {
            $0.id == wanted || ShoppingSections.nameKey($0.name) == ShoppingSections.nameKey(wanted)
        }) {
            return found
        }
        throw ServiceError.validationFailed(
            "The household has no shopping list called \"\(wanted)\"; its lists are: \(lists.map(\.name).joined(separator: ", ")). See `hearth pantry lists list`."
        )
    }

    /// List `text` of `householdId`, or its default list when `text` is nil.
    static func listOrDefault(_ text: String?, householdId: String, _ services: DependencyContainer) async throws
        -> ShoppingListContents
    {
        if let text { return try await list(text, householdId: householdId, services) }
        guard let found = try await services.shoppingList().lists(householdId: householdId).first(where: \.isDefault)
        else { throw ServiceError.notFound("The household's default shopping list") }
        return found
    }

    /// The id of store `text` of `householdId`; nil when `text` is nil.
    static func storeId(_ text: String?, householdId: String, _ services: DependencyContainer) async throws -> String? {
        guard let text else { return nil }
        return try await store(text, householdId: householdId, services).id
    }

    /// The id of list `text` of `householdId`; nil when `text` is nil (the default list).
    static func listId(_ text: String?, householdId: String, _ services: DependencyContainer) async throws -> String? {
        guard let text else { return nil }
        return try await list(text, householdId: householdId, services).id
    }

    /// The store of `householdId` whose id is `text`, or whose name is `text` in any case.
    static func store(_ text: String, householdId: String, _ services: DependencyContainer) async throws
        -> GroceryStore
    {
        let stores = try await services.shoppingList().stores(householdId: householdId)
        let wanted = text.trimmingCharacters(in: .whitespaces)
        if let found = stores.first(where: {
            $0.id == wanted || ShoppingSections.nameKey($0.name) == ShoppingSections.nameKey(wanted)
        }) {
            return found
        }
        let known = stores.isEmpty ? "it has none yet" : "its stores are: \(stores.map(\.name).joined(separator: ", "))"
        throw ServiceError.validationFailed(
            "The household has no store called \"\(wanted)\"; \(known). See `hearth pantry stores list`.")
    }

    /// Sections written as `--sections produce,bakery,dairy`.
    static func sections(_ text: String) throws -> [StoreSection] {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return try names.map { name in
            guard let section = StoreSection(named: name) else {
                throw ServiceError.validationFailed(
                    "--sections: \"\(name)\" is not a section; use some of: \(StoreSection.allCases.map(\.rawValue).joined(separator: ", ")).",
                )
            }
            return section
        }
    }

    /// A list printed by section: a heading per section, its lines indented beneath.
    static func printout(
        _ list: ShoppingListContents, _ units: UserPreferences.AppSettings.MeasurementSystem
    ) -> String {
        var text = list.name + (list.store.map { " (at \($0.name))" } ?? "")
        guard !list.sections.isEmpty else { return text + "\nThe shopping list is empty." }
        for group in list.sections {
            text += "\n\(group.title)"
            for line in group.lines { text += "\n  " + PantryShoppingCommand.line(line, units) }
        }
        return text
    }
}
