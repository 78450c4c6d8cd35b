import Graphiti
import HearthCore

/// Member mutations: roles, removal, leaving and handing over ownership.
extension PantryResolver {
    func updateMemberRole(context: PantryContext, arguments: UpdateMemberRoleArguments) async throws -> MemberRecord {
        let viewer = try context.signedIn()
        let member = try await existingMember(arguments.memberId, context)
        let access = try await context.access()
        try access.requireManage(member.householdID, "change members' roles")
        guard access.canManage(member) else { throw ServiceError.unauthorized("Only an owner can change an owner's membership.") }
        guard arguments.role != .owner, member.role != .owner else {
            throw ServiceError.validationFailed("A household has one owner, who changes only through transferOwnership.")
        }
        guard let updated = try await context.store.updateMemberRole(memberID: member.id, role: arguments.role) else {
            throw ServiceError.notFound("Member \(member.id)")
        }
        context.changed(HouseholdChange(householdID: member.householdID, kind: .membersChanged, byUserID: viewer.userID))
        return updated
    }

    func removeMember(context: PantryContext, arguments: MemberIDArguments) async throws -> Bool {
        let viewer = try context.signedIn()
        let member = try await existingMember(arguments.memberId, context)
        let access = try await context.access()
        try access.requireManage(member.householdID, "remove members")
        guard access.canManage(member) else { throw ServiceError.unauthorized("Only an owner can change an owner's membership.") }
        guard member.role != .owner else {
            throw ServiceError.validationFailed("The owner cannot be removed; transfer ownership to another member first.")
        }
        let removed = try await context.store.removeMember(memberID: member.id)
        context.changed(removed ? HouseholdChange(householdID: member.householdID, kind: .membersChanged, byUserID: viewer.userID) : nil)
        return removed
    }

    func leaveHousehold(context: PantryContext, arguments: HouseholdIDArguments) async throws -> Bool {
        let viewer = try context.signedIn()
        guard let membership = try await context.viewerMemberships().first(where: { $0.householdID == arguments.householdId }) else {
            throw ServiceError.unauthorized("You are not a member of household \(arguments.householdId).")
        }
        guard membership.role != .owner else {
            throw ServiceError.validationFailed("The owner cannot leave the household; transfer ownership to another member first, or delete the household.")
        }
        let removed = try await context.store.removeMember(memberID: membership.id)
        context.changed(removed ? HouseholdChange(householdID: membership.householdID, kind: .membersChanged, byUserID: viewer.userID) : nil)
        return removed
    }

    func transferOwnership(context: PantryContext, arguments: TransferOwnershipArguments) async throws -> HouseholdRecord {
        let viewer = try context.signedIn()
        let household = try await readable(arguments.householdId, context)
        let access = try await context.access()
        guard access.role(in: household.id) == .owner, let current = access.memberships.first(where: { $0.householdID == household.id }) else {
            throw ServiceError.unauthorized("Only the household's owner can hand ownership to someone else.")
        }
        guard let target = try await context.store.member(id: arguments.memberId), target.householdID == household.id else {
            throw ServiceError.validationFailed("Member \(arguments.memberId) does not belong to this household; pick one of its members.")
        }
        guard target.id != current.id else { throw ServiceError.validationFailed("You already own this household; pick another member.") }
        try await context.store.transferOwnership(from: current.id, to: target.id)
        context.changed(HouseholdChange(householdID: household.id, kind: .membersChanged, byUserID: viewer.userID))
        return household
    }

    /// The membership, or `NOT_FOUND`.
    private func existingMember(_ id: String, _ context: PantryContext) async throws -> MemberRecord {
        guard let member = try await context.store.member(id: id) else { throw ServiceError.notFound("Member \(id)") }
        return member
    }
}
