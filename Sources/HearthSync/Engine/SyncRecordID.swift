/// Names a synced record: its type and its name (unique in its zone; Hearth apps use the row's UUID).
public struct SyncRecordID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The record type, such as `FinanceTransaction`.
    public var recordType: String
    /// The record name.
    public var recordName: String

    public init(recordType: String, recordName: String) {
        self.recordType = recordType
        self.recordName = recordName
    }

    public var description: String { "\(recordType) \(recordName)" }
}
