/// What a `records/modify` operation does.
public enum CloudRecordOperationType: String, Codable, Sendable, Hashable, CaseIterable {
    /// Create a new record; `EXISTS` when one by that name is there.
    case create
    /// Change the given fields of an existing record (the others stay); the change tag must be current.
    case update
    /// Like `update`, without checking the change tag.
    case forceUpdate
    /// Create the record, or replace all its fields; the change tag must be current when it exists.
    case replace
    /// Like `replace`, without checking the change tag.
    case forceReplace
    /// Delete the record; the change tag must be current.
    case delete
    /// Delete the record without checking the change tag; succeeds when it is already gone.
    case forceDelete
}
