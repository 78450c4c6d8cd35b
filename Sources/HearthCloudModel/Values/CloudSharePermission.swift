/// What a participant (or anyone with the link) may do with the shared records.
public enum CloudSharePermission: String, Codable, Sendable, Hashable, CaseIterable {
    /// Nothing; for `publicPermission`, the link lets nobody in.
    case none = "NONE"
    /// Read the shared records.
    case readOnly = "READ_ONLY"
    /// Read, create, change and delete the shared records.
    case readWrite = "READ_WRITE"
}
