import HearthCore
import HearthPantryModel

/// The meal plan's values as the schema shows them: days as YYYY-MM-DD, times as ISO 8601 text.
extension MealPlanEntry {
    var dayText: String { day.iso }
    var createdAtText: String { Timestamp.text(createdAt) }
    var updatedAtText: String { Timestamp.text(updatedAt) }
}

extension Cooking {
    var createdAtText: String { Timestamp.text(createdAt) }
    var undoneAtText: String? { undoneAt.map(Timestamp.text) }
}
