/// The answer to `records/lookup`: the record or `NOT_FOUND` for each name, in order.
public struct CloudRecordsLookupResponse: Codable, Sendable, Hashable {
    public var records: [CloudItemResult<CloudRecord>]
    public init(records: [CloudItemResult<CloudRecord>]) { self.records = records }
}
