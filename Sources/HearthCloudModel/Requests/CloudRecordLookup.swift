/// A record to look up.
public struct CloudRecordLookup: Codable, Sendable, Hashable {
    public var recordName: String
    public init(recordName: String) { self.recordName = recordName }
}
