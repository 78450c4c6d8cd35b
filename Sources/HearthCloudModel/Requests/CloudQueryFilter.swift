/// One condition of a query: records whose `fieldName` compares so with `fieldValue`.
public struct CloudQueryFilter: Codable, Sendable, Hashable {
    public var fieldName: String
    public var comparator: CloudComparator
    public var fieldValue: CloudFieldValue

    public init(fieldName: String, comparator: CloudComparator, fieldValue: CloudFieldValue) {
        self.fieldName = fieldName
        self.comparator = comparator
        self.fieldValue = fieldValue
    }
}
