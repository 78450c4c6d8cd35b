import Foundation
public import HearthCloudModel
import HearthCore

/// A record as a change left it, for checking query-subscription filters.
public struct CloudChangedRecord: Sendable, Hashable {
    public var recordName: String
    public var recordType: String
    /// The root of the record's hierarchy, to tell whether a record share covers it.
    public var rootName: String
    /// True when the record is deleted (or gone altogether).
    public var deleted: Bool
    public var fields: [String: CloudFieldValue]

    public init(
        recordName: String, recordType: String, rootName: String, deleted: Bool, fields: [String: CloudFieldValue]
    ) {
        self.recordName = recordName
        self.recordType = recordType
        self.rootName = rootName
        self.deleted = deleted
        self.fields = fields
    }
}
