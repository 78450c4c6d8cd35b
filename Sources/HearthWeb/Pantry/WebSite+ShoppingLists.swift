import Foundation
import HearthCore
import HearthPantryModel
import Hummingbird
import HummingbirdCore

/// A household's several shopping lists: choosing one (`?list=` on the shopping page; without it the default
/// list), making and deleting lists, and the store a list is grouped for.
extension WebSite {
    func registerShoppingLists<Context: WebRequestContext>(on router: Router<Context>) {
        router.post("/pantry/:household/lists") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                var errors = FormErrors()
                if let name = form["listName"] {
                    do {
                        let list = try await pantry.perform(
                            CreateShoppingListMutation(householdId: householdID, name: name), as: viewer)
                        throw WebRedirect(location: Self.shoppingPath(householdID, list: list.id, "notice=listCreated"))
                    } catch let error as ServiceError where error.code == .validationFailed {
                        errors.add("listName", Self.sentences(error))
                    }
                } else {
                    errors.add("listName", "Name the new list, such as \"Hardware store\".")
                }
                return try await shoppingPage(
                    householdID, visit: visit, listID: form["list"], errors: errors, typed: form.all,
                    status: .unprocessableContent)
            }
        }
        router.post("/pantry/:household/lists/:list/delete") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let listID = try context.parameters.id("list")
                let viewer = try visit.signedInViewer()
                let list = try await storedShoppingList(householdID, listID, visit: visit)
                do {
                    let kept = try await pantry.perform(DeleteShoppingListMutation(id: list.id), as: viewer)
                    throw WebRedirect(location: Self.shoppingPath(householdID, list: kept.id, "notice=listDeleted"))
                } catch let error as ServiceError where error.code == .validationFailed {
                    var errors = FormErrors()
                    errors.add("deleteList", Self.sentences(error))
                    return try await shoppingPage(
                        householdID, visit: visit, listID: list.id, errors: errors, typed: form.all,
                        status: .unprocessableContent)
                }
            }
        }
        router.post("/pantry/:household/lists/:list/store") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                let list = try await storedShoppingList(
                    householdID, try context.parameters.id("list"), visit: visit)
                _ = try await pantry.perform(
                    SetShoppingListStoreMutation(id: list.id, storeId: form["store"]), as: viewer)
                throw WebRedirect(location: Self.shoppingPath(householdID, list: list.id, "notice=storeChosen"))
            }
        }
    }

    /// List `listID` of household `householdID`.
    /// - Throws: ``ServiceError`` (not found) when the household has no such list, or the viewer is not in it.
    func storedShoppingList(_ householdID: String, _ listID: String, visit: WebVisit) async throws
        -> ShoppingListContents
    {
        let lists = try await pantry.perform(
            ShoppingListsQuery(householdId: householdID), as: try visit.signedInViewer())
        guard let list = lists.first(where: { $0.id == listID }) else {
            throw ServiceError.notFound("Shopping list \(listID.prefix(60))")
        }
        return list
    }

    /// The shopping page's address for `list` (the default list without one), with `query` after.
    static func shoppingPath(_ householdID: String, list: String?, _ query: String? = nil) -> String {
        let parts = [list.map { "list=" + queryEscaped($0) }, query].compactMap { $0 }
        return "/pantry/\(householdID)/shopping" + (parts.isEmpty ? "" : "?" + parts.joined(separator: "&"))
    }

    /// The shopping page's values: every list of the household (to switch between), the chosen one (`listID`,
    /// else the default) with its lines grouped by section in its store's order, the checked lines last.
    func shoppingValues(
        _ householdID: String, visit: WebVisit, query: FlatDictionary<Substring, Substring>?, listID: String?,
        typed: [String: String]
    ) async throws -> [String: Any] {
        let viewer = try visit.signedInViewer()
        async let householdAnswer = pantry.perform(HouseholdQuery(id: householdID), as: viewer)
        async let listsAnswer = pantry.perform(ShoppingListsQuery(householdId: householdID), as: viewer)
        async let storesAnswer = pantry.perform(StoresQuery(householdId: householdID), as: viewer)
        async let itemsAnswer = pantry.perform(ItemsQuery(householdId: householdID), as: viewer)
        let household = try await householdAnswer
        let lists = try await listsAnswer
        let stores = try await storesAnswer
        let locations = Self.locations(of: try await itemsAnswer)
        let chosen: ShoppingListContents
        if let listID {
            guard let list = lists.first(where: { $0.id == listID }) else {
                throw ServiceError.notFound("Shopping list \(listID.prefix(60))")
            }
            chosen = list
        } else {
            guard let list = lists.first(where: \.isDefault) ?? lists.first else {
                throw ServiceError.notFound("The shopping list of \(household.name)")
            }
            chosen = list
        }
        let count = query?["count"].flatMap { Int($0) } ?? 0
        let notices = [
            "missing": count == 0
                ? "Nothing was missing." : "Added \(count) missing ingredient\(count == 1 ? "" : "s").",
            "expiring": count == 0
                ? "Nothing is expiring or below its minimum."
                : "Added \(count) line\(count == 1 ? "" : "s") for what runs out.",
            "cleared": "Cleared \(count) checked line\(count == 1 ? "" : "s").",
            "checked": "Checked off and put in the pantry.",
            "listCreated": "The list \(chosen.name) is made.",
            "listDeleted": "The list is deleted; its lines moved to \(chosen.name).",
            "storeChosen": chosen.store.map { "\(chosen.name) is grouped as \($0.name) is walked." }
                ?? "\(chosen.name) is grouped in the usual order.",
        ]
        let text = { (line: ShoppingListItem) in WebFormat.amount(line.quantity, line.unit) + " " + line.name }
        let open = chosen.sections.filter { !$0.checked }
        let checked = chosen.sections.filter(\.checked).flatMap(\.lines)
        return [
            "title": "\(household.name): \(chosen.name)", "section": ["pantry": true],
            "household": ["id": household.id, "name": household.name],
            "tab": ["shopping": true], "typed": typed, "none": chosen.lines.isEmpty,
            "list": [
                "id": chosen.id, "name": chosen.name, "isDefault": chosen.isDefault,
                "store": chosen.store?.name ?? "", "onlyOne": lists.count == 1,
            ],
            "lists": lists.map { list -> [String: Any] in
                [
                    "id": list.id, "name": list.name, "current": list.id == chosen.id,
                    "href": Self.shoppingPath(householdID, list: list.isDefault ? nil : list.id),
                    "open": list.lines.filter { !$0.checked }.count,
                ]
            },
            "groups": open.map { group -> [String: Any] in
                [
                    "title": group.title,
                    "lines": group.lines.map { line -> [String: Any] in
                        [
                            "id": line.id, "text": text(line), "note": line.note ?? "",
                            "locations": locations.map { ["name": $0] },
                        ]
                    },
                ]
            },
            "checked": checked.map { ["id": $0.id, "text": text($0)] },
            "hasChecked": !checked.isEmpty,
            "sections": StoreSection.allCases.map {
                ["value": $0.rawValue, "label": $0.displayName, "selected": $0.rawValue == typed["section"]]
            },
            "stores": stores.isEmpty
                ? false
                : [
                    "choices": stores.map {
                        ["id": $0.id, "name": $0.name, "selected": $0.id == chosen.storeId]
                    }
                ] as Any,
            "notice": query?["notice"].flatMap { notices[String($0)] } ?? "",
        ]
    }
}
