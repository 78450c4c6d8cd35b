import Foundation
import HearthTestSupport
import Testing

/// `hearth pantry recipes …` and `hearth pantry shopping …` against a real `hearth serve`, by two people of one household.
@Suite("hearth pantry recipes and shopping", .timeLimit(.minutes(10)))
struct PantryKitchenCommandTests {
    static func pantry(_ arguments: [String], home: TemporaryFolder) async throws -> ChildProcess.Result {
        try await PantryCommandTests.pantry(arguments, home: home)
    }

    @Test("a recipe, what can be cooked, its missing ingredients on the list, and checking them off into the pantry")
    func recipeToPantry() async throws {
        let serverData = try TemporaryFolder(prefix: "hearth-pantry-kitchen-server")
        try await ServerProcess.running(dataDirectory: serverData.url) { server in
            let owner = try TemporaryFolder(prefix: "hearth-pantry-kitchen-owner")
            let cook = try TemporaryFolder(prefix: "hearth-pantry-kitchen-cook")
            #expect(
                try await Self.pantry(
                    [
                        "login", "--server", server.base, "--email", "owner-\(UUID().uuidString.prefix(8))@example.com",
                        "--sign-up",
                    ], home: owner
                ).status == 0)
            let created = try await Self.pantry(["household", "create", "Home", "--json"], home: owner)
            let household = try #require(
                (PantryCommandTests.json(created) as? [String: Any])?["id"] as? String, "\(created.stderr)")
            let invite = try await Self.pantry(["household", "invite", household, "--json"], home: owner)
            let code = try #require(
                (PantryCommandTests.json(invite) as? [String: Any])?["code"] as? String, "\(invite.stderr)")
            #expect(
                try await Self.pantry(
                    [
                        "login", "--server", server.base, "--email", "cook-\(UUID().uuidString.prefix(8))@example.com",
                        "--sign-up",
                    ], home: cook
                ).status == 0)
            #expect(try await Self.pantry(["household", "join", code], home: cook).status == 0)

            for (name, grams) in [("Flour", "1000"), ("Sugar", "50")] {
                let added = try await Self.pantry(
                    ["items", "add", household, name, "--quantity", grams, "--unit", "g", "--location", "Pantry"],
                    home: owner)
                #expect(added.status == 0, "\(added.stderr)")
            }

            let badIngredient = try await Self.pantry(
                ["recipes", "add", household, "Bread", "--ingredient", "500 g flour", "--ingredient", "200 g"],
                home: cook)
            #expect(badIngredient.status != 0)
            #expect(
                badIngredient.stderr.contains("--ingredient: Ingredient \"200 g\" names no food"),
                "\(badIngredient.stderr)")
            let badDifficulty = try await Self.pantry(
                ["recipes", "add", household, "Bread", "--ingredient", "500 g flour", "--difficulty", "tricky"],
                home: cook)
            #expect(
                badDifficulty.stderr.contains("--difficulty \"tricky\" is not one of: easy, medium, hard"),
                "\(badDifficulty.stderr)")

            let added = try await Self.pantry(
                [
                    "recipes", "add", household, "Pancakes", "--ingredient", "250 g flour", "--ingredient",
                    "100g sugar", "--ingredient", "2 eggs",
                    "--step", "Mix", "--step", "Fry", "--servings", "2", "--prep", "5", "--cook", "10", "--difficulty",
                    "medium", "--tag", "breakfast", "--json",
                ], home: cook)
            let recipe = try #require(PantryCommandTests.json(added) as? [String: Any], "\(added.stderr)")
            let recipeId = try #require(recipe["id"] as? String)
            let ingredients = try #require(recipe["ingredients"] as? [[String: Any]])
            #expect(ingredients.map { $0["name"] as? String } == ["flour", "sugar", "eggs"])
            #expect(ingredients.map { $0["unit"] as? String } == ["g", "g", ""])
            #expect(recipe["instructions"] as? [String] == ["Mix", "Fry"])

            let listed = try await Self.pantry(["recipes", "list", household], home: owner)
            #expect(
                listed.stdout.contains("\(recipeId)\tPancakes\t3 ingredients\tserves 2\t15 min\tmedium\tbreakfast"),
                "\(listed.stdout)\(listed.stderr)")

            let cookable = try await Self.pantry(["recipes", "cookable", household], home: owner)
            #expect(
                cookable.stdout.contains("\(recipeId)\tPancakes\t50%\tmissing 50 g sugar, 2 pieces eggs"),
                "\(cookable.stdout)\(cookable.stderr)")
            let doubled = try await Self.pantry(
                ["recipes", "cookable", household, "--servings", "4", "--json"], home: owner)
            let ranked = try #require(PantryCommandTests.json(doubled) as? [[String: Any]], "\(doubled.stderr)")
            let missing = try #require(ranked.first?["missing"] as? [[String: Any]])
            #expect(missing.map { $0["missing"] as? Double } == [150, 4])
            let badServings = try await Self.pantry(["recipes", "cookable", household, "--servings", "0"], home: owner)
            #expect(badServings.stderr.contains("servings must be at least 1; it is 0."), "\(badServings.stderr)")

            let onList = try await Self.pantry(["shopping", "add-missing", recipeId, "--json"], home: cook)
            let lines = try #require(PantryCommandTests.json(onList) as? [[String: Any]], "\(onList.stderr)")
            #expect(lines.map { $0["name"] as? String } == ["sugar", "eggs"])
            #expect(lines.map { $0["quantity"] as? Double } == [50, 2])
            let sugarLine = try #require(lines.first?["id"] as? String)
            let milk = try await Self.pantry(
                ["shopping", "add", household, " Milk ", "--quantity", "1", "--unit", "l"], home: owner)
            #expect(milk.stdout.contains("On the list: 1 l Milk"), "\(milk.stderr)")
            let badQuantity = try await Self.pantry(
                ["shopping", "add", household, "Milk", "--quantity=-1"], home: owner)
            #expect(badQuantity.stderr.contains("quantity must be greater than 0, not -1"), "\(badQuantity.stderr)")
            let restock = try await Self.pantry(["shopping", "add-expiring", household, "--days", "3"], home: owner)
            #expect(restock.status == 0, "\(restock.stderr)")
            let shown = try await Self.pantry(["shopping", "list", household], home: owner)
            #expect(shown.stdout.contains("[ ] \(sugarLine)\t50 g\tsugar"), "\(shown.stdout)\(shown.stderr)")

            let badDay = try await Self.pantry(["shopping", "check", sugarLine, "--best-before", "soon"], home: cook)
            #expect(
                badDay.stderr.contains("--best-before \"soon\" is not a day written YYYY-MM-DD"), "\(badDay.stderr)")
            let checked = try await Self.pantry(["shopping", "check", sugarLine, "--location", "pantry"], home: cook)
            #expect(
                checked.stdout.contains("Checked off sugar: bought 50 g at Pantry; Sugar now has 100 g."),
                "\(checked.stdout)\(checked.stderr)")
            let stock = try #require(
                PantryCommandTests.json(try await Self.pantry(["items", "list", household, "--json"], home: owner))
                    as? [[String: Any]])
            #expect(stock.first { $0["name"] as? String == "Sugar" }?["quantity"] as? Double == 100)
            let after = try await Self.pantry(["recipes", "cookable", household], home: owner)
            #expect(after.stdout.contains("Pancakes\t66%\tmissing 2 pieces eggs"), "\(after.stdout)\(after.stderr)")

            let cleared = try await Self.pantry(["shopping", "clear", household], home: owner)
            #expect(cleared.stdout.contains("Removed 1 checked line."), "\(cleared.stderr)")
            let deleted = try await Self.pantry(["recipes", "delete", recipeId], home: owner)
            #expect(deleted.stdout.contains("Deleted recipe \(recipeId)."), "\(deleted.stderr)")
            let none = try await Self.pantry(["recipes", "list", household], home: cook)
            #expect(none.stdout.contains("No recipes"), "\(none.stdout)\(none.stderr)")
        }
    }
}
