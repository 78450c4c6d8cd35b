import Foundation
import GraphQL
import HearthCloud
import HearthCore
import HearthPantryModel
import HearthTestSupport
import Testing

@testable import HearthPantryServer

@Suite("importRecipe: recipes from web pages, fetched with care, only by those who may add recipes")
struct RecipeImportTests {
    static let fields =
        "id householdId name description ingredients { name quantity unit quantityMax note } instructions prepTime cookTime totalTime servings difficulty tags version"
    static let importRecipe =
        "mutation($h: String!, $url: String, $html: String) { importRecipe(householdId: $h, url: $url, html: $html) { \(fields) } }"

    /// A fetcher that may reach this machine's test server at 127.0.0.1 and nothing else private.
    static let loopback = RecipePageFetcher(configuration: .init(privateHostsAllowed: ["127.0.0.1"]))

    static let pages: [String: PageServer.Page] = [
        "/banana-bread/": .html(RecipeSitePages.wordpressYoast),
        "/recipe/23600/worlds-best-lasagna/": .html(RecipeSitePages.allRecipesArray),
        "/pancakes.html": .html(RecipeSitePages.microdataOnly),
        "/broken": .html(RecipeSitePages.brokenJSONLD),
        "/about": .html(RecipeSitePages.noRecipe),
        "/huge": .html("<html>" + String(repeating: "<p>filler</p>", count: 240_000) + "</html>"),
        "/stream": .chunked(3 << 20),
        "/moved": .redirect(to: "/banana-bread/", status: 301),
        "/to-metadata": .redirect(to: "http://169.254.169.254/latest/meta-data/"),
        "/to-ipv6-loopback": .redirect(to: "http://[::1]:9/admin"),
        "/to-file": .redirect(to: "file:///etc/passwd"),
        "/slow": .hang,
    ]

    static func withSite<T>(_ body: (PageServer) async throws -> T) async throws -> T {
        let server = try await PageServer.start(pages)
        do {
            let result = try await body(server)
            try await server.stop()
            return result
        } catch {
            try? await server.stop()
            throw error
        }
    }

    static func recipe(_ map: Map) throws -> Recipe {
        try JSONDecoder().decode(Recipe.self, from: JSONEncoder().encode(map))
    }

    static func ingredient(
        _ name: String, _ quantity: Double, _ unit: String, max: Double? = nil, note: String? = nil
    ) -> Ingredient {
        Ingredient(name: name, quantity: quantity, unit: unit, quantityMax: max, note: note)
    }

    static let bananaBread = Recipe(
        id: "", householdId: "", name: "Classic Banana Bread",
        description: "Moist banana bread with \"brown\" butter.",
        ingredients: [
            ingredient("all-purpose flour", 2, "cup", note: "250 g"), ingredient("baking soda", 1, "tsp"),
            ingredient("salt", 0.25, "tsp"), ingredient("unsalted butter", 0.5, "cup", note: "113 g, melted"),
            ingredient("brown sugar", 0.75, "cup"), ingredient("large eggs", 2, "", note: "at room temperature"),
            ingredient("mashed overripe bananas", 2.333333333, "cup", note: "about 4 bananas"),
            ingredient("pure vanilla extract", 1, "tsp"), ingredient("chopped walnuts", 0.5, "cup", note: "optional"),
        ],
        instructions: [
            "Preheat the oven to 350°F (177°C).", "Whisk the flour, baking soda and salt together.",
            "Mix the butter and sugar, then beat in the eggs, bananas and vanilla.",
            "Fold in the flour and walnuts, pour into the pan and bake for 60 minutes.",
        ],
        prepTime: 15, cookTime: 60, servings: 1,
        tags: ["Bread", "Breakfast", "American", "banana bread", "quick bread"])

    static let lasagna = Recipe(
        id: "", householdId: "", name: "World's Best Lasagna",
        description: "This lasagna recipe takes a little work, but it is so satisfying and filling that it's worth it!",
        ingredients: [
            ingredient("sweet Italian sausage", 1, "lb"), ingredient("lean ground beef", 0.75, "lb"),
            ingredient("minced onion", 0.5, "cup"), ingredient("garlic", 2, "clove", note: "crushed"),
            ingredient("crushed tomatoes", 1, "can", note: "28 ounce"),
            ingredient("canned tomato sauce", 2, "can", note: "6.5 ounce"), ingredient("white sugar", 2, "tbsp"),
            ingredient("dried basil leaves", 1.5, "tsp"), ingredient("chopped fresh parsley", 2, "tbsp", max: 3),
            ingredient("lasagna noodles", 12, ""), ingredient("ricotta cheese", 16, "oz"),
            ingredient("mozzarella cheese", 0.75, "lb", note: "sliced"),
            ingredient("salt and pepper", 0, "", note: "to taste"),
        ],
        instructions: [
            "Cook sausage, ground beef, onion, and garlic over medium heat until well browned.",
            "Stir in crushed tomatoes, tomato sauce, sugar and basil; simmer for 1 ½ hours.",
            "Layer noodles, ricotta, mozzarella and sauce in a 9x13-inch dish.",
            "Bake in the preheated oven for 25 minutes.",
        ],
        prepTime: 30, cookTime: 150, servings: 12, tags: ["Dinner", "Main Dishes", "Italian"])

    static let pancakes = Recipe(
        id: "", householdId: "", name: "Grandma's Pancakes", description: "Fluffy & light, every Sunday.",
        ingredients: [
            ingredient("flour", 1.5, "cup"), ingredient("baking powder", 3.5, "tsp"), ingredient("sugar", 1, "tbsp"),
            ingredient("milk", 1.25, "cup"), ingredient("egg", 1, ""), ingredient("butter", 3, "tbsp", note: "melted"),
            ingredient("salt", 1, "pinch"),
        ],
        instructions: [
            "Sift the dry ingredients.", "Whisk in the milk, egg and butter.", "Cook on a hot griddle until golden.",
        ],
        prepTime: 10, cookTime: 20, servings: 12)

    /// `expected` with the id and household of `actual`, to compare every other field.
    static func same(_ expected: Recipe, as actual: Recipe) -> Recipe {
        Recipe(
            id: actual.id, householdId: actual.householdId, name: expected.name, description: expected.description,
            ingredients: expected.ingredients, instructions: expected.instructions, prepTime: expected.prepTime,
            cookTime: expected.cookTime, servings: expected.servings, difficulty: expected.difficulty,
            tags: expected.tags, version: expected.version)
    }

    @Test(
        "pages shaped like WordPress with Yoast, AllRecipes and a microdata-only site are imported whole and stored",
        arguments: DatabaseKind.allCases)
    func importsSitePages(_ kind: DatabaseKind) async throws {
        try await Self.withSite { site in
            _ = try await withPantry(kind, recipePages: Self.loopback) { pantry in
                let owner = try await pantry.user("owner")
                let household = try await pantry.household("Home", owner: owner)
                var imported: [Recipe] = []
                for (path, expected) in [
                    ("/banana-bread/", Self.bananaBread), ("/recipe/23600/worlds-best-lasagna/", Self.lasagna),
                    ("/pancakes.html", Self.pancakes), ("/moved", Self.bananaBread),
                ] {
                    let answer = try await pantry.data(
                        Self.importRecipe, as: owner, ["h": .string(household.id), "url": .string(site.url(path))])
                    let recipe = try Self.recipe(answer["importRecipe"])
                    #expect(recipe.householdId == household.id)
                    #expect(recipe == Self.same(expected, as: recipe), "\(path)")
                    imported.append(recipe)
                }
                #expect(
                    site.requests == [
                        "/banana-bread/", "/recipe/23600/worlds-best-lasagna/", "/pancakes.html", "/moved",
                        "/banana-bread/",
                    ])
                let listed = try await pantry.data(
                    "query($h: String!) { recipes(householdId: $h) { \(Self.fields) } }", as: owner,
                    ["h": .string(household.id)])["recipes"].elements.map(Self.recipe)
                // Tags come back in the store's order of tags, not the page's.
                func sortedTags(_ recipe: Recipe) -> Recipe {
                    Recipe(
                        id: recipe.id, householdId: recipe.householdId, name: recipe.name,
                        description: recipe.description, ingredients: recipe.ingredients,
                        instructions: recipe.instructions, prepTime: recipe.prepTime, cookTime: recipe.cookTime,
                        servings: recipe.servings, difficulty: recipe.difficulty, tags: recipe.tags.sorted(),
                        version: recipe.version)
                }
                #expect(
                    Set(listed.map(sortedTags)) == Set(imported.map(sortedTags)),
                    "what was stored reads back field for field")
                let lasagna = try #require(listed.first { $0.name == "World's Best Lasagna" })
                #expect(lasagna.totalTime == 180)
            }
        }
    }

    @Test("a page sent as HTML is read the same as one fetched; its size is bounded the same way")
    func fromHTML() async throws {
        _ = try await withPantry(.sqlite) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let answer = try await pantry.data(
                Self.importRecipe, as: owner,
                ["h": .string(household.id), "html": .string(RecipeSitePages.microdataOnly)])
            let recipe = try Self.recipe(answer["importRecipe"])
            #expect(recipe == Self.same(Self.pancakes, as: recipe))
            let huge = String(repeating: "x", count: (2 << 20) + 1)
            let refused = await pantry.run(
                Self.importRecipe, as: owner, ["h": .string(household.id), "html": .string(huge)])
            #expect(refused.codes == ["BAD_USER_INPUT"])
            #expect(
                refused.errors.first?.message
                    == "The page at the HTML given is 2097153 bytes, more than the 2097152 a recipe page may be; save the recipe's part of the page and import that."
            )
        }
    }

    @Test("pages that cannot be imported are refused with a message naming why, and nothing is stored")
    func refusals() async throws {
        try await Self.withSite { site in
            _ = try await withPantry(.sqlite, recipePages: Self.loopback) { pantry in
                let owner = try await pantry.user("owner")
                let household = try await pantry.household("Home", owner: owner)
                func refusal(url: String? = nil, html: String? = nil) async -> (codes: [String], message: String) {
                    var variables: [String: Map] = ["h": .string(household.id)]
                    if let url { variables["url"] = .string(url) }
                    if let html { variables["html"] = .string(html) }
                    let result = await pantry.run(Self.importRecipe, as: owner, variables)
                    return (result.codes, result.errors.first?.message ?? "")
                }
                let broken = await refusal(url: site.url("/broken"))
                #expect(broken.codes == ["BAD_USER_INPUT"])
                #expect(
                    broken.message.hasPrefix(
                        "No schema.org Recipe found in \(site.url("/broken")) (JSON-LD block 1 is not valid JSON"),
                    "\(broken.message)")
                #expect(
                    await refusal(url: site.url("/about")).message
                        == "No schema.org Recipe found in \(site.url("/about")): the page has no JSON-LD or microdata recipe. Add the recipe by hand with its ingredients and steps."
                )
                for path in ["/huge", "/stream"] {
                    #expect(
                        await refusal(url: site.url(path)).message
                            == "The page at \(site.url(path)) is larger than the 2097152 bytes a recipe page may be; save the recipe's part of the page and import that."
                    )
                }
                #expect(
                    await refusal(url: site.url("/to-metadata")).message
                        == "http://169.254.169.254/latest/meta-data/ is on a private, loopback or link-local address (169.254.169.254 is 169.254.169.254), which recipe imports may not reach; give a page on the public web, or send the page's HTML instead."
                )
                #expect(
                    await refusal(url: site.url("/to-ipv6-loopback")).message
                        == "http://[::1]:9/admin is on a private, loopback or link-local address (::1 is ::1), which recipe imports may not reach; give a page on the public web, or send the page's HTML instead."
                )
                let fileMessage =
                    "Only http and https pages can be imported, not file: addresses; for a saved page, send its HTML instead."
                #expect(await refusal(url: site.url("/to-file")).message == fileMessage)
                #expect(await refusal(url: "file:///etc/passwd").message == fileMessage)
                #expect(
                    await refusal(url: "no address").message
                        == "\"no address\" is not a web address; give one such as https://example.com/pancakes.")
                let both = await refusal(url: site.url("/pancakes.html"), html: RecipeSitePages.microdataOnly)
                #expect(both.codes == ["BAD_USER_INPUT"])
                #expect(
                    both.message
                        == "Give exactly one of url (a recipe page's address) and html (the page itself) to import a recipe."
                )
                #expect(await refusal().message == both.message)
                #expect(!site.requests.contains("/pancakes.html"), "with both given, nothing is fetched")
                let stored = try await pantry.store.recipes(inHouseholds: [household.id])
                #expect(stored.isEmpty)
            }
        }
    }

    @Test("by default the server fetches no private address: the test server on 127.0.0.1 is never asked")
    func refusesLoopbackByDefault() async throws {
        try await Self.withSite { site in
            _ = try await withPantry(.sqlite) { pantry in
                let owner = try await pantry.user("owner")
                let household = try await pantry.household("Home", owner: owner)
                for url in [site.url("/pancakes.html"), "http://localhost:\(site.port)/pancakes.html"] {
                    let result = await pantry.run(
                        Self.importRecipe, as: owner, ["h": .string(household.id), "url": .string(url)])
                    #expect(result.codes == ["BAD_USER_INPUT"])
                    #expect(
                        result.errors.first?.message.contains(
                            "is on a private, loopback or link-local address") == true)
                }
                #expect(site.requests.isEmpty)
                #expect(try await pantry.store.recipes(inHouseholds: [household.id]).isEmpty)
            }
        }
    }

    @Test("strangers and signed-out callers are refused before anything is fetched; every member may import")
    func permissions() async throws {
        try await Self.withSite { site in
            _ = try await withPantry(.sqlite, recipePages: Self.loopback) { pantry in
                let owner = try await pantry.user("owner")
                let member = try await pantry.user("member")
                let stranger = try await pantry.user("stranger")
                let household = try await pantry.household("Home", owner: owner, members: [(member, .member)])
                let variables: [String: Map] = [
                    "h": .string(household.id), "url": .string(site.url("/pancakes.html")),
                ]
                let strangers = await pantry.run(Self.importRecipe, as: stranger, variables)
                #expect(strangers.codes == ["NOT_FOUND"])
                #expect(strangers.errors.first?.message.contains(household.name) == false)
                let signedOut = await pantry.run(Self.importRecipe, as: nil, variables)
                #expect(signedOut.codes == ["UNAUTHENTICATED"])
                let withHTML = await pantry.run(
                    Self.importRecipe, as: stranger,
                    ["h": .string(household.id), "html": .string(RecipeSitePages.microdataOnly)])
                #expect(withHTML.codes == ["NOT_FOUND"])
                #expect(site.requests.isEmpty, "nothing is fetched for a caller who may not add recipes")
                #expect(try await pantry.store.recipes(inHouseholds: [household.id]).isEmpty)

                let imported = try await pantry.data(Self.importRecipe, as: member, variables)
                #expect(imported["importRecipe", "name"].text == "Grandma's Pancakes")
                #expect(site.requests == ["/pancakes.html"])
            }
        }
    }

    @Test("a page that never answers times out on the fetcher's clock")
    func timeout() async throws {
        try await Self.withSite { site in
            let clock = ManualClock()
            let fetcher = RecipePageFetcher(
                configuration: .init(timeout: .seconds(15), privateHostsAllowed: ["127.0.0.1"]), clock: clock)
            let fetched = Task { try await fetcher.fetch(site.url("/slow")) }
            try await waitUntil("the page is asked for") { site.requests.contains("/slow") }
            try await clock.advance(pastWaitOf: .seconds(15))
            let error = await #expect(throws: ServiceError.self) { _ = try await fetched.value }
            #expect(error?.code == .timedOut)
            #expect(
                error?.message
                    == "\(site.url("/slow")) did not send its page within 15 seconds; try again later, or save the page and import the file."
            )
        }
    }

    @Test("a host name resolves to the addresses it names, and a written address to itself")
    func resolution() throws {
        #expect(try HostResolution.resolve("127.0.0.1") == [IPAddress("127.0.0.1")!])
        #expect(try HostResolution.resolve("::1") == [IPAddress("::1")!])
        #expect(try HostResolution.resolve("localhost").allSatisfy { !$0.isPublic })
        #expect(throws: HostResolution.ResolveFailure.self) { try HostResolution.resolve("no-such-host.invalid") }
    }

    @Test(
        "ingredients keep their notes and ranges through addRecipe and storage; rows stored before they existed read as before",
        arguments: DatabaseKind.allCases)
    func notesAndRangesStored(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let household = try await pantry.household("Home", owner: owner)
            let added = try await pantry.data(
                """
                mutation($h: String!) { addRecipe(input: {householdId: $h, name: "Aglio e olio", ingredients: [
                  {name: "garlic", quantity: 2, quantityMax: 3, unit: "clove", note: " sliced "},
                  {name: "spaghetti", quantity: 200, unit: "g"}]}) { \(Self.fields) } }
                """, as: owner, ["h": .string(household.id)])
            let recipe = try Self.recipe(added["addRecipe"])
            #expect(
                recipe.ingredients == [
                    Self.ingredient("garlic", 2, "clove", max: 3, note: "sliced"),
                    Self.ingredient("spaghetti", 200, "g"),
                ])
            let reversed = await pantry.run(
                """
                mutation($h: String!) { addRecipe(input: {householdId: $h, name: "Odd", ingredients: [
                  {name: "garlic", quantity: 3, quantityMax: 2, unit: "clove"}]}) { id } }
                """, as: owner, ["h": .string(household.id)])
            #expect(reversed.codes == ["BAD_USER_INPUT"])

            // The table as it was before notes and ranges, with a row in it; migrating adds the columns.
            try await pantry.execute("DROP TABLE pantry_recipe_ingredients")
            try await pantry.execute(
                """
                CREATE TABLE pantry_recipe_ingredients (recipe_id TEXT NOT NULL, position BIGINT NOT NULL, name TEXT NOT NULL,
                quantity DOUBLE PRECISION NOT NULL, unit TEXT NOT NULL, PRIMARY KEY (recipe_id, position))
                """)
            try await pantry.execute(
                "INSERT INTO pantry_recipe_ingredients (recipe_id, position, name, quantity, unit) VALUES (?, 0, 'garlic', 2, 'clove')",
                [.text(recipe.id)])
            try await pantry.store.migrate()
            let old = try #require(try await pantry.store.recipe(id: recipe.id))
            #expect(old.ingredients == [Ingredient(name: "garlic", quantity: 2, unit: "clove")])
        }
    }
}
