public import Foundation

/// A user's membership of a household, with the role they hold there.
public struct HouseholdMember: Codable, Sendable, Hashable, Identifiable {
    /// The membership's id.
    public let id: String
    /// The member's user id.
    public let userId: String
    /// The household the membership belongs to.
    public let householdId: String
    /// What the member may do in the household.
    public let role: MemberRole
    /// When the user joined.
    public let joinedAt: Date

    public init(id: String, userId: String, householdId: String, role: MemberRole, joinedAt: Date) {
        self.id = id
        self.userId = userId
        self.householdId = householdId
        self.role = role
        self.joinedAt = joinedAt
    }

    /// The same membership with another role.
    public func with(role: MemberRole) -> HouseholdMember {
        HouseholdMember(id: id, userId: userId, householdId: householdId, role: role, joinedAt: joinedAt)
    }
}
