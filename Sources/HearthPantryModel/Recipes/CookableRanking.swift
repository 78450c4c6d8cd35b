public import HearthCore

/// "What can I cook with what I have": recipes ranked by how much of their ingredients the stock covers.
///
/// Ingredients find stock by food name (``FoodName``: case, accents and simple plurals ignored) and count by
/// amount, converted between units where ``Units`` can (1 kg of flour covers 500 g). Stock in a unit that does
/// not convert counts for nothing and is reported as a ``IngredientCoverage/Status/unitMismatch``. Within one
/// recipe, stock used by one ingredient is not counted again for another; the earliest-due stock is used
/// first. Empty and (when `today` is given) expired items are left out.
///
/// ```swift
/// let ranked = CookableRanking.rank(recipes, stock: items, servings: 4)
/// ranked.first?.recipe.name      // the recipe most covered
/// ranked.first?.missing          // what is still needed, ingredient by ingredient
/// ```
public enum CookableRanking {
    /// `recipes` ordered by ``RecipeCoverage/coverage``, highest first; equal coverage goes by name (ignoring case
    /// and accents), then id, then the given order.
    ///
    /// - Parameters:
    ///   - servings: scale every recipe that states its servings to this many; nil keeps the recipes' amounts.
    ///   - today: when given, items expired on that day do not count.
    public static func rank(_ recipes: [Recipe], stock: [PantryItem], servings: Int? = nil, today: CalendarDay? = nil)
        -> [RecipeCoverage]
    {
        rank(recipes, index: StockIndex(stock, today: today), servings: servings)
    }

    /// `recipes` ranked against a stock already worked out (see ``StockIndex``), as ``rank(_:stock:servings:today:)`` ranks them.
    public static func rank(_ recipes: [Recipe], index: StockIndex, servings: Int? = nil) -> [RecipeCoverage] {
        let scored = recipes.enumerated().map {
            (
                offset: $0.offset, folded: TextSearch.fold($0.element.name),
                result: index.coverage(of: $0.element, servings: servings)
            )
        }
        return scored.sorted { lhs, rhs in
            let l = lhs.result
            let r = rhs.result
            if abs(l.coverage - r.coverage) > Amount.epsilon { return l.coverage > r.coverage }
            if lhs.folded != rhs.folded { return lhs.folded < rhs.folded }
            if l.recipe.name != r.recipe.name { return l.recipe.name < r.recipe.name }
            if l.recipe.id != r.recipe.id { return l.recipe.id < r.recipe.id }
            return lhs.offset < rhs.offset
        }.map(\.result)
    }

    /// How much of `recipe` (scaled to `servings` when it states its own) `stock` covers.
    public static func coverage(of recipe: Recipe, stock: [PantryItem], servings: Int? = nil, today: CalendarDay? = nil)
        -> RecipeCoverage
    {
        StockIndex(stock, today: today).coverage(of: recipe, servings: servings)
    }

    /// The stock as recipes draw on it, worked out once for every recipe ranked: the usable items (not empty,
    /// not expired), earliest due first, by food. A server keeps one while the items and the day stay the same.
    public struct StockIndex: Sendable {
        /// Usable items by ``FoodName/key(_:)``, earliest due first, undated last, then the given order, each
        /// with its unit read once.
        let byFood: [String: [StockedItem]]

        /// The usable part of `stock`; with `today`, items expired on that day are left out.
        public init(_ stock: [PantryItem], today: CalendarDay?) {
            // The usable items by position, each with its due day as a number (undated last), so sorting moves
            // two integers rather than whole items.
            var usable: [(due: Int, offset: Int)] = []
            usable.reserveCapacity(stock.count)
            for (offset, item) in stock.enumerated() where item.quantity > Amount.epsilon {
                if let today, item.dueDateKind == .expiration, let days = ExpiryStatus.daysUntilDue(item, on: today),
                    days < 0
                {
                    continue  // expired
                }
                usable.append((item.expirationDate?.dayNumber ?? .max, offset))
            }
            // Earliest due first, undated last, then the given order.
            usable.sort { ($0.due, $0.offset) < ($1.due, $1.offset) }
            // Many items share a name and most share a unit: each is read once.
            var keys: [String: String] = [:]
            var units: [String: MeasurementUnit] = [:]
            var byFood: [String: [StockedItem]] = [:]
            for (_, offset) in usable {
                let item = stock[offset]
                let key = keys[item.name] ?? FoodName.key(item.name)
                keys[item.name] = key
                let unit = units[item.unit] ?? Units.unit(item.unit)
                units[item.unit] = unit
                byFood[key, default: []].append(StockedItem(id: item.id, quantity: item.quantity, unit: unit))
            }
            self.byFood = byFood
        }

        /// How much of `recipe` (scaled to `servings` when it states its own) the stock covers; within the
        /// recipe, stock one ingredient uses is not counted again for another.
        func coverage(of recipe: Recipe, servings: Int?) -> RecipeCoverage {
            // What this recipe's ingredients have left of the items they drew on; untouched items have all of theirs.
            var left: [String: Double] = [:]
            let covered = recipe.ingredients(forServings: servings).map { ingredient in
                CookableRanking.cover(ingredient, from: byFood[FoodName.key(ingredient.name)] ?? [], left: &left)
            }
            let scaledTo = (servings ?? 0) > 0 && (recipe.servings ?? 0) > 0 ? servings : nil
            return RecipeCoverage(recipe: recipe, servings: scaledTo, ingredients: covered)
        }
    }

    /// What a recipe draws on of a usable item: its id, its quantity and the unit that counts in.
    struct StockedItem: Sendable {
        let id: String
        let quantity: Double
        let unit: MeasurementUnit
    }

    fileprivate static func cover(_ ingredient: Ingredient, from stocked: [StockedItem], left: inout [String: Double])
        -> IngredientCoverage
    {
        let wanted = Units.unit(ingredient.unit)
        let food = ingredient.name
        let mismatched = stocked.filter { !Units.convert(from: $0.unit, to: wanted, food: food) }.map(\.id)
        let compatible = stocked.filter { Units.convert(from: $0.unit, to: wanted, food: food) }
        let needed = max(0, ingredient.quantity.isFinite ? ingredient.quantity : 0)

        if needed <= Amount.epsilon {
            let inStock = stocked.contains { (left[$0.id] ?? $0.quantity) > Amount.epsilon }
            return IngredientCoverage(
                ingredient: ingredient, available: 0, missing: 0, itemIds: inStock ? stocked.map(\.id) : [],
                mismatchedItemIds: [], status: inStock ? .covered : .missing)
        }

        var remaining = needed
        var used: [String] = []
        for entry in compatible where remaining > Amount.epsilon {
            let pool = left[entry.id] ?? entry.quantity
            guard pool > Amount.epsilon,
                let poolInIngredientUnit = Units.convert(pool, from: entry.unit, to: wanted, food: food)
            else { continue }
            let taken = min(poolInIngredientUnit, remaining)
            remaining = Amount.clean(remaining - taken)
            let takenInItemUnit = Units.convert(taken, from: wanted, to: entry.unit, food: food) ?? pool
            left[entry.id] = Amount.clean(max(0, pool - takenInItemUnit))
            used.append(entry.id)
        }
        let available = Amount.clean(needed - remaining)
        let status: IngredientCoverage.Status =
            remaining <= Amount.epsilon
            ? .covered
            : available > Amount.epsilon
                ? .partial
                : mismatched.isEmpty ? .missing : .unitMismatch
        return IngredientCoverage(
            ingredient: ingredient, available: available, missing: remaining > Amount.epsilon ? remaining : 0,
            itemIds: used, mismatchedItemIds: mismatched, status: status)
    }
}
