/// Records of one type that pass every filter, in the given order (then by record name).
public struct CloudQuery: Codable, Sendable, Hashable {
    public var recordType: String
    public var filterBy: [CloudQueryFilter]?
    public var sortBy: [CloudQuerySort]?

    public init(recordType: String, filterBy: [CloudQueryFilter]? = nil, sortBy: [CloudQuerySort]? = nil) {
        self.recordType = recordType
        self.filterBy = filterBy
        self.sortBy = sortBy
    }
}
