/// How pressing a reminder is, in LubeLogger's four levels.
public enum Urgency: String, Codable, Sendable, Hashable, CaseIterable, Comparable {
    case notUrgent, urgent, veryUrgent, pastDue

    public static func < (lhs: Urgency, rhs: Urgency) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// "Not urgent", "Urgent", "Very urgent", "Past due".
    public var label: String {
        switch self {
        case .notUrgent: "Not urgent"
        case .urgent: "Urgent"
        case .veryUrgent: "Very urgent"
        case .pastDue: "Past due"
        }
    }
}
