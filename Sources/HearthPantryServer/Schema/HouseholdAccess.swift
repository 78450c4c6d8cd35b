import HearthCore

/// What a user may do to households, from their memberships: members read a household and its members,
/// owners and admins manage it and its members, an admin cannot change or remove an owner's membership.
struct HouseholdAccess: Sendable {
    let userID: String
    let memberships: [MemberRecord]

    /// The user's role in the household; nil when they do not belong to it.
    func role(in householdID: String) -> MemberRole? {
        memberships.first { $0.householdID == householdID }?.role
    }

    func canRead(_ householdID: String) -> Bool { role(in: householdID) != nil }

    func canManage(_ householdID: String) -> Bool { role(in: householdID)?.managesHousehold == true }

    /// Whether the user may change or remove `member`'s membership.
    func canManage(_ member: MemberRecord) -> Bool {
        guard let role = role(in: member.householdID), role.managesHousehold else { return false }
        return member.role != .owner || role == .owner
    }

    /// `FORBIDDEN` unless the user belongs to the household.
    func requireRead(_ householdID: String) throws {
        guard canRead(householdID) else { throw ServiceError.unauthorized("You are not a member of household \(householdID); ask one of its owners or admins for an invite code.") }
    }

    /// `FORBIDDEN` unless the user is an owner or admin of the household.
    func requireManage(_ householdID: String, _ what: String) throws {
        try requireRead(householdID)
        guard canManage(householdID) else { throw ServiceError.unauthorized("Only the household's owners and admins can \(what).") }
    }
}
