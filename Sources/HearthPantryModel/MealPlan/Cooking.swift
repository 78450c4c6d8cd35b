public import Foundation

/// A recipe cooked from a household's stock: the consumption booked on each item, what the stock could not give,
/// and whether it has been undone (every consumption taken back, in one step).
public struct Cooking: Codable, Sendable, Hashable, Identifiable {
    /// The cooking's id; `undoCooking` takes it.
    public let id: String
    /// The household whose stock was used.
    public let householdId: String
    /// The recipe cooked.
    public let recipeId: String
    /// The servings cooked.
    public let servings: Int
    /// The meal plan entry cooked, when it was cooked from the plan.
    public let mealPlanEntryId: String?
    /// What was taken from each item, in the item's unit.
    public let consumed: [CookingDraw]
    /// The consumption bookings made, one per item in ``consumed``'s order.
    public let bookingIds: [String]
    /// What the stock could not give.
    public let shortfalls: [CookingShortfall]
    /// Who cooked.
    public let createdBy: String
    /// When.
    public let createdAt: Date
    /// When it was undone; nil while it stands.
    public let undoneAt: Date?

    public init(
        id: String, householdId: String, recipeId: String, servings: Int, mealPlanEntryId: String? = nil,
        consumed: [CookingDraw], bookingIds: [String], shortfalls: [CookingShortfall], createdBy: String,
        createdAt: Date, undoneAt: Date? = nil
    ) {
        self.id = id
        self.householdId = householdId
        self.recipeId = recipeId
        self.servings = servings
        self.mealPlanEntryId = mealPlanEntryId
        self.consumed = consumed
        self.bookingIds = bookingIds
        self.shortfalls = shortfalls
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.undoneAt = undoneAt
    }

    /// Whether the cooking has been undone.
    public var undone: Bool { undoneAt != nil }
}
