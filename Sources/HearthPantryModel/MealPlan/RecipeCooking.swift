public import HearthCore

/// What cooking a recipe takes from stock: each ingredient, scaled to the servings cooked, drawn from the items of
/// the same food whose unit converts (through ``FoodDensity`` between mass and volume), earliest due first, never
/// more than an item holds. Whatever the stock cannot give is a ``CookingShortfall``.
///
/// ```swift
/// let plan = RecipeCooking.plan(pancakes, servings: 6, stock: items)
/// plan.draws       // [CookingDraw(itemId: "flour", name: "Flour", quantity: 375, unit: "g")]
/// plan.shortfalls  // [CookingShortfall(name: "eggs", quantity: 1, unit: "piece", reason: "not enough in stock")]
/// ```
public enum RecipeCooking {
    /// The draws on stock, one per item (ingredients drawing on the same item are summed), and the shortfalls.
    public struct Plan: Sendable, Hashable {
        public let draws: [CookingDraw]
        public let shortfalls: [CookingShortfall]
    }

    /// What cooking `recipe` for `servings` takes from `stock`. Ingredients without an amount take nothing.
    public static func plan(_ recipe: Recipe, servings: Int, stock: [PantryItem]) -> Plan {
        let usable = stock.enumerated().filter { $0.element.quantity > Amount.epsilon }
            .sorted {
                ($0.element.expirationDate?.dayNumber ?? .max, $0.offset)
                    < ($1.element.expirationDate?.dayNumber ?? .max, $1.offset)
            }.map(\.element)
        var left = Dictionary(usable.map { ($0.id, $0.quantity) }, uniquingKeysWith: { a, _ in a })
        var drawn: [String: Double] = [:]
        var drawOrder: [PantryItem] = []
        var shortfalls: [CookingShortfall] = []
        for ingredient in MealPlanRules.ingredients(of: recipe, servings: servings) {
            let needed = ingredient.quantity.isFinite ? max(0, ingredient.quantity) : 0
            guard needed > Amount.epsilon else { continue }
            let wanted = Units.unit(ingredient.unit)
            let food = usable.filter { FoodName.matches($0.name, ingredient.name) }
            var remaining = needed
            for item in food where remaining > Amount.epsilon {
                let unit = Units.unit(item.unit)
                let pool = left[item.id] ?? 0
                guard pool > Amount.epsilon,
                    let available = Units.convert(pool, from: unit, to: wanted, food: ingredient.name)
                else { continue }
                let taken = min(available, remaining)
                remaining = Amount.clean(remaining - taken)
                let takenThere =
                    taken >= available - Amount.epsilon
                    ? pool : min(pool, Units.convert(taken, from: wanted, to: unit, food: ingredient.name) ?? pool)
                left[item.id] = Amount.clean(pool - takenThere)
                if drawn[item.id] == nil { drawOrder.append(item) }
                drawn[item.id] = Amount.clean((drawn[item.id] ?? 0) + takenThere)
            }
            if remaining > 1e-6 {
                let reason =
                    food.isEmpty
                    ? "not in stock"
                    : food.contains { Units.convert(from: Units.unit($0.unit), to: wanted, food: ingredient.name) }
                        ? "not enough in stock" : "in stock only in a unit that does not convert"
                shortfalls.append(
                    CookingShortfall(
                        name: ingredient.name, quantity: Amount.clean(remaining), unit: ingredient.unit, reason: reason)
                )
            }
        }
        let draws = drawOrder.compactMap { item -> CookingDraw? in
            guard let quantity = drawn[item.id], quantity > Amount.epsilon else { return nil }
            return CookingDraw(itemId: item.id, name: item.name, quantity: quantity, unit: item.unit)
        }
        return Plan(draws: draws, shortfalls: shortfalls)
    }
}
