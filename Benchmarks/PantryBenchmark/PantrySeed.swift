import BenchmarkSupport
import Foundation

/// The benchmark's household, seeded through the server's own GraphQL mutations: `items` pantry items (varied
/// names, categories, units, locations and due days — some expired, some due soon, some below their minimum),
/// `recipes` recipes whose ingredients partly match the stock, and a shopping list of about 30 lines filled
/// by `addMissingIngredients`. The same seed gives the same household (ids and times aside).
struct PantrySeed {
    var items = 2_000
    var recipes = 50
    var shoppingLines = 30

    /// What was seeded: the household's id and the size of its shopping list.
    struct Seeded {
        var householdID: String
        var shoppingLines: Int
    }

    /// A food the household keeps: its name, category, unit and how much a packet holds.
    private struct Food {
        let name: String
        let category: String
        let unit: String
        let sizes: [Double]
    }

    private static let foods: [Food] = [
        Food(name: "Flour", category: "pantry", unit: "g", sizes: [500, 1000]),
        Food(name: "Sugar", category: "pantry", unit: "g", sizes: [500, 1000]),
        Food(name: "Rice", category: "pantry", unit: "kg", sizes: [0.5, 1, 2]),
        Food(name: "Pasta", category: "pantry", unit: "g", sizes: [250, 500]),
        Food(name: "Oats", category: "pantry", unit: "g", sizes: [500, 750]),
        Food(name: "Lentils", category: "pantry", unit: "g", sizes: [400, 500]),
        Food(name: "Chickpeas", category: "pantry", unit: "can", sizes: [1, 2, 4]),
        Food(name: "Tomatoes", category: "produce", unit: "piece", sizes: [4, 6]),
        Food(name: "Onions", category: "produce", unit: "piece", sizes: [3, 5]),
        Food(name: "Garlic", category: "produce", unit: "piece", sizes: [1, 2]),
        Food(name: "Potatoes", category: "produce", unit: "kg", sizes: [1, 2.5]),
        Food(name: "Carrots", category: "produce", unit: "g", sizes: [500, 1000]),
        Food(name: "Apples", category: "produce", unit: "piece", sizes: [4, 6]),
        Food(name: "Lemons", category: "produce", unit: "piece", sizes: [2, 3]),
        Food(name: "Spinach", category: "produce", unit: "g", sizes: [200, 300]),
        Food(name: "Peppers", category: "produce", unit: "piece", sizes: [2, 3]),
        Food(name: "Milk", category: "dairy", unit: "l", sizes: [1, 1.5]),
        Food(name: "Butter", category: "dairy", unit: "g", sizes: [250]),
        Food(name: "Eggs", category: "dairy", unit: "", sizes: [6, 10, 12]),
        Food(name: "Cheddar", category: "dairy", unit: "g", sizes: [200, 400]),
        Food(name: "Yoghurt", category: "dairy", unit: "g", sizes: [150, 500]),
        Food(name: "Cream", category: "dairy", unit: "ml", sizes: [200, 250]),
        Food(name: "Chicken breast", category: "meat", unit: "g", sizes: [400, 600]),
        Food(name: "Minced beef", category: "meat", unit: "g", sizes: [500]),
        Food(name: "Bacon", category: "meat", unit: "g", sizes: [150, 200]),
        Food(name: "Salmon", category: "meat", unit: "g", sizes: [250, 300]),
        Food(name: "Peas", category: "frozen", unit: "g", sizes: [450, 900]),
        Food(name: "Berries", category: "frozen", unit: "g", sizes: [300, 500]),
        Food(name: "Ice cream", category: "frozen", unit: "ml", sizes: [500, 1000]),
        Food(name: "Orange juice", category: "beverages", unit: "l", sizes: [1]),
        Food(name: "Coffee", category: "beverages", unit: "g", sizes: [250, 500]),
        Food(name: "Tea", category: "beverages", unit: "piece", sizes: [20, 40]),
        Food(name: "Olive oil", category: "pantry", unit: "ml", sizes: [500, 750]),
        Food(name: "Honey", category: "pantry", unit: "g", sizes: [250, 450]),
        Food(name: "Baking powder", category: "pantry", unit: "g", sizes: [100]),
        Food(name: "Stock cubes", category: "pantry", unit: "piece", sizes: [8, 12]),
        Food(name: "Soy sauce", category: "pantry", unit: "ml", sizes: [150, 250]),
        Food(name: "Tinned tuna", category: "pantry", unit: "can", sizes: [1, 3]),
        Food(name: "Bread", category: "other", unit: "piece", sizes: [1]),
        Food(name: "Tortillas", category: "other", unit: "piece", sizes: [6, 8]),
    ]

    /// Words that make an item a variety of its food ("Organic flour"), which recipes do not find by name.
    private static let varieties = [
        "Organic", "Wholemeal", "Smoked", "Fresh", "Value", "Italian", "Spanish", "Sweet", "Mild", "Large",
    ]
    private static let locations = ["Pantry", "Fridge", "Freezer", "Cellar", "Spice rack"]
    /// Foods recipes ask for that the household never keeps.
    private static let unstocked: [(String, String, Double)] = [
        ("Saffron", "g", 1), ("Lemongrass", "piece", 2), ("Coconut milk", "ml", 400), ("Parmesan", "g", 50),
        ("Basil", "g", 20), ("Ginger", "g", 30), ("Mushrooms", "g", 250), ("Feta", "g", 200),
    ]
    private static let dishes = [
        "Soup", "Stew", "Bake", "Salad", "Curry", "Pie", "Risotto", "Omelette", "Stir-fry", "Pancakes",
    ]
    private static let adjectives = [
        "Quick", "Sunday", "Spicy", "Creamy", "Garden", "Winter", "Summer", "Classic", "Rustic", "Family",
    ]

    /// Seeds a new household of the account behind `token` on the server at `base`.
    func seed(base: String, token: String, progress: (String) -> Void) async throws -> Seeded {
        var random = SplitMix64(seed: 2026)
        let created = try await GraphQLClient.data(
            base: base, token: token,
            query:
                #"mutation { createHousehold(input: {name: "The Hearth household", description: "Benchmark pantry"}) { id } }"#
        )
        guard let householdID = (created["createHousehold"] as? [String: Any])?["id"] as? String else {
            throw LoadError("createHousehold answered no id: \(created)")
        }
        let today = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date())
        let todayDate = DateComponents(
            calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
            year: today.year, month: today.month, day: today.day
        ).date!

        // Items, 50 per operation (one addItem field per item).
        var inputs: [String] = []
        for index in 0..<items {
            let food = Self.foods[index % Self.foods.count]
            let round = index / Self.foods.count
            let name =
                round % 3 == 0
                ? food.name : "\(Self.varieties[(round + index) % Self.varieties.count]) \(food.name.lowercased())"
            let size = food.sizes[Int(random.next() % UInt64(food.sizes.count))]
            // Some packets are part used, a few empty.
            let used = [1.0, 1.0, 1.0, 0.5, 0.25, 0][Int(random.next() % 6)]
            let quantity = (size * used * 100).rounded() / 100
            var fields = [
                "householdId: \(Self.quoted(householdID))", "name: \(Self.quoted(name))", "quantity: \(quantity)",
                "unit: \(Self.quoted(food.unit))", "category: \(food.category)",
                "location: \(Self.quoted(food.category == "frozen" ? "Freezer" : food.category == "dairy" || food.category == "meat" ? "Fridge" : Self.locations[index % Self.locations.count]))",
            ]
            if random.next() % 10 != 0 {
                // Due from ten days ago to two months ahead: some expired, some due soon, most later.
                let offset = Int(random.next() % 71) - 10
                let day = Calendar(identifier: .gregorian).date(byAdding: .day, value: offset, to: todayDate)!
                fields.append("expirationDate: \(Self.quoted(Self.dayText(day)))")
                if random.next() % 3 == 0 { fields.append("dueDateKind: best_before") }
            }
            if random.next() % 5 == 0 { fields.append("minimumQuantity: \(size)") }
            if random.next() % 8 == 0 { fields.append("notes: \(Self.quoted("Bought on offer, batch \(index)"))") }
            inputs.append("i\(index): addItem(input: {\(fields.joined(separator: ", "))}) { id }")
            // Ten to a document: well within the server's limits on aliases (15) and tokens (1,000).
            if inputs.count == 10 || index == items - 1 {
                progress("seeding items: \(index + 1)/\(items)…")
                _ = try await GraphQLClient.data(
                    base: base, token: token, query: "mutation { \(inputs.joined(separator: "\n")) }")
                inputs = []
            }
        }

        // Recipes: three to seven ingredients, most from the stocked foods (some in other units that convert,
        // some not), the rest foods never stocked.
        var recipeIDs: [String] = []
        var recipeInputs: [String] = []
        for index in 0..<recipes {
            let count = 3 + Int(random.next() % 5)
            var ingredients: [String] = []
            var names = Set<String>()
            while ingredients.count < count {
                if random.next() % 5 == 0 {
                    let (name, unit, quantity) = Self.unstocked[Int(random.next() % UInt64(Self.unstocked.count))]
                    guard names.insert(name).inserted else { continue }
                    ingredients.append(
                        "{name: \(Self.quoted(name)), quantity: \(quantity), unit: \(Self.quoted(unit))}")
                } else {
                    let food = Self.foods[Int(random.next() % UInt64(Self.foods.count))]
                    guard names.insert(food.name).inserted else { continue }
                    let (unit, quantity) = Self.recipeAmount(food, &random)
                    // Recipes write names their own way: singular, lower case.
                    let written = random.next() % 2 == 0 ? food.name.lowercased() : food.name
                    ingredients.append(
                        "{name: \(Self.quoted(written)), quantity: \(quantity), unit: \(Self.quoted(unit))}")
                }
            }
            let name =
                "\(Self.adjectives[index % Self.adjectives.count]) \(Self.dishes[(index / Self.adjectives.count + index) % Self.dishes.count].lowercased()) \(index + 1)"
            let difficulty = ["easy", "medium", "hard"][index % 3]
            recipeInputs.append(
                """
                r\(index): addRecipe(input: {householdId: \(Self.quoted(householdID)), name: \(Self.quoted(name)), \
                description: "A dish for the dashboard", ingredients: [\(ingredients.joined(separator: ", "))], \
                instructions: ["Prepare everything.", "Cook it.", "Serve."], prepTime: \(5 + index % 4 * 5), \
                cookTime: \(10 + index % 6 * 10), servings: \(2 + index % 4), difficulty: \(difficulty), tags: ["dinner"]}) { id }
                """)
            if recipeInputs.count == 5 || index == recipes - 1 {
                progress("seeding recipes: \(index + 1)/\(recipes)…")
                let answer = try await GraphQLClient.data(
                    base: base, token: token, query: "mutation { \(recipeInputs.joined(separator: "\n")) }")
                let first = index + 1 - recipeInputs.count
                for number in first...index {
                    guard let id = (answer["r\(number)"] as? [String: Any])?["id"] as? String else {
                        throw LoadError("addRecipe answered no id for r\(number)")
                    }
                    recipeIDs.append(id)
                }
                recipeInputs = []
            }
        }

        // The shopping list: what recipes still need, recipe by recipe, until it has enough lines.
        var lines = 0
        for id in recipeIDs where lines < shoppingLines {
            progress("filling the shopping list: \(lines) lines…")
            let answer = try await GraphQLClient.data(
                base: base, token: token,
                query: "mutation($id: String!) { addMissingIngredients(recipeId: $id) { id } }", variables: ["id": id])
            lines = (answer["addMissingIngredients"] as? [Any])?.count ?? lines
        }
        return Seeded(householdID: householdID, shoppingLines: lines)
    }

    /// How much of `food` a recipe asks for: usually in the food's own unit, sometimes in another that converts
    /// (grams of rice kept in kilograms), now and then in one that does not (cups of flour kept in grams).
    private static func recipeAmount(_ food: Food, _ random: inout SplitMix64) -> (String, Double) {
        let roll = random.next() % 10
        switch food.unit {
        case "g" where roll == 0: return ("cup", 1)
        case "g" where roll < 3: return ("kg", 0.5)
        case "g": return ("g", Double(50 * (1 + Int(random.next() % 8))))
        case "kg": return roll < 5 ? ("g", Double(100 * (1 + Int(random.next() % 6)))) : ("kg", 1)
        case "l": return roll < 5 ? ("ml", Double(100 * (1 + Int(random.next() % 5)))) : ("l", 0.5)
        case "ml": return roll < 3 ? ("tbsp", 2) : ("ml", Double(50 * (1 + Int(random.next() % 4))))
        case "piece", "": return roll == 0 ? ("g", 200) : ("piece", Double(1 + Int(random.next() % 4)))
        default: return (food.unit, 1)
        }
    }

    private static func quoted(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    private static func dayText(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}

/// A small, fast, seeded random number generator (SplitMix64), so every run seeds the same household.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
