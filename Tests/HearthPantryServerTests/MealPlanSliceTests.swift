import Foundation
import GraphQL
import HearthCore
import HearthPantryModel
import HearthTestSupport
import Testing

@testable import HearthPantryServer

@Suite("The meal plan over GraphQL: planned meals, the shopping they need, and cooking from stock undone in one step")
struct MealPlanSliceTests {
    static let addRecipe = """
        mutation($h: String!, $name: String!, $servings: Int, $ingredients: [IngredientInput!]!) {
          addRecipe(input: {householdId: $h, name: $name, ingredients: $ingredients, servings: $servings}) { id }
        }
        """
    static let plan = """
        mutation($h: String!, $day: String!, $meal: Meal!, $r: String!, $s: Int, $note: String) {
          addMealPlanEntry(householdId: $h, day: $day, meal: $meal, recipeId: $r, servings: $s, note: $note) {
            id day meal recipeId servings note
          }
        }
        """
    static let list =
        "query($h: String!, $f: String!, $t: String!) { mealPlan(householdId: $h, from: $f, to: $t) { id day meal servings } }"
    static let shop = """
        mutation($h: String!, $f: String!, $t: String!) {
          addMissingIngredientsToShoppingList(householdId: $h, from: $f, to: $t) { name quantity unit note lineId }
        }
        """
    static let shoppingList = "query($h: String!) { shoppingList(householdId: $h) { id name quantity unit note } }"
    static let cook = """
        mutation($h: String!, $r: String!, $s: Int) {
          cookRecipe(householdId: $h, recipeId: $r, servings: $s) {
            id servings undone consumed { itemId name quantity unit } shortfalls { name quantity unit reason }
          }
        }
        """
    static let undo = "mutation($c: String!) { undoCooking(id: $c) { id undone consumed { quantity } } }"
    static let items = "query($h: String!) { items(householdId: $h) { name quantity unit } }"

    static func ingredient(_ name: String, _ quantity: Double, _ unit: String) -> Map {
        RecipeSliceTests.ingredient(name, quantity, unit)
    }

    /// A household with Pancakes (serves 4: 2 cups flour, 300 ml milk, 2 eggs, 1 can tomatoes, salt to taste) and
    /// 500 g of flour and 400 g of tomatoes in stock.
    static func kitchen(_ pantry: Pantry) async throws -> (
        owner: PantryViewer, member: PantryViewer, household: Household, recipe: String, flour: String
    ) {
        let owner = try await pantry.user("owner")
        let member = try await pantry.user("member")
        let household = try await pantry.household("Home", owner: owner, members: [(member, .member)])
        let (flour, _) = try await pantry.stockedItem("Flour", grams: 500, in: household)
        _ = try await pantry.stockedItem("Tomatoes", grams: 400, in: household)
        let recipe = try #require(
            try await pantry.data(
                Self.addRecipe, as: owner,
                [
                    "h": .string(household.id), "name": "Pancakes", "servings": 4,
                    "ingredients": [
                        Self.ingredient("Flour", 2, "cup"), Self.ingredient("Milk", 300, "ml"),
                        Self.ingredient("Eggs", 2, ""), Self.ingredient("Tomatoes", 1, "can"),
                        Self.ingredient("Salt", 0, ""),
                    ],
                ])["addRecipe", "id"].text)
        return (owner, member, household, recipe, flour)
    }

    @Test(
        "two meals for 6 of a recipe for 4 need 6 cups of flour, 750 g: with 500 g in stock 250 g go on the list, once",
        arguments: DatabaseKind.allCases)
    func shopping(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let (owner, member, household, recipe, _) = try await Self.kitchen(pantry)
            let h = Map.string(household.id)
            for (day, meal) in [("2026-11-23", "dinner"), ("2026-11-25", "lunch")] {
                let added = try await pantry.data(
                    Self.plan, as: member,
                    ["h": h, "day": .string(day), "meal": .string(meal), "r": .string(recipe), "s": 6])
                #expect(added["addMealPlanEntry", "servings"] == 6)
            }
            // Outside the week: not shopped for.
            _ = try await pantry.data(
                Self.plan, as: owner, ["h": h, "day": "2026-12-01", "meal": "breakfast", "r": .string(recipe)])
            // Milk already on the list counts, and the rest is merged into its line.
            let milk = try #require(
                try await pantry.data(
                    "mutation($h: String!) { addShoppingItem(householdId: $h, name: \"Milk\", quantity: 400, unit: \"ml\") { id } }",
                    as: owner, ["h": h])["addShoppingItem", "id"].text)

            let week = ["h": h, "f": "2026-11-23", "t": "2026-11-29"] as [String: Map]
            let planned = try await pantry.data(Self.list, as: member, week)["mealPlan"].elements
            #expect(planned.map { $0["day"] } == ["2026-11-23", "2026-11-25"])
            #expect(planned.map { $0["meal"] } == ["dinner", "lunch"])

            let added = try await pantry.data(Self.shop, as: member, week)["addMissingIngredientsToShoppingList"]
            // Flour: 2 cups × 6/4 × 2 = 6 cups = 750 g, less 500 g. Milk: 300 ml × 3 = 900 ml, less the 400 ml listed.
            // Eggs: 2 × 3 = 6. Tomatoes: 3 cans, in stock only in grams. Salt: to taste, none in stock.
            let lines = added.elements.map {
                [$0["name"], $0["quantity"], $0["unit"], $0["note"]]
            }
            #expect(
                lines == [
                    ["Flour", 250, "g", .null], ["Milk", 500, "ml", .null], ["Eggs", 6, "piece", .null],
                    ["Tomatoes", 3, "can", "In stock in another unit"], ["Salt", 1, "piece", "To taste"],
                ])
            #expect(added.elements[1]["lineId"].text == milk)
            let stored = try await pantry.data(Self.shoppingList, as: owner, ["h": h])["shoppingList"].elements
            #expect(
                stored.map { [$0["name"], $0["quantity"], $0["unit"]] } == [
                    ["Milk", 900, "ml"], ["Flour", 250, "g"], ["Eggs", 6, "piece"], ["Tomatoes", 3, "can"],
                    ["Salt", 1, "piece"],
                ])

            // Running it again adds nothing, and leaves the list as it was.
            let again = try await pantry.data(Self.shop, as: owner, week)["addMissingIngredientsToShoppingList"]
            #expect(again.elements.isEmpty)
            let after = try await pantry.data(Self.shoppingList, as: owner, ["h": h])["shoppingList"].elements
            #expect(after == stored)
        }
    }

    @Test(
        "cooking books the consumption converted into the stock's unit, never below zero, and undo restores it exactly",
        arguments: DatabaseKind.allCases)
    func cookAndUndo(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let (owner, member, household, recipe, flour) = try await Self.kitchen(pantry)
            let h = Map.string(household.id)
            _ = try await pantry.data(
                "mutation($i: String!) { consume(itemId: $i, quantity: 0.5) { quantity } }", as: owner,
                ["i": .string(flour)])
            let before = try await pantry.data(Self.items, as: owner, ["h": h])["items"]
            #expect(before.elements.map { [$0["name"], $0["quantity"]] } == [["Flour", 499.5], ["Tomatoes", 400]])

            // 2 cups of flour × 2 (8 servings of a recipe for 4) = 4 cups = 500 g; only 499.5 g are there.
            let cooked = try await pantry.data(Self.cook, as: member, ["h": h, "r": .string(recipe), "s": 8])[
                "cookRecipe"]
            #expect(cooked["servings"] == 8 && cooked["undone"] == false)
            #expect(
                cooked["consumed"] == [["itemId": .string(flour), "name": "Flour", "quantity": 499.5, "unit": "g"]])
            #expect(
                cooked["shortfalls"] == [
                    ["name": "Flour", "quantity": 0.004, "unit": "cup", "reason": "not enough in stock"],
                    ["name": "Milk", "quantity": 600, "unit": "ml", "reason": "not in stock"],
                    ["name": "Eggs", "quantity": 4, "unit": "", "reason": "not in stock"],
                    [
                        "name": "Tomatoes", "quantity": 2, "unit": "can",
                        "reason": "in stock only in a unit that does not convert",
                    ],
                ])
            let emptied = try await pantry.data(Self.items, as: owner, ["h": h])["items"]
            #expect(emptied.elements.map { [$0["name"], $0["quantity"]] } == [["Flour", 0], ["Tomatoes", 400]])

            let id = try #require(cooked["id"].text)
            let undone = try await pantry.data(Self.undo, as: owner, ["c": .string(id)])["undoCooking"]
            #expect(undone["undone"] == true)
            let restored = try await pantry.data(Self.items, as: owner, ["h": h])["items"]
            #expect(restored == before)
            // The stock ledger keeps every booking: the purchase, the hand-made consumption, the cooking's, its undo.
            #expect(try await pantry.store.bookings(ofItems: [flour])[flour]?.count == 4)

            let twice = await pantry.run(Self.undo, as: owner, ["c": .string(id)])
            #expect(twice.errors.first?.message.contains("already undone") == true)
            #expect(try await pantry.data(Self.items, as: owner, ["h": h])["items"] == before)
        }
    }

    @Test(
        "strangers, bad ranges, other households' recipes, bad servings and deleted recipes are refused, nothing stored",
        arguments: DatabaseKind.allCases)
    func hostile(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let (owner, _, household, recipe, _) = try await Self.kitchen(pantry)
            let stranger = try await pantry.user("stranger")
            let h = Map.string(household.id)
            let entry: [String: Map] = ["h": h, "day": "2026-11-23", "meal": "dinner", "r": .string(recipe)]

            // A stranger learns nothing: the household is not found, for every field.
            let strangerPlan = await pantry.run(Self.plan, as: stranger, entry)
            #expect(strangerPlan.errors.first?.message == "Household \(household.id) was not found.")
            let strangerRead = await pantry.run(
                Self.list, as: stranger, ["h": h, "f": "2026-11-23", "t": "2026-11-29"])
            #expect(strangerRead.errors.first?.message == "Household \(household.id) was not found.")
            let strangerCook = await pantry.run(Self.cook, as: stranger, ["h": h, "r": .string(recipe)])
            #expect(strangerCook.errors.first?.message == "Household \(household.id) was not found.")
            let strangerShop = await pantry.run(
                Self.shop, as: stranger, ["h": h, "f": "2026-11-23", "t": "2026-11-29"])
            #expect(strangerShop.errors.first?.message == "Household \(household.id) was not found.")
            let anonymous = await pantry.run(Self.plan, as: nil, entry)
            #expect(anonymous.errors.first?.extensions["code"] == "UNAUTHENTICATED")

            // Ranges: at most 366 days, in order, real days.
            let long = await pantry.run(Self.list, as: owner, ["h": h, "f": "2026-01-01", "t": "2027-01-02"])
            #expect(
                long.errors.first?.message
                    == "The range 2026-01-01 to 2027-01-02 is 367 days; ask for at most 366 days at a time.")
            let backwards = await pantry.run(Self.shop, as: owner, ["h": h, "f": "2026-11-29", "t": "2026-11-23"])
            #expect(backwards.errors.first?.message == "to (2026-11-23) comes before from (2026-11-29); swap them.")
            let notADay = await pantry.run(Self.list, as: owner, ["h": h, "f": "2026-02-30", "t": "2026-03-01"])
            #expect(
                notADay.errors.first?.message
                    == "from must be a day written YYYY-MM-DD, such as 2026-11-23; it is \"2026-02-30\".")

            // Servings: 1 to 1000.
            for servings in [0, -3, 1001, Int(Int32.max)] {
                var asked = entry
                asked["s"] = .number(Number(servings))
                let refused = await pantry.run(Self.plan, as: owner, asked)
                #expect(
                    refused.errors.first?.message == "servings must be between 1 and 1000; it is \(servings).")
                let cook = await pantry.run(
                    Self.cook, as: owner, ["h": h, "r": .string(recipe), "s": .number(Number(servings))])
                #expect(cook.errors.first?.message == "servings must be between 1 and 1000; it is \(servings).")
            }

            // Another household's recipe is not found, for planning and for cooking.
            let elsewhere = try await pantry.household("Elsewhere", owner: stranger)
            let foreign = try #require(
                try await pantry.data(
                    Self.addRecipe, as: stranger,
                    [
                        "h": .string(elsewhere.id), "name": "Soup", "servings": 2,
                        "ingredients": [Self.ingredient("Water", 1, "l")],
                    ])["addRecipe", "id"]
                    .text)
            var foreignEntry = entry
            foreignEntry["r"] = .string(foreign)
            let planForeign = await pantry.run(Self.plan, as: owner, foreignEntry)
            #expect(planForeign.errors.first?.message == "Recipe \(foreign) was not found.")
            let cookForeign = await pantry.run(Self.cook, as: owner, ["h": h, "r": .string(foreign)])
            #expect(cookForeign.errors.first?.message == "Recipe \(foreign) was not found.")

            // Nothing was stored by any of the refusals.
            let week: [String: Map] = ["h": h, "f": "2026-01-01", "t": "2026-12-31"]
            #expect(try await pantry.data(Self.list, as: owner, week)["mealPlan"].elements.isEmpty)
            #expect(try await pantry.data(Self.shoppingList, as: owner, ["h": h])["shoppingList"].elements.isEmpty)

            // A deleted recipe takes its planned meals with it and can no longer be planned or cooked.
            let planned = try await pantry.data(Self.plan, as: owner, entry)["addMealPlanEntry"]
            #expect(planned["servings"] == 4)
            _ = try await pantry.data(
                "mutation($r: String!) { deleteRecipe(id: $r) }", as: owner, ["r": .string(recipe)])
            #expect(try await pantry.data(Self.list, as: owner, week)["mealPlan"].elements.isEmpty)
            let planDeleted = await pantry.run(Self.plan, as: owner, entry)
            #expect(planDeleted.errors.first?.message == "Recipe \(recipe) was not found.")
            let cookDeleted = await pantry.run(Self.cook, as: owner, ["h": h, "r": .string(recipe)])
            #expect(cookDeleted.errors.first?.message == "Recipe \(recipe) was not found.")
            let removeGone = await pantry.run(
                "mutation($id: String!) { removeMealPlanEntry(id: $id) }", as: owner, ["id": planned["id"]])
            #expect(removeGone.errors.first?.message == "Meal plan entry \(planned["id"].text ?? "") was not found.")
        }
    }

    @Test("an entry is changed and removed by a member; a stranger cannot touch it", arguments: DatabaseKind.allCases)
    func editing(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let (owner, member, household, recipe, _) = try await Self.kitchen(pantry)
            let stranger = try await pantry.user("stranger")
            let h = Map.string(household.id)
            let entry = try await pantry.data(
                Self.plan, as: owner,
                ["h": h, "day": "2026-11-23", "meal": "dinner", "r": .string(recipe), "note": " Double batch "])[
                    "addMealPlanEntry"]
            #expect(entry["note"] == "Double batch" && entry["servings"] == 4)
            let update = """
                mutation($id: String!, $s: Int, $meal: Meal, $note: String) {
                  updateMealPlanEntry(id: $id, servings: $s, meal: $meal, note: $note) { day meal servings note }
                }
                """
            let refused = await pantry.run(update, as: stranger, ["id": entry["id"], "s": 2])
            #expect(refused.errors.first?.message == "Meal plan entry \(entry["id"].text ?? "") was not found.")
            let changed = try await pantry.data(
                update, as: member, ["id": entry["id"], "s": 2, "meal": "lunch", "note": ""])["updateMealPlanEntry"]
            #expect(changed == ["day": "2026-11-23", "meal": "lunch", "servings": 2, "note": .null])
            let strangerRemove = await pantry.run(
                "mutation($id: String!) { removeMealPlanEntry(id: $id) }", as: stranger, ["id": entry["id"]])
            #expect(strangerRemove.errors.first != nil)
            let removed = try await pantry.data(
                "mutation($id: String!) { removeMealPlanEntry(id: $id) }", as: member, ["id": entry["id"]])
            #expect(removed["removeMealPlanEntry"] == true)
            let week: [String: Map] = ["h": h, "f": "2026-11-23", "t": "2026-11-29"]
            #expect(try await pantry.data(Self.list, as: owner, week)["mealPlan"].elements.isEmpty)
        }
    }

    @Test(
        "cooking a planned meal takes its servings; an entry of another recipe and an overlong note are refused",
        arguments: DatabaseKind.allCases)
    func cookFromPlan(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let (owner, _, household, recipe, flour) = try await Self.kitchen(pantry)
            let h = Map.string(household.id)
            let entry = try await pantry.data(
                Self.plan, as: owner, ["h": h, "day": "2026-11-23", "meal": "breakfast", "r": .string(recipe), "s": 2])[
                    "addMealPlanEntry", "id"]
            let long = await pantry.run(
                Self.plan, as: owner,
                [
                    "h": h, "day": "2026-11-23", "meal": "lunch", "r": .string(recipe),
                    "note": .string(String(repeating: "n", count: 2001)),
                ])
            #expect(long.errors.first?.message == "note is 2001 characters; keep it to 2000.")
            let other = try #require(
                try await pantry.data(
                    Self.addRecipe, as: owner,
                    ["h": h, "name": "Toast", "servings": 1, "ingredients": [Self.ingredient("Bread", 2, "")]])[
                        "addRecipe", "id"
                    ].text)
            let fromPlan = """
                mutation($h: String!, $r: String!, $e: String) {
                  cookRecipe(householdId: $h, recipeId: $r, mealPlanEntryId: $e) { servings mealPlanEntryId consumed { itemId quantity } }
                }
                """
            let mismatched = await pantry.run(fromPlan, as: owner, ["h": h, "r": .string(other), "e": entry])
            #expect(
                mismatched.errors.first?.message
                    == "Meal plan entry \(entry.text ?? "") is not for Toast in this household; give the entry's own recipe."
            )
            // 2 of 4 servings: 1 cup of flour, 125 g.
            let cooked = try await pantry.data(fromPlan, as: owner, ["h": h, "r": .string(recipe), "e": entry])[
                "cookRecipe"]
            #expect(cooked["servings"] == 2 && cooked["mealPlanEntryId"] == entry)
            #expect(cooked["consumed"] == [["itemId": .string(flour), "quantity": 125]])
        }
    }

    @Test(
        "a database made before the meal plan gains its tables when migrated, its data kept",
        arguments: DatabaseKind.allCases)
    func migration(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let (owner, _, household, recipe, _) = try await Self.kitchen(pantry)
            for table in ["pantry_cooking_bookings", "pantry_cookings", "pantry_meal_plan"] {
                try await pantry.execute("DROP TABLE \(table)")
            }
            try await pantry.store.migrate()
            try await pantry.store.migrate()
            #expect(try await pantry.store.recipe(id: recipe)?.name == "Pancakes")
            let planned = try await pantry.data(
                Self.plan, as: owner,
                ["h": .string(household.id), "day": "2026-11-23", "meal": "snack", "r": .string(recipe), "s": 2])
            #expect(planned["addMealPlanEntry", "meal"] == "snack")
        }
    }
}
