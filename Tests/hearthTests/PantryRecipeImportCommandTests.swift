import Foundation
import HearthTestSupport
import Testing

/// `hearth pantry recipes import` against a real `hearth serve` and a local site.
@Suite("hearth pantry recipes import", .timeLimit(.minutes(10)))
struct PantryRecipeImportCommandTests {
    static let page = """
        <html><head><script type="application/ld+json">[{"@context":"https://schema.org","@type":["Recipe"],
        "name":"Aglio e olio","recipeYield":"2 servings","prepTime":"PT5M","cookTime":"PT12M",
        "recipeIngredient":["200 g spaghetti","2-3 cloves garlic, thinly sliced","4 tbsp olive oil","chilli flakes (optional)"],
        "recipeInstructions":[{"@type":"HowToStep","text":"Boil the spaghetti."},{"@type":"HowToStep","text":"Warm the garlic in the oil and toss."}]}]</script></head></html>
        """

    static let saved = """
        <div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Toast</h1>
        <span itemprop="recipeIngredient">2 slices bread</span><span itemprop="recipeIngredient">butter, to taste</span></div>
        """

    @Test("a page's address is fetched by the server, a saved page is sent, and other schemes are refused")
    func imports() async throws {
        let site = try await PageServer.start(["/aglio-e-olio": .html(Self.page)])
        let serverData = try TemporaryFolder(prefix: "hearth-recipe-import-server")
        let home = try TemporaryFolder(prefix: "hearth-recipe-import-home")
        do {
            try await run(site, serverData, home)
            try await site.stop()
        } catch {
            try? await site.stop()
            throw error
        }
    }

    private func run(_ site: PageServer, _ serverData: TemporaryFolder, _ home: TemporaryFolder) async throws {
        try await ServerProcess.running(
            dataDirectory: serverData.url, arguments: ["--recipe-import-private-host", "127.0.0.1"]
        ) { server in
            let login = try await PantryCommandTests.pantry(
                [
                    "login", "--server", server.base, "--email", "cook-\(UUID().uuidString.prefix(8))@example.com",
                    "--sign-up",
                ],
                home: home)
            #expect(login.status == 0, "\(login.stderr)")
            let created = try await PantryCommandTests.pantry(["household", "create", "Home", "--json"], home: home)
            let household = try #require(
                (PantryCommandTests.json(created) as? [String: Any])?["id"] as? String, "\(created.stderr)")

            let fetched = try await PantryCommandTests.pantry(
                ["recipes", "import", site.url("/aglio-e-olio"), "--household", household, "--json"], home: home)
            #expect(fetched.status == 0, "\(fetched.stderr)")
            let recipe = try #require(PantryCommandTests.json(fetched) as? [String: Any])
            #expect(recipe["name"] as? String == "Aglio e olio")
            #expect(recipe["servings"] as? Int == 2)
            #expect(recipe["prepTime"] as? Int == 5 && recipe["cookTime"] as? Int == 12)
            #expect(
                recipe["instructions"] as? [String] == ["Boil the spaghetti.", "Warm the garlic in the oil and toss."])
            let ingredients = try #require(recipe["ingredients"] as? [[String: Any]])
            #expect(ingredients.count == 4)
            #expect(ingredients[1]["name"] as? String == "garlic")
            #expect(ingredients[1]["quantity"] as? Double == 2 && ingredients[1]["quantityMax"] as? Double == 3)
            #expect(
                ingredients[1]["unit"] as? String == "clove" && ingredients[1]["note"] as? String == "thinly sliced")
            #expect(
                ingredients[3]["name"] as? String == "chilli flakes" && ingredients[3]["note"] as? String == "optional")
            #expect(site.requests == ["/aglio-e-olio"])

            let file = home.file("toast.html")
            try Self.saved.write(to: file, atomically: true, encoding: .utf8)
            let sent = try await PantryCommandTests.pantry(["recipes", "import", file.path], home: home)
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(
                sent.stdout.contains("2 slice bread\n") && sent.stdout.contains("butter (to taste)"), "\(sent.stdout)")
            #expect(sent.stdout.hasPrefix("Imported Toast ("))

            let refused = try await PantryCommandTests.pantry(["recipes", "import", "file:///etc/passwd"], home: home)
            #expect(refused.status != 0)
            #expect(
                refused.stderr.contains(
                    "Only http and https addresses, or a saved page's file, can be imported, not file: addresses"))
            let listed = try await PantryCommandTests.pantry(["recipes", "list", household], home: home)
            #expect(listed.stdout.contains("Aglio e olio") && listed.stdout.contains("Toast"), "\(listed.stdout)")
        }
    }
}
