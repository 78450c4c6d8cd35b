import Foundation
import HearthCore
import HearthPantryModel
import Testing

@Suite("RecipePage: a web page's schema.org Recipe, from JSON-LD or microdata")
struct RecipePageTests {
    static func read(_ html: String, limits: RecipePage.Limits = RecipePage.Limits()) throws -> ImportedRecipe {
        try RecipePage.read(Array(html.utf8), from: "test.html", limits: limits)
    }

    @Test("a recipe alone in a block, @type as a string, instructions as one text of lines")
    func alone() throws {
        let recipe = try Self.read(
            """
            <html><head><script type="application/ld+json">
            {"@context": "https://schema.org", "@type": "Recipe", "name": "Tomato Soup",
             "description": "<p>Quick &amp; warming.</p>", "recipeYield": 4, "cookTime": "PT25M",
             "recipeIngredient": ["1 kg tomatoes", "1 onion, chopped", "500 ml stock"],
             "recipeInstructions": "Soften the onion.\\nAdd the tomatoes and stock.\\n\\nSimmer and blend.",
             "keywords": "soup, vegetarian"}
            </script></head><body></body></html>
            """)
        #expect(recipe.name == "Tomato Soup")
        #expect(recipe.description == "Quick & warming.")
        #expect(recipe.yield == "4")
        #expect(recipe.servings == 4)
        #expect(recipe.prepTime == nil && recipe.cookTime == 25 && recipe.totalTime == nil)
        #expect(recipe.instructions == ["Soften the onion.", "Add the tomatoes and stock.", "Simmer and blend."])
        #expect(recipe.ingredientLines == ["1 kg tomatoes", "1 onion, chopped", "500 ml stock"])
        #expect(
            recipe.ingredients == [
                Ingredient(name: "tomatoes", quantity: 1, unit: "kg"),
                Ingredient(name: "onion", quantity: 1, unit: "", note: "chopped"),
                Ingredient(name: "stock", quantity: 500, unit: "ml"),
            ])
        #expect(recipe.tags == ["soup", "vegetarian"])
        #expect(recipe.origin == .jsonLD)
    }

    @Test("@type as an array inside @graph; HowToSection steps in order; a total gives the missing time")
    func graphAndSections() throws {
        let recipe = try Self.read(
            """
            <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
              {"@type":"WebPage","name":"Not this"},
              {"@type":["Recipe","NewsArticle"],"name":"Lasagna","recipeYield":["12","12 servings"],
               "prepTime":"PT30M","totalTime":"PT3H15M",
               "recipeInstructions":[
                 {"@type":"HowToSection","name":"Sauce","itemListElement":[
                   {"@type":"HowToStep","text":"Brown the meat."},{"@type":"HowToStep","text":"Add the tomatoes."}]},
                 {"@type":"HowToSection","name":"Assemble","itemListElement":[
                   {"@type":"HowToStep","text":"Layer noodles and sauce."}]},
                 "Bake for 25 minutes."]}]}</script>
            """)
        #expect(recipe.name == "Lasagna")
        #expect(recipe.yield == "12 servings" && recipe.servings == 12)
        #expect(recipe.prepTime == 30 && recipe.cookTime == nil && recipe.totalTime == 195)
        #expect(
            recipe.instructions == [
                "Brown the meat.", "Add the tomatoes.", "Layer noodles and sauce.", "Bake for 25 minutes.",
            ])
        let stored = recipe.recipe(id: "r", householdId: "h")
        #expect(stored.prepTime == 30 && stored.cookTime == 165 && stored.totalTime == 195)
    }

    @Test("a recipe as a page's mainEntity, a JSON-LD block wrapped in a comment, raw line breaks in strings")
    func mainEntityAndRepairs() throws {
        let recipe = try Self.read(
            "<script type=\"application/ld+json\"><!--{\"@type\":\"WebPage\",\"mainEntity\":{\"@type\":\"http://schema.org/Recipe\",\"name\":\"Flat\nbread\",\"recipeIngredient\":[\"300 g flour\"]}}--></script>"
        )
        #expect(recipe.name == "Flat bread")
        #expect(recipe.ingredients == [Ingredient(name: "flour", quantity: 300, unit: "g")])
    }

    @Test("microdata: properties from text, content and datetime; HowToStep items; nested items keep their own names")
    func microdata() throws {
        let recipe = try Self.read(
            """
            <body><article itemscope itemtype="https://schema.org/Recipe">
              <h1 itemprop="name">Pancakes</h1>
              <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ann</span></div>
              <p itemprop="description">Fluffy &amp; light.</p>
              <span itemprop="recipeYield">Makes 12</span>
              <meta itemprop="prepTime" content="PT10M"><time itemprop="cookTime" datetime="PT20M">20 min</time>
              <ul><li itemprop="recipeIngredient">1 ½ cups flour</li><li itemprop="recipeIngredient">a pinch of salt</li></ul>
              <ol><li itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep">
                    <span itemprop="text">Whisk everything.</span></li>
                  <li itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep">
                    <span itemprop="text">Fry in butter.</span></li></ol>
              <span itemprop="recipeCategory">Breakfast</span>
            </article></body>
            """)
        #expect(recipe.name == "Pancakes")
        #expect(recipe.description == "Fluffy & light.")
        #expect(recipe.yield == "Makes 12" && recipe.servings == 12)
        #expect(recipe.prepTime == 10 && recipe.cookTime == 20 && recipe.totalTime == nil)
        #expect(recipe.instructions == ["Whisk everything.", "Fry in butter."])
        #expect(
            recipe.ingredients == [
                Ingredient(name: "flour", quantity: 1.5, unit: "cup"),
                Ingredient(name: "salt", quantity: 1, unit: "pinch"),
            ])
        #expect(recipe.tags == ["Breakfast"])
        #expect(recipe.origin == .microdata)
    }

    @Test("a broken JSON-LD block is passed over for the page's microdata")
    func brokenJSONFallsBack() throws {
        let recipe = try Self.read(
            """
            <script type="application/ld+json">{"@type": "Recipe", "name": "Broken" "recipeIngredient": [}</script>
            <div itemscope itemtype="http://schema.org/Recipe"><b itemprop="name">Rescued</b></div>
            """)
        #expect(recipe.name == "Rescued" && recipe.origin == .microdata)
    }

    @Test("no recipe: the message names the source and any block that could not be read")
    func noRecipe() throws {
        #expect(
            throws: ServiceError.validationFailed(
                "No schema.org Recipe found in test.html: the page has no JSON-LD or microdata recipe. Add the recipe by hand with its ingredients and steps."
            )
        ) {
            try Self.read(#"<script type="application/ld+json">{"@type":"Article","name":"News"}</script><p>Hi</p>"#)
        }
        let error = #expect(throws: ServiceError.self) {
            try Self.read(#"<script type="application/ld+json">{"@type": "Recipe", "name": </script>"#)
        }
        #expect(
            error?.message.hasPrefix("No schema.org Recipe found in test.html (JSON-LD block 1 is not valid JSON")
                == true, "\(error?.message ?? "")")
    }

    @Test("hostile pages: too long, too deep in JSON or in elements, unclosed tags and comments")
    func hostile() throws {
        let limits = RecipePage.Limits(maxBytes: 1000, maxDepth: 50)
        #expect(
            throws: ServiceError.validationFailed(
                "The page at test.html is 1001 bytes, more than the 1000 a recipe page may be; save the recipe's part of the page and import that."
            )
        ) { try Self.read(String(repeating: "a", count: 1001), limits: limits) }
        let deepJSON = "<script type=\"application/ld+json\">" + String(repeating: "[", count: 60) + "</script>"
        let deep = #expect(throws: ServiceError.self) { try Self.read(deepJSON, limits: limits) }
        #expect(
            deep?.message.contains("JSON-LD block 1 nests 60 levels deep, more than the 50 allowed") == true,
            "\(deep?.message ?? "")")
        let deepElements = String(repeating: "<div>", count: 60)
        #expect(
            throws: ServiceError.validationFailed(
                "The page's elements nest more than 50 levels deep; it cannot be read as a recipe.")
        ) { try Self.read(deepElements, limits: limits) }
        // Properties nested in properties, each around the same long text, keep a bounded share of it.
        let text = String(repeating: "flour ", count: 50_000)
        let nested =
            "<div itemscope itemtype=\"https://schema.org/Recipe\">"
            + String(repeating: "<div itemprop=\"description\">", count: 200) + text
            + String(repeating: "</div>", count: 200) + "<b itemprop=\"name\">Bread</b></div>"
        let recipe = try Self.read(nested)
        #expect(recipe.name == "Bread")
        #expect(recipe.description?.utf8.count ?? 0 <= 65_536)
        #expect(recipe.description?.hasPrefix("flour flour") == true)
        // A page that is nothing but the start of things ends without a recipe rather than hanging or crashing.
        for broken in [
            "<", "<!--", "<script type=\"application/ld+json\">{", "<div itemscope itemtype=\"Recipe\"", "&#xFFFFFFFF;",
        ] {
            #expect(throws: ServiceError.self) { try Self.read(broken) }
        }
    }

    @Test(
        "ISO 8601 durations",
        arguments: [
            ("PT1H30M", 90), ("PT90M", 90), ("P0DT1H", 60), ("PT1H30M0S", 90), ("PT0.5H", 30), ("P1D", 1440),
            ("pt45m", 45), ("PT30S", 1),
        ])
    func durations(_ text: String, _ minutes: Int) {
        #expect(ISODuration.minutes(text) == minutes)
    }

    @Test("not durations", arguments: ["", "P", "PT", "1 hour", "PT1H30", "P1M", "PTXM", "P1Y", "PT-5M", "P9999D"])
    func notDurations(_ text: String) {
        #expect(ISODuration.minutes(text) == nil)
    }
}
