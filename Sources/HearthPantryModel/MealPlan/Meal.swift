/// The meal of the day a planned recipe is for.
public enum Meal: String, Codable, Sendable, CaseIterable, Comparable {
    case breakfast, lunch, dinner, snack

    /// The meal's place in the day: breakfast, lunch, dinner, then snacks.
    public var sortOrder: Int {
        switch self {
        case .breakfast: 0
        case .lunch: 1
        case .dinner: 2
        case .snack: 3
        }
    }

    public static func < (lhs: Meal, rhs: Meal) -> Bool { lhs.sortOrder < rhs.sortOrder }
}
