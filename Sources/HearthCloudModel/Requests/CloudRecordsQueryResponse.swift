/// The answer to `records/query`: a page of records and, when more match, a marker for the next page.
public struct CloudRecordsQueryResponse: Codable, Sendable, Hashable {
    public var records: [CloudRecord]
    public var continuationMarker: String?

    public init(records: [CloudRecord], continuationMarker: String? = nil) {
        self.records = records
        self.continuationMarker = continuationMarker
    }
}
