import Foundation
import HearthTestSupport
import Testing

/// `hearth pantry plan …` and `hearth pantry recipes cook|uncook` against a real `hearth serve`.
@Suite("hearth pantry plan and recipes cook", .timeLimit(.minutes(10)))
struct PantryPlanCommandTests {
    static func pantry(_ arguments: [String], home: TemporaryFolder) async throws -> ChildProcess.Result {
        try await PantryCommandTests.pantry(arguments, home: home)
    }

    @Test("meals planned for a week fill the shopping list once; cooking uses the stock and uncooking returns it")
    func planShopCook() async throws {
        let serverData = try TemporaryFolder(prefix: "hearth-pantry-plan-server")
        try await ServerProcess.running(dataDirectory: serverData.url) { server in
            let home = try TemporaryFolder(prefix: "hearth-pantry-plan")
            let login = try await Self.pantry(
                [
                    "login", "--server", server.base, "--email", "plan-\(UUID().uuidString.prefix(8))@example.com",
                    "--sign-up",
                ], home: home)
            #expect(login.status == 0, "\(login.stderr)")
            let created = try await Self.pantry(["household", "create", "Home", "--json"], home: home)
            let household = try #require(
                (PantryCommandTests.json(created) as? [String: Any])?["id"] as? String, "\(created.stderr)")
            let flour = try await Self.pantry(
                ["items", "add", household, "Flour", "--quantity", "500", "--unit", "g", "--location", "Pantry"],
                home: home)
            #expect(flour.status == 0, "\(flour.stderr)")
            let added = try await Self.pantry(
                [
                    "recipes", "add", household, "Pancakes", "--ingredient", "2 cups flour", "--ingredient", "2 eggs",
                    "--servings", "4", "--json",
                ], home: home)
            let recipe = try #require(
                (PantryCommandTests.json(added) as? [String: Any])?["id"] as? String, "\(added.stderr)")

            for (day, meal) in [("2026-11-23", "dinner"), ("2026-11-25", "lunch")] {
                let planned = try await Self.pantry(
                    ["plan", "add", day, meal, recipe, "--servings", "6", "--household", household], home: home)
                #expect(
                    planned.stdout.contains("Planned \(meal) on \(day) for 6"), "\(planned.stdout)\(planned.stderr)")
            }
            let badMeal = try await Self.pantry(["plan", "add", "2026-11-23", "brunch", recipe], home: home)
            #expect(badMeal.status != 0)
            #expect(
                badMeal.stderr.contains("MEAL \"brunch\" is not one of: breakfast, lunch, dinner, snack"),
                "\(badMeal.stderr)")

            let listed = try await Self.pantry(["plan", "list", "--week", "2026-W48"], home: home)
            let lines = listed.stdout.split(separator: "\n").map {
                $0.split(separator: "\t").dropFirst().joined(separator: " ")
            }
            #expect(
                lines == ["2026-11-23 dinner Pancakes 6 servings", "2026-11-25 lunch Pancakes 6 servings"],
                "\(listed.stdout)\(listed.stderr)")

            // 2 cups × 6/4 × 2 = 6 cups of flour = 750 g, less the 500 g in stock; 2 × 3 = 6 eggs.
            let shop = try await Self.pantry(["plan", "shop", "--week", "2026-W48"], home: home)
            #expect(
                shop.stdout == "Added to the shopping list:\n  250 g Flour\n  6 pieces eggs\n",
                "\(shop.stdout)\(shop.stderr)")
            let again = try await Self.pantry(
                ["plan", "shop", "--from", "2026-11-23", "--to", "2026-11-29"], home: home)
            #expect(again.stdout.hasPrefix("Nothing to add"), "\(again.stdout)\(again.stderr)")
            let tooLong = try await Self.pantry(
                ["plan", "shop", "--from", "2026-01-01", "--to", "2027-06-01"], home: home)
            #expect(tooLong.status != 0)
            #expect(tooLong.stderr.contains("ask for at most 366 days at a time"), "\(tooLong.stderr)")

            let cooked = try await Self.pantry(["recipes", "cook", recipe, "--servings", "4", "--json"], home: home)
            let cooking = try #require(PantryCommandTests.json(cooked) as? [String: Any], "\(cooked.stderr)")
            let consumed = try #require(cooking["consumed"] as? [[String: Any]])
            #expect(consumed.map { $0["quantity"] as? Double } == [250])
            let shortfalls = try #require(cooking["shortfalls"] as? [[String: Any]])
            #expect(shortfalls.map { $0["name"] as? String } == ["eggs"])
            let left = try await Self.pantry(["items", "list", household, "--json"], home: home)
            let items = try #require(PantryCommandTests.json(left) as? [[String: Any]], "\(left.stderr)")
            #expect(items.first?["quantity"] as? Double == 250)

            let id = try #require(cooking["id"] as? String)
            let uncooked = try await Self.pantry(["recipes", "uncook", id], home: home)
            #expect(uncooked.stdout.hasPrefix("Undid cooking \(id)"), "\(uncooked.stdout)\(uncooked.stderr)")
            let back = try await Self.pantry(["items", "list", household, "--json"], home: home)
            let restored = try #require(PantryCommandTests.json(back) as? [[String: Any]], "\(back.stderr)")
            #expect(restored.first?["quantity"] as? Double == 500)
        }
    }
}
