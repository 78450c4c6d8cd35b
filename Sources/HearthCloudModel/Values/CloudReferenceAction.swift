import Foundation

/// What happens to a record that refers to another when that other record is deleted.
public enum CloudReferenceAction: String, Codable, Sendable, Hashable, CaseIterable {
    /// Nothing: the reference dangles.
    case none = "NONE"
    /// The referring record is deleted too (within the same zone).
    case deleteSelf = "DELETE_SELF"
}
