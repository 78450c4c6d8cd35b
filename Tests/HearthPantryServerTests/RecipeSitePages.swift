/// Pages shaped like real recipe sites', for the import tests.
enum RecipeSitePages {
    /// A WordPress page with Yoast's `@graph` (an Article, a WebPage, breadcrumbs and the Recipe a recipe plugin
    /// adds), another JSON-LD block for the site, and the usual scripts around them.
    static let wordpressYoast = """
        <!DOCTYPE html>
        <html lang="en-US"><head>
        <meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Classic Banana Bread &#8211; Sally&#039;s Kitchen</title>
        <script>window.dataLayer = window.dataLayer || []; if (a < b && c > d) { document.write("</div>"); }</script>
        <style>.wprm-recipe { color: #333; } a > b { }</style>
        <script type="application/ld+json" class="yoast-schema-graph">{"@context":"https://schema.org","@graph":[
        {"@type":"Article","@id":"https://kitchen.example/banana-bread/#article","isPartOf":{"@id":"https://kitchen.example/banana-bread/"},"author":{"name":"Sally","@id":"https://kitchen.example/#/schema/person/1"},"headline":"Classic Banana Bread","datePublished":"2024-03-01T08:00:00+00:00","wordCount":1500},
        {"@type":"WebPage","@id":"https://kitchen.example/banana-bread/","url":"https://kitchen.example/banana-bread/","name":"Classic Banana Bread - Sally's Kitchen"},
        {"@type":"BreadcrumbList","@id":"https://kitchen.example/banana-bread/#breadcrumb","itemListElement":[{"@type":"ListItem","position":1,"name":"Home","item":"https://kitchen.example/"},{"@type":"ListItem","position":2,"name":"Classic Banana Bread"}]},
        {"@type":"Recipe","name":"Classic Banana Bread","author":{"@type":"Person","name":"Sally"},"description":"Moist banana bread with &quot;brown&quot; butter.","datePublished":"2024-03-01T08:00:00+00:00","image":["https://kitchen.example/bb-1x1.jpg"],"recipeYield":["1","1 loaf (10 slices)"],"prepTime":"PT15M","cookTime":"PT60M","totalTime":"PT75M","recipeIngredient":["2 cups (250 g) all-purpose flour","1 tsp baking soda","1/4 tsp salt","1/2 cup (113 g) unsalted butter, melted","3/4 cup brown sugar","2 large eggs, at room temperature","2 1/3 cups mashed overripe bananas (about 4 bananas)","1 tsp pure vanilla extract","1/2 cup chopped walnuts (optional)"],"recipeInstructions":[{"@type":"HowToStep","text":"Preheat the oven to 350°F (177°C).","name":"Preheat the oven to 350°F (177°C).","url":"https://kitchen.example/banana-bread/#wprm-recipe-1-step-0-0"},{"@type":"HowToStep","text":"Whisk the flour, baking soda and salt together."},{"@type":"HowToStep","text":"Mix the butter and sugar, then beat in the eggs, bananas and vanilla."},{"@type":"HowToStep","text":"Fold in the flour and walnuts, pour into the pan and bake for 60 minutes."}],"aggregateRating":{"@type":"AggregateRating","ratingValue":"4.9","ratingCount":"1200"},"recipeCategory":["Bread","Breakfast"],"recipeCuisine":["American"],"keywords":"banana bread, quick bread","nutrition":{"@type":"NutritionInformation","calories":"300 kcal"},"@id":"https://kitchen.example/banana-bread/#recipe","isPartOf":{"@id":"https://kitchen.example/banana-bread/#article"},"mainEntityOfPage":"https://kitchen.example/banana-bread/"}
        ]}</script>
        <script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Sally's Kitchen"}</script>
        </head><body class="post-template-default">
        <!-- a comment with <script type="application/ld+json">{"@type":"Recipe","name":"Not this"}</script> inside -->
        <article><h1>Classic Banana Bread</h1><p>My grandmother's recipe&hellip;</p>
        <div class="wprm-recipe-container"><h2 class="wprm-recipe-name">Classic Banana Bread</h2></div></article>
        </body></html>
        """

    /// A page laid out like AllRecipes': the JSON-LD is an array holding the recipe, `@type` an array, ingredients
    /// with unicode fractions and cans, steps in sections.
    static let allRecipesArray = """
        <!DOCTYPE html><html><head><title>World's Best Lasagna Recipe</title>
        <script id="allrecipes-schema_1-0" class="comp allrecipes-schema mntl-schema-unified" type="application/ld+json">
        [{"@context":"http://schema.org","@type":["Recipe"],"headline":"World's Best Lasagna","datePublished":"2023-01-01T00:00:00.000-05:00","author":[{"@type":"Person","name":"John Chandler"}],"description":"This lasagna recipe takes a little work, but it is so satisfying and filling that it's worth it!","name":"World's Best Lasagna","cookTime":"PT2H30M","prepTime":"PT30M","totalTime":"PT3H15M","recipeCategory":["Dinner","Main Dishes"],"recipeCuisine":["Italian"],"recipeIngredient":["1 pound sweet Italian sausage","¾ pound lean ground beef","½ cup minced onion","2 cloves garlic, crushed","1 (28 ounce) can crushed tomatoes","2 (6.5 ounce) cans canned tomato sauce","2 tablespoons white sugar","1 ½ teaspoons dried basil leaves","2-3 tablespoons chopped fresh parsley","12 lasagna noodles","16 ounces ricotta cheese","¾ pound mozzarella cheese, sliced","salt and pepper to taste"],"recipeInstructions":[{"@type":"HowToSection","name":"Sauce","itemListElement":[{"@type":"HowToStep","text":"Cook sausage, ground beef, onion, and garlic over medium heat until well browned."},{"@type":"HowToStep","text":"Stir in crushed tomatoes, tomato sauce, sugar and basil; simmer for 1 ½ hours."}]},{"@type":"HowToSection","name":"Assemble","itemListElement":[{"@type":"HowToStep","text":"Layer noodles, ricotta, mozzarella and sauce in a 9x13-inch dish."},{"@type":"HowToStep","text":"Bake in the preheated oven for 25 minutes."}]}],"recipeYield":["12"],"nutrition":{"@type":"NutritionInformation","calories":"448 kcal"}}]
        </script></head><body><div id="article-content"><h1 class="article-heading">World's Best Lasagna</h1></div></body></html>
        """

    /// A page with microdata only, as older sites and hand-written pages have.
    static let microdataOnly = """
        <html><head><title>Grandma's Pancakes</title></head><body>
        <div class="recipe" itemscope itemtype="https://schema.org/Recipe">
          <h1 itemprop="name">Grandma's Pancakes</h1>
          <img itemprop="image" src="/pancakes.jpg" alt="">
          <p itemprop="description">Fluffy &amp; light, every Sunday.</p>
          <p>Serves: <span itemprop="recipeYield">Makes 12 pancakes</span></p>
          <meta itemprop="prepTime" content="PT10M">Prep 10 min,
          cook <time itemprop="cookTime" datetime="PT20M">20 min</time>
          <meta itemprop="totalTime" content="PT30M">
          <h2>Ingredients</h2>
          <ul>
            <li itemprop="recipeIngredient">1 ½ cups flour</li>
            <li itemprop="recipeIngredient">3 ½ tsp baking powder</li>
            <li itemprop="recipeIngredient">1 tbsp sugar</li>
            <li itemprop="recipeIngredient">1 ¼ cups milk</li>
            <li itemprop="recipeIngredient">1 egg</li>
            <li itemprop="recipeIngredient">3 tbsp butter, melted</li>
            <li itemprop="recipeIngredient">a pinch of salt</li>
          </ul>
          <h2>Method</h2>
          <ol itemprop="recipeInstructions">
            <li>Sift the dry ingredients.</li>
            <li>Whisk in the milk, egg and butter.</li>
            <li>Cook on a hot griddle until golden.</li>
          </ol>
          <div itemprop="review" itemscope itemtype="https://schema.org/Review">
            <span itemprop="name">Best pancakes ever</span>
          </div>
        </div></body></html>
        """

    /// A page whose only JSON-LD block is broken, with no microdata.
    static let brokenJSONLD = """
        <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","name":"Half a recipe","recipeIngredient":["1 cup flour",</script></head><body><h1>Half a recipe</h1></body></html>
        """

    /// A blog post with no recipe.
    static let noRecipe = """
        <html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","headline":"Our kitchen renovation"}</script></head>
        <body><article><h1>Our kitchen renovation</h1><p>We finally did it.</p></article></body></html>
        """
}
