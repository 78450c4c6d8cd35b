/// How a query filter compares a field with a value.
public enum CloudComparator: String, Codable, Sendable, Hashable, CaseIterable {
    case equals = "EQUALS"
    case notEquals = "NOT_EQUALS"
    case lessThan = "LESS_THAN"
    case lessThanOrEquals = "LESS_THAN_OR_EQUALS"
    case greaterThan = "GREATER_THAN"
    case greaterThanOrEquals = "GREATER_THAN_OR_EQUALS"
    /// The string field starts with the string value.
    case beginsWith = "BEGINS_WITH"
    /// The field equals one element of the list value.
    case `in` = "IN"
    /// The list field contains the value.
    case listContains = "LIST_CONTAINS"
}
