/// One operation of `records/modify`.
public struct CloudRecordOperation: Codable, Sendable, Hashable {
    public var operationType: CloudRecordOperationType
    /// The record: name and type always; fields for saves; the change tag for checked saves and deletes.
    public var record: CloudRecord
    /// For `update` and `forceUpdate`: fields to remove.
    public var removeFields: [String]?

    public init(operationType: CloudRecordOperationType, record: CloudRecord, removeFields: [String]? = nil) {
        self.operationType = operationType
        self.record = record
        self.removeFields = removeFields
    }
}
