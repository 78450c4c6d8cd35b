import Foundation
import GraphQL
import HearthCloud
import HearthCore
import HearthPantryModel
import Testing

@testable import HearthPantryServer

/// The pantry keeps each household's items while its item revision stands; a trigger moves the revision on
/// with every write to `pantry_items`, whoever makes it.
@Suite("Items kept per household while their revision stands")
struct PantryItemCacheTests {
    static func names(_ pantry: Pantry, _ household: Household) async throws -> [String] {
        try await pantry.store.items(inHouseholds: [household.id])[household.id]?.map(\.name) ?? []
    }

    @Test(
        "an unchanged household's items cost one statement; every kind of item write is seen at the next read",
        arguments: DatabaseKind.allCases)
    func revisions(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let home = try await pantry.household("Home", owner: owner)
            let cabin = try await pantry.household("Cabin", owner: owner)
            let flour = try await pantry.stockedItem("Flour", grams: 1000, in: home)
            let rice = try await pantry.stockedItem("Rice", grams: 500, in: cabin)

            let first = try await pantry.store.items(inHouseholds: [home.id, cabin.id])
            #expect(first[home.id]?.map(\.name) == ["Flour"])
            #expect(first[cabin.id]?.map(\.name) == ["Rice"])
            var before = pantry.statements
            let again = try await pantry.store.items(inHouseholds: [home.id, cabin.id, home.id])
            #expect(pantry.statements - before == 1, "only the revisions are read")
            #expect(again[home.id] == first[home.id])
            #expect(again[cabin.id] == first[cabin.id])

            // A stock verb through GraphQL.
            _ = try await pantry.data(
                "mutation($i: String!) { consume(itemId: $i, quantity: 200) { quantity } }", as: owner,
                ["i": .string(flour.item)])
            #expect(try await pantry.store.items(inHouseholds: [home.id])[home.id]?.first?.quantity == 800)
            // An item added.
            _ = try await pantry.stockedItem("Apples", grams: 300, in: home)
            #expect(try await Self.names(pantry, home) == ["Apples", "Flour"])
            // Rows changed behind the store's back: the trigger still moves the revision on.
            try await pantry.execute(
                "UPDATE pantry_items SET name = ? WHERE id = ?", [.text("Spelt flour"), .text(flour.item)])
            #expect(try await Self.names(pantry, home) == ["Apples", "Spelt flour"])
            try await pantry.execute("DELETE FROM pantry_items WHERE name = ?", [.text("Apples")])
            #expect(try await Self.names(pantry, home) == ["Spelt flour"])
            // A failed write changes nothing, kept or stored.
            let refused = await pantry.run(
                "mutation($i: String!) { consume(itemId: $i, quantity: 5000) { quantity } }", as: owner,
                ["i": .string(flour.item)])
            #expect(!refused.errors.isEmpty)
            #expect(try await pantry.store.items(inHouseholds: [home.id])[home.id]?.first?.quantity == 800)

            // The cabin's revision never moved: its items are still the kept ones.
            before = pantry.statements
            #expect(try await pantry.store.items(inHouseholds: [cabin.id])[cabin.id]?.map(\.id) == [rice.item])
            #expect(pantry.statements - before == 1)
        }
    }

    @Test("what can be cooked follows the stock as it changes, on the same day", arguments: DatabaseKind.allCases)
    func rankingFollowsStock(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let home = try await pantry.household("Home", owner: owner)
            let flour = try await pantry.stockedItem("Flour", grams: 1000, in: home)
            _ = try await pantry.data(
                RecipeSliceTests.addRecipe, as: owner,
                [
                    "h": .string(home.id), "name": "Bread",
                    "ingredients": .array([RecipeSliceTests.ingredient("flour", 500, "g")]),
                ])
            let query = "query($h: String!) { cookableRecipes(householdId: $h) { canCook coverage } }"
            let variables: [String: Map] = ["h": .string(home.id)]
            #expect(try await pantry.data(query, as: owner, variables)["cookableRecipes", 0, "canCook"] == true)
            _ = try await pantry.data(
                "mutation($i: String!) { consume(itemId: $i, quantity: 750) { quantity } }", as: owner,
                ["i": .string(flour.item)])
            let after = try await pantry.data(query, as: owner, variables)["cookableRecipes", 0]
            #expect(after["canCook"] == false)
            #expect(after["coverage"] == 0.5)
        }
    }

    @Test("kept items stay under their limit, the least recently used dropped first")
    func bounded() {
        func items(_ household: String, _ count: Int) -> [PantryItem] {
            (0..<count).map {
                PantryItem(
                    id: "\(household)-\($0)", householdId: household, name: "Item \($0)", quantity: 1, unit: "g",
                    addedBy: "u",
                    createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
            }
        }
        let cache = PantryItemCache(itemLimit: 10)
        cache.store("a", revision: 1, items: items("a", 4))
        cache.store("b", revision: 1, items: items("b", 4))
        #expect(cache.items("a", revision: 1)?.count == 4)  // a is now the more recently used
        cache.store("c", revision: 1, items: items("c", 4))
        #expect(cache.items("b", revision: 1) == nil)
        #expect(cache.items("a", revision: 1)?.count == 4)
        #expect(cache.items("c", revision: 1)?.count == 4)
        // An older read never replaces a newer one; a household larger than the limit is not kept.
        cache.store("a", revision: 2, items: items("a", 2))
        cache.store("a", revision: 1, items: items("a", 4))
        #expect(cache.items("a", revision: 1) == nil)
        #expect(cache.items("a", revision: 2)?.count == 2)
        cache.store("d", revision: 1, items: items("d", 11))
        #expect(cache.items("d", revision: 1) == nil)
        #expect(cache.count == 2)

        let few = PantryItemCache(itemLimit: 100, householdLimit: 2)
        for household in ["a", "b", "c"] { few.store(household, revision: 1, items: items(household, 1)) }
        #expect(few.count == 2)
        #expect(few.items("a", revision: 1) == nil)
        #expect(few.items("c", revision: 1)?.count == 1)
    }
}
