import Foundation
import HearthCore
import HearthPantryModel
import Testing

/// Runs `body`, expecting a ``ServiceError`` with `code` and, when given, exactly `message`.
@discardableResult
func expectError(
    _ code: ServiceError.Code, _ message: String? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> ServiceError? {
    do {
        try body()
        Issue.record("Expected \(code) but nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as ServiceError {
        #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
        if let message { #expect(error.message == message, sourceLocation: sourceLocation) }
        return error
    } catch {
        Issue.record("Expected ServiceError \(code), got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// 2025-03-10 09:00 UTC, the "now" of most tests.
let now = Date(timeIntervalSince1970: 1_741_597_200)

func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDay { CalendarDay(year: year, month: month, day: day)! }

/// An item of household "h1" with what the test cares about.
func item(
    _ name: String, _ quantity: Double, _ unit: String = "", id: String? = nil, expires: CalendarDay? = nil,
    minimum: Double? = nil, kind: DueDateKind = .expiration, location: String? = "Pantry", household: String = "h1"
) -> PantryItem {
    PantryItem(
        id: id ?? name.lowercased(), householdId: household, name: name, quantity: quantity, unit: unit,
        expirationDate: expires, location: location, addedBy: "ada", createdAt: now, updatedAt: now,
        minimumQuantity: minimum, dueDateKind: kind)
}

/// A recipe of household "h1", its id the lower-cased name unless given.
func recipe(_ name: String, id: String? = nil, servings: Int? = nil, _ ingredients: [Ingredient]) -> Recipe {
    Recipe(id: id ?? name.lowercased(), householdId: "h1", name: name, ingredients: ingredients, servings: servings)
}

/// An ingredient.
func ing(_ name: String, _ quantity: Double, _ unit: String = "") -> Ingredient {
    Ingredient(name: name, quantity: quantity, unit: unit)
}

/// A shopping list line of household "h1".
func line(
    _ name: String, _ quantity: Double, _ unit: String, id: String, checked: Bool = false, note: String? = nil,
    recipeId: String? = nil
) -> ShoppingListItem {
    ShoppingListItem(
        id: id, householdId: "h1", name: name, quantity: quantity, unit: unit, checked: checked, note: note,
        recipeId: recipeId)
}

/// Bookings for item "rice" (kg) of household "h1".
func booking(
    _ id: String, _ kind: StockBooking.Kind, _ quantity: Double, at location: String? = nil, due: CalendarDay? = nil,
    reverses: String? = nil, item: String = "rice"
) -> StockBooking {
    StockBooking(
        id: id, itemId: item, householdId: "h1", kind: kind, quantity: quantity, location: location, bestBefore: due,
        createdAt: now, createdBy: "ada", reverses: reverses)
}

/// Hands out "id1", "id2", … in order.
final class IDs {
    private var next = 0
    func make() -> String {
        next += 1
        return "id\(next)"
    }
}

/// A generator that returns the same number every time, to force code collisions.
struct RepeatingGenerator: RandomNumberGenerator {
    var values: [UInt64]
    var index = 0
    mutating func next() -> UInt64 {
        defer { index += 1 }
        return values[min(index, values.count - 1)]
    }
}
