/// A participant's part in a share.
public enum CloudShareRole: String, Codable, Sendable, Hashable, CaseIterable {
    /// The user who owns the shared zone; exactly one per share.
    case owner = "OWNER"
    /// May add and remove participants (but not the owner or other administrators).
    case administrator = "ADMINISTRATOR"
    /// Invited by name or email.
    case privateUser = "PRIVATE_USER"
    /// Joined through the share link.
    case publicUser = "PUBLIC_USER"
}
