/// The answer to `records/modify`: one result per operation, in request order.
public struct CloudRecordsModifyResponse: Codable, Sendable, Hashable {
    public var records: [CloudItemResult<CloudRecord>]
    public init(records: [CloudItemResult<CloudRecord>]) { self.records = records }
}
