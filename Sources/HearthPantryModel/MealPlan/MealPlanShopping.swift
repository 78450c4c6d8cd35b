public import HearthCore

/// What a meal plan still needs bought: every planned recipe's ingredients scaled to the entry's servings, summed
/// per food, less what is in stock and what is already on the shopping list.
///
/// Amounts of one food are summed in the unit it is first needed in, converted by ``Units`` within mass and
/// volume and between them through ``FoodDensity`` (2 cups of flour and 100 g of flour make 850 g or 6.8 cups).
/// Amounts that do not convert into each other (3 cans and 500 g of tomatoes) are kept apart. Stock and
/// unchecked list lines of the food count against the need when their unit converts; each is counted once
/// across the whole plan. So working the same plan out again against the list it produced needs nothing.
///
/// An amount is asked for in the name and unit of the list line it merges into, else of the stock item it tops
/// up, else of the recipe. An amount whose unit compares with nothing in stock while the food is there in another unit
/// is asked for in full, noted so. An ingredient without an amount ("salt, to taste") is asked for once, as one
/// piece, only when the food is neither in stock nor on the list.
///
/// ```swift
/// // Pancakes serve 4 and need 2 cups of flour; planned twice for 6, with 500 g of flour in stock:
/// MealPlanShopping.needs(for: plan, recipes: [pancakes], stock: [flour500g], list: [], today: day)
/// // [ShoppingNeed(name: "flour", quantity: 250, unit: "g")]   // 6 cups = 750 g, less 500 g
/// ```
public enum MealPlanShopping {
    /// What `entries` still need bought; entries whose recipe is not in `recipes` are left out.
    ///
    /// - Parameters:
    ///   - stock: the household's items; empty items and (with `today`) expired ones do not count.
    ///   - list: the household's shopping list; only unchecked lines count.
    public static func needs(
        for entries: [MealPlanEntry], recipes: [Recipe], stock: [PantryItem], list: [ShoppingListItem],
        today: CalendarDay?
    ) -> [ShoppingNeed] {
        let byId = Dictionary(recipes.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var order: [String] = []
        var buckets: [String: [Bucket]] = [:]
        for entry in entries.sorted(by: MealPlanEntry.planOrder) {
            guard let recipe = byId[entry.recipeId] else { continue }
            for ingredient in MealPlanRules.ingredients(of: recipe, servings: entry.servings) {
                let key = FoodName.key(ingredient.name)
                guard !key.isEmpty else { continue }
                if buckets[key] == nil { order.append(key) }
                let quantity = ingredient.quantity.isFinite ? max(0, ingredient.quantity) : 0
                let unit = Units.unit(ingredient.unit)
                var list = buckets[key] ?? []
                if quantity <= Amount.epsilon {
                    if !list.contains(where: { $0.quantity == 0 }) {
                        list.append(Bucket(name: ingredient.name, unit: unit, written: ingredient.unit, quantity: 0))
                    }
                } else if let index = list.firstIndex(where: {
                    $0.quantity > 0 && Units.convert(quantity, from: unit, to: $0.unit, food: ingredient.name) != nil
                }), let converted = Units.convert(quantity, from: unit, to: list[index].unit, food: ingredient.name) {
                    list[index].quantity = Amount.clean(list[index].quantity + converted)
                } else {
                    list.append(Bucket(name: ingredient.name, unit: unit, written: ingredient.unit, quantity: quantity))
                }
                buckets[key] = list
            }
        }

        var stockLeft = Pool(
            stock.filter { item in
                guard item.quantity > Amount.epsilon else { return false }
                guard let today, item.dueDateKind == .expiration,
                    let days = ExpiryStatus.daysUntilDue(item, on: today)
                else { return true }
                return days >= 0
            }.map { Pool.Entry(id: $0.id, name: $0.name, amount: $0.quantity, unit: $0.unit) })
        var listLeft = Pool(
            list.filter { !$0.checked && $0.quantity > Amount.epsilon }.map {
                Pool.Entry(id: $0.id, name: $0.name, amount: $0.quantity, unit: $0.unit)
            })

        var needs: [ShoppingNeed] = []
        for key in order {
            let foodBuckets = buckets[key] ?? []
            for bucket in foodBuckets where bucket.quantity > 0 {
                let line = listLeft.first(key, convertingTo: bucket.unit, food: bucket.name)
                let item = stockLeft.first(key, convertingTo: bucket.unit, food: bucket.name)
                var need = bucket.quantity
                need = stockLeft.take(need, in: bucket.unit, key: key, food: bucket.name)
                need = listLeft.take(need, in: bucket.unit, key: key, food: bucket.name)
                guard need > 1e-6 else { continue }
                let target = line ?? item
                let unitText = target?.unit ?? (bucket.unit.dimension == .other ? bucket.written : bucket.unit.symbol)
                let amount =
                    target.flatMap {
                        Units.convert(need, from: bucket.unit, to: Units.unit($0.unit), food: bucket.name)
                    } ?? need
                let inOtherUnit = item == nil && stockLeft.hasAny(key)
                needs.append(
                    ShoppingNeed(
                        name: line?.name ?? item?.name ?? bucket.name, quantity: Amount.roundedUp(amount, places: 2),
                        unit: unitText,
                        note: inOtherUnit ? "In stock in another unit" : nil, lineId: line?.id))
            }
            if foodBuckets.contains(where: { $0.quantity == 0 }), !foodBuckets.contains(where: { $0.quantity > 0 }),
                !stockLeft.hasAny(key), !listLeft.hasAny(key)
            {
                let bucket = foodBuckets[0]
                needs.append(ShoppingNeed(name: bucket.name, quantity: 1, unit: Units.piece, note: "To taste"))
            }
        }
        return needs
    }

    /// One food's need in one unit.
    struct Bucket {
        let name: String
        let unit: MeasurementUnit
        let written: String
        var quantity: Double
    }

    /// Stock items or list lines, with what is left of each as needs draw on them, by food.
    struct Pool {
        struct Entry {
            let id: String
            let name: String
            var amount: Double
            let unit: String
        }

        var byFood: [String: [Entry]]

        init(_ entries: [Entry]) {
            byFood = Dictionary(grouping: entries, by: { FoodName.key($0.name) })
        }

        /// The first entry of the food whose unit converts into `unit`, drawn on or not.
        func first(_ key: String, convertingTo unit: MeasurementUnit, food: String) -> Entry? {
            byFood[key]?.first { Units.convert(from: Units.unit($0.unit), to: unit, food: food) }
        }

        /// Whether anything of the food is there, in any unit.
        func hasAny(_ key: String) -> Bool {
            byFood[key]?.contains { $0.amount > Amount.epsilon } ?? false
        }

        /// Draws up to `need` (in `unit`) from the food's entries in order; returns what is still needed.
        mutating func take(_ need: Double, in unit: MeasurementUnit, key: String, food: String) -> Double {
            guard var entries = byFood[key] else { return need }
            var remaining = need
            for index in entries.indices where remaining > Amount.epsilon {
                let entryUnit = Units.unit(entries[index].unit)
                guard entries[index].amount > Amount.epsilon,
                    let available = Units.convert(entries[index].amount, from: entryUnit, to: unit, food: food)
                else { continue }
                let taken = min(available, remaining)
                remaining = Amount.clean(remaining - taken)
                let takenThere = Units.convert(taken, from: unit, to: entryUnit, food: food) ?? entries[index].amount
                entries[index].amount = Amount.clean(max(0, entries[index].amount - takenThere))
            }
            byFood[key] = entries
            return remaining
        }
    }
}
