/// An ordering of query results. Records without the field come last.
public struct CloudQuerySort: Codable, Sendable, Hashable {
    public var fieldName: String
    public var ascending: Bool

    public init(fieldName: String, ascending: Bool = true) {
        self.fieldName = fieldName
        self.ascending = ascending
    }

    private enum CodingKeys: String, CodingKey { case fieldName, ascending }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fieldName = try container.decode(String.self, forKey: .fieldName)
        ascending = try container.decodeIfPresent(Bool.self, forKey: .ascending) ?? true
    }
}
