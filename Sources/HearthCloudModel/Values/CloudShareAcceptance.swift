/// Where a participant stands with a share.
public enum CloudShareAcceptance: String, Codable, Sendable, Hashable, CaseIterable {
    /// Invited, not yet accepted: sees nothing.
    case pending = "PENDING"
    /// Accepted: sees the shared records in their shared database.
    case accepted = "ACCEPTED"
    /// Removed by the owner or an administrator, or left: sees nothing.
    case removed = "REMOVED"
}
