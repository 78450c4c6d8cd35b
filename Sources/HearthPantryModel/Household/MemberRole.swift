/// A member's role in a household: the owner, an admin, or a plain member.
///
/// Roles sort owner first (``sortOrder`` 0, 1, 2). The owner and admins manage the household and its members;
/// a household always has exactly one owner.
public enum MemberRole: String, Codable, Sendable, Hashable, CaseIterable, Comparable {
    case owner
    case admin
    case member

    /// Where the role sorts in a member list: owner 0, admin 1, member 2.
    public var sortOrder: Int {
        switch self {
        case .owner: 0
        case .admin: 1
        case .member: 2
        }
    }

    /// Whether the role may manage the household and its members (owner and admin).
    public var canManage: Bool { self != .member }

    /// The role's name as people read it: "Owner", "Admin", "Member".
    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    public static func < (lhs: MemberRole, rhs: MemberRole) -> Bool { lhs.sortOrder < rhs.sortOrder }
}
