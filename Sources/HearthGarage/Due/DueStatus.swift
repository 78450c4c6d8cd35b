/// Where a service stands against its due date and mileage.
public enum DueStatus: String, Codable, Sendable, Hashable, CaseIterable, Comparable {
    /// Past its due date or mileage.
    case overdue
    /// Within the due-soon window (750 miles, or 30 days when no due mileage is set).
    case dueSoon
    /// Has due values and is not close to them.
    case good
    /// Has no due date or mileage.
    case neutral

    /// Most pressing first: overdue, due soon, good, neutral.
    public static func < (lhs: DueStatus, rhs: DueStatus) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The label a table shows: "OVERDUE", "DUE SOON", "GOOD", "—".
    public var label: String {
        switch self {
        case .overdue: "OVERDUE"
        case .dueSoon: "DUE SOON"
        case .good: "GOOD"
        case .neutral: "—"
        }
    }
}
