import Foundation
import HearthTestSupport
import Testing

/// `hearth pantry lists …`, `hearth pantry stores …` and `shopping … --list` against a real `hearth serve`.
@Suite("hearth pantry lists and stores", .timeLimit(.minutes(10)))
struct PantryListsCommandTests {
    static func pantry(_ arguments: [String], home: TemporaryFolder) async throws -> ChildProcess.Result {
        try await PantryCommandTests.pantry(arguments, home: home)
    }

    @Test("named lists, a store's section order in the printout, moving lines, and refusals that say what to do")
    func listsAndStores() async throws {
        let serverData = try TemporaryFolder(prefix: "hearth-pantry-lists-server")
        try await ServerProcess.running(dataDirectory: serverData.url) { server in
            let home = try TemporaryFolder(prefix: "hearth-pantry-lists-owner")
            #expect(
                try await Self.pantry(
                    [
                        "login", "--server", server.base, "--email", "lists-\(UUID().uuidString.prefix(8))@example.com",
                        "--sign-up",
                    ], home: home
                ).status == 0)
            let created = try await Self.pantry(["household", "create", "Home", "--json"], home: home)
            let household = try #require(
                (PantryCommandTests.json(created) as? [String: Any])?["id"] as? String, "\(created.stderr)")
            let milk = try await Self.pantry(
                [
                    "items", "add", household, "Milk", "--quantity", "1", "--unit", "l", "--category", "dairy",
                    "--location", "Fridge",
                ],
                home: home)
            #expect(milk.status == 0, "\(milk.stderr)")

            let store = try await Self.pantry(
                ["stores", "create", "Corner shop", "--sections", "bakery, Dairy,produce"], home: home)
            #expect(store.stdout.contains("Added the store Corner shop"), "\(store.stdout)\(store.stderr)")
            let badStore = try await Self.pantry(
                ["stores", "create", "Big", "--sections", "dairy,aisle9"], home: home)
            #expect(badStore.status != 0)
            #expect(badStore.stderr.contains("\"aisle9\" is not a section; use some of: produce"), "\(badStore.stderr)")
            let twice = try await Self.pantry(["stores", "create", "Big", "--sections", "dairy,dairy"], home: home)
            #expect(twice.stderr.contains("dairy more than once"), "\(twice.stderr)")

            let party = try await Self.pantry(["lists", "create", "Party", "--store", "corner SHOP"], home: home)
            #expect(party.stdout.contains("Made the list Party"), "\(party.stdout)\(party.stderr)")
            let again = try await Self.pantry(["lists", "create", "party"], home: home)
            #expect(again.status != 0)
            #expect(again.stderr.contains("already has a shopping list called Party"), "\(again.stderr)")

            for (name, section) in [("Apples", "produce"), ("Milk", nil), ("Baguette", "bakery"), ("Candles", nil)] {
                var arguments = ["shopping", "add", household, name, "--list", "party"]
                if let section { arguments += ["--section", section] }
                let added = try await Self.pantry(arguments, home: home)
                #expect(added.status == 0, "\(added.stderr)")
            }
            let onDefault = try await Self.pantry(["shopping", "add", household, "Rice"], home: home)
            #expect(onDefault.status == 0, "\(onDefault.stderr)")

            let printed = try await Self.pantry(["shopping", "list", household, "--list", "Party"], home: home)
            let headings = printed.stdout.split(separator: "\n").filter { !$0.hasPrefix("  ") }
            #expect(
                headings == ["Party (at Corner shop)", "Bakery", "Dairy", "Produce", "Other"],
                "\(printed.stdout)\(printed.stderr)")
            #expect(printed.stdout.contains("\tBaguette"), "\(printed.stdout)")

            let lines = try #require(
                PantryCommandTests.json(
                    try await Self.pantry(["shopping", "list", household, "--list", "Party", "--json"], home: home))
                    as? [[String: Any]])
            #expect(lines.compactMap { $0["name"] as? String } == ["Apples", "Milk", "Baguette", "Candles"])
            let candles = try #require(lines.last?["id"] as? String)
            let moved = try await Self.pantry(["shopping", "move", candles, "shopping list"], home: home)
            #expect(moved.stdout.contains("Moved Candles to Shopping list."), "\(moved.stdout)\(moved.stderr)")

            let listed = try await Self.pantry(["lists", "list"], home: home)
            #expect(listed.stdout.contains("\tShopping list\t2 to buy\t(default)"), "\(listed.stdout)\(listed.stderr)")
            #expect(listed.stdout.contains("\tParty\t3 to buy\tat Corner shop"), "\(listed.stdout)")

            let deleted = try await Self.pantry(["lists", "delete", "Party"], home: home)
            #expect(
                deleted.stdout.contains("Deleted the list Party; its 3 lines moved to Shopping list."),
                "\(deleted.stdout)\(deleted.stderr)")
            let last = try await Self.pantry(["lists", "delete", "Shopping list"], home: home)
            #expect(last.status != 0)
            #expect(last.stderr.contains("only shopping list and cannot be deleted"), "\(last.stderr)")
            let unknown = try await Self.pantry(["shopping", "list", household, "--list", "Nope"], home: home)
            #expect(unknown.stderr.contains("no shopping list called \"Nope\""), "\(unknown.stderr)")
            let all = try await Self.pantry(["shopping", "list", household], home: home)
            #expect(all.stdout.contains("\tRice") && all.stdout.contains("\tBaguette"), "\(all.stdout)")
        }
    }
}
