import Foundation
import GraphQL
import HearthCloud
import HearthCore
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("Named shopping lists and stores over GraphQL: lines by list, grouped by a store's sections")
struct ShoppingListsTests {
    static let lists =
        "query($h: String!) { shoppingLists(householdId: $h) { id name isDefault storeId lines { id name listId } sections { section title checked lines { name } } } }"
    static let create =
        "mutation($h: String!, $n: String!, $s: String) { createShoppingList(householdId: $h, name: $n, storeId: $s) { id name isDefault } }"
    static let rename = "mutation($l: String!, $n: String!) { renameShoppingList(id: $l, name: $n) { id name } }"
    static let delete = "mutation($l: String!) { deleteShoppingList(id: $l) { id name isDefault lines { name } } }"
    static let add =
        "mutation($h: String!, $n: String!, $l: String, $s: StoreSection) { addShoppingItem(householdId: $h, name: $n, quantity: 1, listId: $l, section: $s) { id name listId section } }"
    static let defaultLines = "query($h: String!) { shoppingList(householdId: $h) { id name } }"
    static let linesOf = "query($h: String!, $l: String) { shoppingList(householdId: $h, listId: $l) { id name } }"
    static let createStore =
        "mutation($h: String!, $n: String!, $o: [StoreSection!]!) { createStore(householdId: $h, name: $n, sectionOrder: $o) { id name sectionOrder } }"

    static func names(_ map: Map) -> [String] { map.elements.compactMap { $0["name"].text } }

    @Test(
        "lines stored before there were lists move onto a default list when migrated, in their order, once",
        arguments: DatabaseKind.allCases)
    func migration(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let home = try await pantry.household("Home", owner: owner)
            let cabin = try await pantry.household("Cabin", owner: owner)
            // The tables as they were before lists: no list table, lines without a list or section.
            try await pantry.execute("DROP TABLE pantry_shopping_lists")
            try await pantry.execute("DROP INDEX pantry_shopping_items_list")
            try await pantry.execute("ALTER TABLE pantry_shopping_items DROP COLUMN list_id")
            try await pantry.execute("ALTER TABLE pantry_shopping_items DROP COLUMN section")
            for (index, (household, name)) in [(home, "Milk"), (cabin, "Wood"), (home, "Eggs"), (home, "Bread")]
                .enumerated()
            {
                try await pantry.execute(
                    "INSERT INTO pantry_shopping_items (id, household_id, name, quantity, unit, checked, created_at) VALUES (?, ?, ?, 1, 'piece', ?, ?)",
                    [
                        .text("old-\(index)"), .text(household.id), .text(name), .int(name == "Eggs" ? 1 : 0),
                        .int(1_700_000_000_000 + Int64(index)),
                    ])
            }
            try await pantry.store.migrate()
            try await pantry.store.migrate()

            let lists = try await pantry.data(Self.lists, as: owner, ["h": .string(home.id)])["shoppingLists"].elements
            #expect(lists.count == 1)
            #expect(lists.first?["name"] == "Shopping list" && lists.first?["isDefault"] == true)
            let listId = try #require(lists.first?["id"].text)
            #expect(Self.names(lists[0]["lines"]) == ["Milk", "Eggs", "Bread"])
            #expect(lists[0]["lines"].elements.allSatisfy { $0["listId"].text == listId })
            #expect(
                try await pantry.data(Self.defaultLines, as: owner, ["h": .string(home.id)])["shoppingList"]
                    .elements.compactMap { $0["name"].text } == ["Milk", "Eggs", "Bread"])
            let cabinLists = try await pantry.data(Self.lists, as: owner, ["h": .string(cabin.id)])["shoppingLists"]
            #expect(cabinLists.elements.count == 1 && Self.names(cabinLists[0, "lines"]) == ["Wood"])
            #expect(cabinLists[0, "id"].text != listId)
            let stored = try await pantry.store.shoppingLines(onLists: [listId])[listId] ?? []
            #expect(stored.map(\.id) == ["old-0", "old-2", "old-3"] && stored[1].checked)
        }
    }

    @Test(
        "lists are made, renamed and deleted; lines belong to a list, move between lists, and a deleted list's lines go to the default",
        arguments: DatabaseKind.allCases)
    func lifecycle(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let member = try await pantry.user("member")
            let home = try await pantry.household("Home", owner: owner, members: [(member, .member)])
            let h = Map.string(home.id)
            _ = try await pantry.data(Self.add, as: owner, ["h": h, "n": "Milk"])
            let party = try #require(
                try await pantry.data(Self.create, as: member, ["h": h, "n": "  Party  "])["createShoppingList"][
                    "id"
                ].text)
            let chips = try await pantry.data(Self.add, as: member, ["h": h, "n": "Chips", "l": .string(party)])
            #expect(chips["addShoppingItem", "listId"].text == party)
            // The same food on another list is a line of its own there.
            let partyMilk = try await pantry.data(Self.add, as: member, ["h": h, "n": "Milk", "l": .string(party)])
            #expect(partyMilk["addShoppingItem", "listId"].text == party)

            #expect(
                Self.names(
                    try await pantry.data(Self.defaultLines, as: owner, ["h": h])["shoppingList"]) == ["Milk"])
            #expect(
                Self.names(
                    try await pantry.data(Self.linesOf, as: owner, ["h": h, "l": .string(party)])["shoppingList"])
                    == ["Chips", "Milk"])
            let lists = try await pantry.data(Self.lists, as: owner, ["h": h])["shoppingLists"]
            #expect(Self.names(lists) == ["Shopping list", "Party"])

            let renamed = try await pantry.data(Self.rename, as: member, ["l": .string(party), "n": "Birthday"])
            #expect(renamed["renameShoppingList", "name"] == "Birthday")

            // Moving a line: it leaves one list and ends the other.
            let chipsId = try #require(chips["addShoppingItem", "id"].text)
            let defaultId = try #require(lists[0, "id"].text)
            let moved = try await pantry.data(
                "mutation($i: String!, $l: String!) { moveShoppingItem(id: $i, listId: $l) { listId } }", as: owner,
                ["i": .string(chipsId), "l": .string(defaultId)])
            #expect(moved["moveShoppingItem", "listId"].text == defaultId)
            #expect(
                Self.names(try await pantry.data(Self.defaultLines, as: owner, ["h": h])["shoppingList"]) == [
                    "Milk", "Chips",
                ])

            // Deleting a list with lines: they move to the end of the default list.
            let deleted = try await pantry.data(Self.delete, as: member, ["l": .string(party)])
            #expect(deleted["deleteShoppingList", "isDefault"] == true)
            #expect(Self.names(deleted["deleteShoppingList", "lines"]) == ["Milk", "Chips", "Milk"])
            #expect(
                Self.names(try await pantry.data(Self.lists, as: owner, ["h": h])["shoppingLists"]) == ["Shopping list"]
            )

            // The only list cannot go; deleting the default hands the role on to the oldest other list.
            let only = await pantry.run(Self.delete, as: owner, ["l": .string(defaultId)])
            #expect(only.codes == ["BAD_USER_INPUT"], "\(only.errors)")
            #expect(only.errors.first?.message.contains("only shopping list") == true, "\(only.errors)")
            let weekly = try #require(
                try await pantry.data(Self.create, as: owner, ["h": h, "n": "Weekly"])["createShoppingList", "id"]
                    .text)
            let handed = try await pantry.data(Self.delete, as: owner, ["l": .string(defaultId)])
            #expect(
                handed["deleteShoppingList", "id"].text == weekly && handed["deleteShoppingList", "isDefault"] == true)
            #expect(
                Self.names(try await pantry.data(Self.defaultLines, as: owner, ["h": h])["shoppingList"]) == [
                    "Milk", "Chips", "Milk",
                ])
        }
    }

    @Test(
        "a list grouped for a store answers its lines section by section in the store's order",
        arguments: DatabaseKind.allCases)
    func grouping(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let home = try await pantry.household("Home", owner: owner)
            let h = Map.string(home.id)
            try await pantry.item("Rice", quantity: 100, in: home)  // a pantry-category item
            let store = try await pantry.data(
                Self.createStore, as: owner, ["h": h, "n": "Corner shop", "o": ["bakery", "pantry", "produce"]])
            let storeId = try #require(store["createStore", "id"].text)
            #expect(store["createStore", "sectionOrder"] == ["bakery", "pantry", "produce"])
            let list = try #require(
                try await pantry.data(Self.create, as: owner, ["h": h, "n": "Corner", "s": .string(storeId)])[
                    "createShoppingList", "id"
                ].text)
            let l = Map.string(list)
            _ = try await pantry.data(Self.add, as: owner, ["h": h, "n": "Saffron", "l": l])
            _ = try await pantry.data(Self.add, as: owner, ["h": h, "n": "Apples", "l": l, "s": "produce"])
            _ = try await pantry.data(Self.add, as: owner, ["h": h, "n": "Rice", "l": l])
            let bread = try await pantry.data(Self.add, as: owner, ["h": h, "n": "Bread", "l": l, "s": "bakery"])
            _ = try await pantry.data(Self.add, as: owner, ["h": h, "n": "Soap", "l": l, "s": "household"])
            _ = try await pantry.data(
                "mutation($i: String!) { checkShoppingItem(id: $i, location: \"Pantry\") { line { checked } } }",
                as: owner,
                ["i": .string(try #require(bread["addShoppingItem", "id"].text))])

            let lists = try await pantry.data(Self.lists, as: owner, ["h": h])["shoppingLists"].elements
            let corner = try #require(lists.first { $0["id"].text == list })
            #expect(corner["storeId"].text == storeId)
            #expect(
                corner["sections"].elements.compactMap { $0["title"].text } == [
                    "Pantry", "Produce", "Household", "Other", "Checked",
                ])
            #expect(
                corner["sections"].elements.map { Self.names($0["lines"]) } == [
                    ["Rice"], ["Apples"], ["Soap"], ["Saffron"], ["Bread"],
                ])
            #expect(corner["sections", 3, "section"] == .null && corner["sections", 4, "checked"] == true)

            // A new order regroups the list; a section given twice is refused and changes nothing.
            _ = try await pantry.data(
                "mutation($s: String!) { updateStore(id: $s, sectionOrder: [household, produce]) { id } }", as: owner,
                ["s": .string(storeId)])
            let twice = await pantry.run(
                "mutation($s: String!) { updateStore(id: $s, sectionOrder: [dairy, bakery, dairy]) { id } }",
                as: owner, ["s": .string(storeId)])
            #expect(twice.codes == ["BAD_USER_INPUT"])
            #expect(twice.errors.first?.message.contains("dairy more than once") == true, "\(twice.errors)")
            let unknown = await pantry.run(
                "mutation($s: String!) { updateStore(id: $s, sectionOrder: [aisle9]) { id } }", as: owner,
                ["s": .string(storeId)])
            #expect(!unknown.errors.isEmpty)
            let regrouped = try await pantry.data(Self.lists, as: owner, ["h": h])["shoppingLists"].elements
                .first { $0["id"].text == list }
            #expect(
                regrouped?["sections"].elements.compactMap { $0["title"].text } == [
                    "Household", "Produce", "Pantry", "Other", "Checked",
                ])

            // Deleting the store leaves the list in the usual order.
            #expect(
                try await pantry.data(
                    "mutation($s: String!) { deleteStore(id: $s) }", as: owner, ["s": .string(storeId)])[
                        "deleteStore"] == true)
            let plain = try await pantry.data(Self.lists, as: owner, ["h": h])["shoppingLists"].elements
                .first { $0["id"].text == list }
            #expect(plain?["storeId"] == .null)
            #expect(
                plain?["sections"].elements.compactMap { $0["title"].text } == [
                    "Produce", "Pantry", "Household", "Other", "Checked",
                ])
        }
    }

    @Test(
        "strangers, other households' lists and stores, repeated and bad names are refused and change nothing",
        arguments: DatabaseKind.allCases)
    func hostile(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let stranger = try await pantry.user("stranger")
            let home = try await pantry.household("Home", owner: owner)
            let other = try await pantry.household("Elsewhere", owner: stranger)
            let h = Map.string(home.id)
            let mine = try #require(
                try await pantry.data(Self.create, as: owner, ["h": h, "n": "Weekly"])["createShoppingList", "id"]
                    .text)
            let theirs = try #require(
                try await pantry.data(Self.create, as: stranger, ["h": .string(other.id), "n": "Theirs"])[
                    "createShoppingList", "id"
                ].text)
            let theirStore = try #require(
                try await pantry.data(
                    Self.createStore, as: stranger, ["h": .string(other.id), "n": "Far", "o": ["dairy"]])[
                        "createStore", "id"
                    ].text)
            let before = try await pantry.data(Self.lists, as: owner, ["h": h])

            // A stranger sees and changes nothing of the household.
            for (query, variables) in [
                (Self.lists, ["h": h]), (Self.create, ["h": h, "n": "Mine now"]),
                (Self.rename, ["l": .string(mine), "n": "Taken"]), (Self.delete, ["l": .string(mine)]),
                (Self.add, ["h": h, "n": "Gold", "l": .string(mine)]),
                ("query($h: String!) { stores(householdId: $h) { id } }", ["h": h]),
                (Self.createStore, ["h": h, "n": "Mine", "o": []]),
            ] as [(String, [String: Map])] {
                let refused = await pantry.run(query, as: stranger, variables)
                #expect(refused.codes == ["NOT_FOUND"], "\(query): \(refused.errors)")
            }
            // Another household's list or store, named from this household, is not found here.
            let crossAdd = await pantry.run(Self.add, as: owner, ["h": h, "n": "Gold", "l": .string(theirs)])
            #expect(crossAdd.codes == ["NOT_FOUND"], "\(crossAdd.errors)")
            let crossStore = await pantry.run(Self.create, as: owner, ["h": h, "n": "Far", "s": .string(theirStore)])
            #expect(crossStore.codes == ["NOT_FOUND"], "\(crossStore.errors)")
            let crossLines = await pantry.run(Self.linesOf, as: owner, ["h": h, "l": .string(theirs)])
            #expect(crossLines.codes == ["NOT_FOUND"], "\(crossLines.errors)")
            let ownLine = try #require(
                try await pantry.data(Self.add, as: owner, ["h": h, "n": "Milk"])["addShoppingItem", "id"].text)
            let crossMove = await pantry.run(
                "mutation($i: String!, $l: String!) { moveShoppingItem(id: $i, listId: $l) { id } }", as: owner,
                ["i": .string(ownLine), "l": .string(theirs)])
            #expect(crossMove.codes == ["NOT_FOUND"], "\(crossMove.errors)")

            // Names: unique regardless of case, not empty, not huge.
            let duplicate = await pantry.run(Self.create, as: owner, ["h": h, "n": " WEEKLY "])
            // A conflict is the caller's to resolve: BAD_USER_INPUT, naming the list that has the name.
            #expect(duplicate.codes == ["BAD_USER_INPUT"], "\(duplicate.errors)")
            #expect(duplicate.errors.first?.message.contains("called Weekly") == true, "\(duplicate.errors)")
            let renamedOnto = await pantry.run(Self.rename, as: owner, ["l": .string(mine), "n": "shopping LIST"])
            #expect(renamedOnto.codes == ["BAD_USER_INPUT"], "\(renamedOnto.errors)")
            #expect(renamedOnto.errors.first?.message.contains("called Shopping list") == true, "\(renamedOnto.errors)")
            // Renaming a list to itself in another case is fine.
            #expect(
                try await pantry.data(Self.rename, as: owner, ["l": .string(mine), "n": "weekly"])[
                    "renameShoppingList", "name"] == "weekly")
            _ = try await pantry.data(Self.rename, as: owner, ["l": .string(mine), "n": "Weekly"])
            for name in ["", "   ", String(repeating: "n", count: 10_000), "a\u{0}b"] {
                let bad = await pantry.run(Self.create, as: owner, ["h": h, "n": .string(name)])
                #expect(bad.codes == ["BAD_USER_INPUT"], "\(name.prefix(8)): \(bad.errors)")
            }
            let store = try #require(
                try await pantry.data(Self.createStore, as: owner, ["h": h, "n": "Corner", "o": ["dairy"]])[
                    "createStore", "id"
                ].text)
            let sameStore = await pantry.run(Self.createStore, as: owner, ["h": h, "n": "corner", "o": []])
            #expect(sameStore.codes == ["BAD_USER_INPUT"], "\(sameStore.errors)")
            #expect(sameStore.errors.first?.message.contains("store called Corner") == true, "\(sameStore.errors)")
            let repeated = await pantry.run(
                Self.createStore, as: owner, ["h": h, "n": "Big", "o": ["dairy", "dairy"]])
            #expect(repeated.codes == ["BAD_USER_INPUT"], "\(repeated.errors)")
            let strangerStore = await pantry.run(
                "mutation($s: String!) { updateStore(id: $s, name: \"Mine\") { id } }", as: stranger,
                ["s": .string(store)])
            #expect(strangerStore.codes == ["NOT_FOUND"], "\(strangerStore.errors)")

            // Nothing the refusals touched changed: the lists are as they were, plus the line and nothing else.
            let after = try await pantry.data(Self.lists, as: owner, ["h": h])
            #expect(Self.names(after["shoppingLists"]) == Self.names(before["shoppingLists"]))
            #expect(
                Self.names(
                    try await pantry.data(Self.lists, as: stranger, ["h": .string(other.id)])["shoppingLists"]) == [
                        "Shopping list", "Theirs",
                    ])
            let stores = try await pantry.data(
                "query($h: String!) { stores(householdId: $h) { name } }", as: owner, ["h": h])
            #expect(Self.names(stores["stores"]) == ["Corner"])
        }
    }

    @Test("members hear list changes on pantryChanged, naming the list", arguments: DatabaseKind.allCases)
    func changes(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let member = try await pantry.user("member")
            let home = try await pantry.household("Home", owner: owner, members: [(member, .member)])
            let subscribed = await pantry.graphQL.subscribe(
                GraphQLRequest(
                    query:
                        "subscription($h: String!) { pantryChanged(householdId: $h) { kind shoppingListId byUserId } }",
                    variables: ["h": .string(home.id)]), viewer: member)
            guard case .success(let stream) = subscribed else {
                Issue.record("could not subscribe: \(subscribed)")
                return
            }
            let made = try #require(
                try await pantry.data(Self.create, as: owner, ["h": .string(home.id), "n": "Party"])[
                    "createShoppingList", "id"
                ].text)
            _ = try await pantry.data(Self.rename, as: owner, ["l": .string(made), "n": "Feast"])
            var heard: [Map] = []
            for try await event in stream {
                heard.append(event.data?["pantryChanged"] ?? .null)
                if heard.count == 2 { break }
            }
            #expect(heard.map { $0["kind"].text } == ["shoppingListChanged", "shoppingListChanged"])
            #expect(heard.map { $0["byUserId"].text } == [owner.userID, owner.userID])
            #expect(heard.map { $0["shoppingListId"].text } == [made, made])
        }
    }
}
