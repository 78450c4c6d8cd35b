import Foundation
import HearthCore
import HearthPantryModel
import Testing

@Suite struct ShoppingListTests {
    let ids = IDs()
    let today = day(2025, 3, 10)

    @Test func addsANewLineTrimmedWithACanonicalUnit() throws {
        let list = try ShoppingList.add(
            "  Flour ", quantity: 1, unit: "Kilograms", note: "  organic ", to: [], householdId: "h1", makeId: ids.make)
        #expect(
            list == [
                ShoppingListItem(id: "id1", householdId: "h1", name: "Flour", quantity: 1, unit: "kg", note: "organic")
            ])
        let cans = try ShoppingList.add(
            "Tomatoes", quantity: 2, unit: " Cans ", to: [], householdId: "h1", makeId: ids.make)
        #expect(cans[0].unit == "Cans")
    }

    @Test func mergesIntoAnUncheckedLineOfTheSameFoodInItsUnit() throws {
        var list = [line("Flour", 1, "kg", id: "a", note: "organic")]
        list = try ShoppingList.add(
            "flour", quantity: 250, unit: "g", note: "for bread", to: list, householdId: "h1", makeId: ids.make)
        #expect(list == [line("Flour", 1.25, "kg", id: "a", note: "organic; for bread")])
        list = try ShoppingList.add(
            "Flours", quantity: 0.1, unit: "kg", note: "Organic", to: list, householdId: "h1", makeId: ids.make)
        #expect(list == [line("Flour", 1.35, "kg", id: "a", note: "organic; for bread")])
    }

    @Test func neverMergesIntoCheckedLinesOrAcrossUnitsThatDoNotConvert() throws {
        var list = [line("Milk", 1, "l", id: "bought", checked: true), line("Milk", 2, "cartons", id: "cartons")]
        list = try ShoppingList.add("Milk", quantity: 500, unit: "ml", to: list, householdId: "h1", makeId: ids.make)
        #expect(list.count == 3)
        #expect(list[0] == line("Milk", 1, "l", id: "bought", checked: true))
        #expect(list[1].quantity == 2)
        #expect(list[2] == line("Milk", 500, "ml", id: "id1"))
    }

    @Test func mergingLinesOfDifferentRecipesDropsTheRecipe() throws {
        var list = [line("Eggs", 2, "", id: "a", recipeId: "cake")]
        list = try ShoppingList.add(
            "Egg", quantity: 1, unit: "pcs", recipeId: "cake", to: list, householdId: "h1", makeId: ids.make)
        #expect(list == [line("Eggs", 3, "", id: "a", recipeId: "cake")])
        list = try ShoppingList.add(
            "Egg", quantity: 1, unit: "pcs", recipeId: "omelette", to: list, householdId: "h1", makeId: ids.make)
        #expect(list == [line("Eggs", 4, "", id: "a", recipeId: nil)])
    }

    @Test func refusesEmptyNamesAndQuantitiesNotAboveZero() {
        expectError(.validationFailed, "Shopping list item name cannot be empty") {
            _ = try ShoppingList.add("  ", quantity: 1, unit: "kg", to: [], householdId: "h1", makeId: ids.make)
        }
        for quantity in [0, -1, Double.nan] {
            expectError(.validationFailed, "Shopping list item quantity must be greater than 0") {
                _ = try ShoppingList.add(
                    "Rice", quantity: quantity, unit: "kg", to: [], householdId: "h1", makeId: ids.make)
            }
        }
    }

    @Test func addsOnlyWhatARecipeMisses() {
        let pancakes = recipe(
            "Pancakes", servings: 4, [ing("Flour", 500, "g"), ing("Eggs", 3), ing("Milk", 0.5, "l"), ing("Salt", 0)])
        let stock = [item("Flour", 1, "kg"), item("Egg", 2), item("Milk", 200, "ml")]
        let list = ShoppingList.addMissing(
            of: pancakes, stock: stock, to: [line("Milk", 1, "dl", id: "m")], makeId: ids.make)
        #expect(
            list == [
                line("Milk", 4, "dl", id: "m", recipeId: nil),
                line("Eggs", 1, "piece", id: "id1", recipeId: "pancakes"),
                line("Salt", 1, "piece", id: "id2", recipeId: "pancakes"),
            ])
    }

    @Test func recipeAmountsAreScaledAndRoundedUp() {
        let bread = recipe("Bread", servings: 3, [ing("Flour", 1, "kg")])
        let list = ShoppingList.addMissing(
            of: bread, stock: [item("Flour", 0.5, "kg")], servings: 2, to: [], makeId: ids.make)
        // 2/3 kg needed, 0.5 kg in stock: 0.1666… kg missing, rounded up to 0.17.
        #expect(list == [line("Flour", 0.17, "kg", id: "id1", recipeId: "bread")])
    }

    @Test func ingredientsInStockOnlyInAnotherUnitAreAddedWithANote() {
        let soup = recipe("Soup", [ing("Onion", 200, "g")])
        let list = ShoppingList.addMissing(of: soup, stock: [item("Onions", 3, "pcs")], to: [], makeId: ids.make)
        #expect(
            list == [line("Onion", 200, "g", id: "id1", note: "Some is in stock in another unit", recipeId: "soup")])
    }

    @Test func aCoveredRecipeAddsNothing() {
        let toast = recipe("Toast", [ing("Bread", 2, "slices")])
        #expect(
            ShoppingList.addMissing(of: toast, stock: [item("Bread", 10, "slice")], to: [], makeId: ids.make).isEmpty)
    }

    /// label, quantity, expires in days, minimum, amount to buy
    static let restockCases: [(String, Double, Int?, Double?, Double)] = [
        ("expiring replaces what goes", 2, 3, nil, 2),
        ("expired replaces what went", 1, -2, nil, 1),
        ("below minimum tops up", 1, nil, 5, 4),
        ("expiring and below minimum buys the minimum", 1, 1, 3, 3),
        ("expiring above minimum replaces it all", 4, 0, 3, 4),
        ("fine and stocked needs nothing", 6, 30, 5, 0),
        ("a little below rounds up", 1.333333, nil, 2, 0.67),
        ("empty and below minimum buys the minimum", 0, nil, 2, 2),
    ]

    @Test(arguments: restockCases)
    func restockAmounts(_ label: String, quantity: Double, expiresIn: Int?, minimum: Double?, expected: Double) {
        let food = item("Food", quantity, "kg", expires: expiresIn.map { today.adding(days: $0) }, minimum: minimum)
        #expect(ShoppingList.restockAmount(for: food, on: today) == expected, "\(label)")
    }

    @Test func overdueItemsAreReplacedToo() {
        let rice = item("Rice", 1, "kg", expires: day(2025, 1, 1), kind: .bestBefore)
        #expect(ShoppingList.restockAmount(for: rice, on: today) == 1)
    }

    @Test func restockAddsExpiringAndLowItemsOnceOnly() {
        let stock = [
            item("Milk", 1, "l", expires: today.adding(days: 2)),
            item("Rice", 0.5, "kg", minimum: 2),
            item("Salt", 1, "kg", minimum: 0.5),
            item("Cheese", 0.2, "kg", expires: today.adding(days: 20)),
        ]
        var list = [
            line("Rice", 500, "g", id: "r", checked: true), line("Rice", 1, "kg", id: "cake", recipeId: "cake"),
        ]
        list = ShoppingList.addRestock(from: stock, on: today, to: list, makeId: ids.make)
        #expect(
            list == [
                line("Rice", 500, "g", id: "r", checked: true),
                line("Rice", 2.5, "kg", id: "cake", recipeId: nil),
                line("Milk", 1, "l", id: "id1"),
            ])
        // The rice line now counts (it has no recipe any more), so a second call adds nothing.
        #expect(ShoppingList.addRestock(from: stock, on: today, to: list, makeId: ids.make) == list)
    }

    @Test func restockTopsUpWhatIsAlreadyListed() {
        let stock = [item("Coffee", 100, "g", minimum: 500)]
        let list = ShoppingList.addRestock(
            from: stock, on: today, to: [line("Coffee", 0.25, "kg", id: "c")], makeId: ids.make)
        #expect(list == [line("Coffee", 0.4, "kg", id: "c")])
    }

    @Test func checkingOffBooksAPurchaseInTheStockUnit() throws {
        let list = [line("Milk", 500, "ml", id: "a"), line("Bread", 1, "", id: "b")]
        let milk = item("Milk", 1, "l", location: "Fridge")
        let result = try ShoppingList.checkOff(
            "a", in: list, into: milk, bestBefore: day(2025, 3, 20), bookingId: "bk1", at: now, by: "bo")
        #expect(result.item == line("Milk", 500, "ml", id: "a", checked: true))
        #expect(result.list == [result.item, list[1]])
        #expect(
            result.booking
                == StockBooking(
                    id: "bk1", itemId: "milk", householdId: "h1", kind: .purchase, quantity: 0.5,
                    location: "Fridge", bestBefore: day(2025, 3, 20), createdAt: now, createdBy: "bo"))
        // The booking goes straight into the ledger.
        let state = try StockLedger.apply(
            result.booking, to: StockState(itemId: "milk", unit: "l"), locations: ["Fridge"])
        #expect(state.total == 0.5)
        // A location can be chosen at the till.
        let elsewhere = try ShoppingList.checkOff(
            "a", in: list, into: milk, location: "Pantry", bookingId: "bk2", at: now, by: "bo")
        #expect(elsewhere.booking.location == "Pantry")
    }

    @Test func checkingOffRefusals() {
        let list = [line("Milk", 2, "cartons", id: "a"), line("Eggs", 6, "", id: "b", checked: true)]
        expectError(.notFound, "Shopping list item zz was not found; it may have been removed.") {
            _ = try ShoppingList.checkOff("zz", in: list, into: item("Milk", 1, "l"), bookingId: "x", at: now, by: "bo")
        }
        expectError(.conflict, "Eggs is already checked off.") {
            _ = try ShoppingList.checkOff("b", in: list, into: item("Eggs", 1), bookingId: "x", at: now, by: "bo")
        }
        expectError(
            .validationFailed,
            "Cannot put 2 carton of Milk into stock counted in l; change the unit of the list item or choose another stock item."
        ) {
            _ = try ShoppingList.checkOff("a", in: list, into: item("Milk", 1, "l"), bookingId: "x", at: now, by: "bo")
        }
        expectError(.validationFailed, "Milk belongs to another household than this shopping list.") {
            _ = try ShoppingList.checkOff(
                "a", in: list, into: item("Milk", 1, "cartons", household: "h2"), bookingId: "x", at: now, by: "bo")
        }
    }

    @Test func findsTheStockItemALineGoesInto() {
        let stock = [
            item("Milk", 1, "cartons", id: "cartons"), item("Milk", 1, "l", id: "litres"),
            item("Milk", 1, "l", id: "other", household: "h2"),
        ]
        #expect(ShoppingList.stockItem(for: line("milk", 500, "ml", id: "a"), in: stock)?.id == "litres")
        #expect(ShoppingList.stockItem(for: line("Milk", 1, "carton", id: "a"), in: stock)?.id == "cartons")
        #expect(ShoppingList.stockItem(for: line("Milk", 1, "kg", id: "a"), in: stock) == nil)
    }
}
