import Foundation
import Graphiti
import HearthCore
import HearthPantryModel
import HearthPermissions

/// Member mutations: roles, removal, leaving and handing over ownership.
extension PantryResolver {
    func updateMemberRole(context: PantryContext, arguments: UpdateMemberRoleArguments) async throws -> HouseholdMember
    {
        let viewer = try context.signedIn()
        let (household, target, ability) = try await Self.membership(arguments.memberId, context)
        // Stepping down is the household rules' to judge; anyone else's role, the permissions' first.
        if target.userId != viewer.userID {
            try Self.allowed(ability, "update", target, in: household, "change roles in")
        }
        let changed = try HouseholdRules.changeRole(
            of: target.userId, to: arguments.role, in: household, by: viewer.userID, at: context.now)
        guard changed != household else { return target }
        try await context.store.save(
            changed, replacing: household,
            change: HouseholdChange(householdID: household.id, kind: .membersChanged, byUserID: viewer.userID))
        context.changed()
        return changed.member(userId: target.userId) ?? target
    }

    func addMember(context: PantryContext, arguments: AddMemberArguments) async throws -> HouseholdMember {
        let viewer = try context.signedIn()
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allow(
            ability.canManageMembers(in: household.id),
            "Only the owner or an admin of \(household.name) can add members.")
        let userID = arguments.userId.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !userID.isEmpty else {
            throw ServiceError.validationFailed("userId cannot be empty; give the id of the account to add.")
        }
        // Only people the caller already shares a household with: anyone else answers the same whether they have
        // an account or not, so ids cannot be probed; they join with an invite code instead.
        guard try await context.store.housemates(of: viewer.userID).contains(userID) else {
            throw ServiceError(
                .notFound,
                "User \(userID) was not found among the people you share a household with; invite them with an invite code (createInvite) instead."
            )
        }
        let added = try HouseholdRules.addMember(
            userID, role: arguments.role ?? .member, to: household, by: viewer.userID, memberId: PantryStore.newID(),
            at: context.now)
        try await context.store.save(
            added, replacing: household,
            change: HouseholdChange(householdID: household.id, kind: .membersChanged, byUserID: viewer.userID))
        context.changed()
        guard let member = added.member(userId: userID) else {
            throw ServiceError.operationFailed(
                "User \(userID) was added to \(household.name) but is not among its members.")
        }
        return member
    }

    func removeMember(context: PantryContext, arguments: MemberIDArguments) async throws -> Bool {
        let viewer = try context.signedIn()
        let (household, target, ability) = try await Self.membership(arguments.memberId, context)
        if target.userId != viewer.userID {
            try Self.allowed(ability, "delete", target, in: household, "remove members from")
        }
        let remaining = try HouseholdRules.removeMember(
            target.userId, from: household, by: viewer.userID, at: context.now)
        try await context.store.save(
            remaining, replacing: household,
            change: HouseholdChange(householdID: household.id, kind: .membersChanged, byUserID: viewer.userID))
        context.changed()
        return true
    }

    func leaveHousehold(context: PantryContext, arguments: HouseholdIDArguments) async throws -> Bool {
        let viewer = try context.signedIn()
        let (household, _) = try await Self.stored(arguments.householdId, context)
        let remaining = try HouseholdRules.leave(household, userId: viewer.userID, at: context.now)
        try await context.store.save(
            remaining, replacing: household,
            change: HouseholdChange(householdID: household.id, kind: .membersChanged, byUserID: viewer.userID))
        context.changed()
        return true
    }

    func transferOwnership(context: PantryContext, arguments: TransferOwnershipArguments) async throws -> Household {
        let viewer = try context.signedIn()
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allow(
            ability.canManageMembers(in: household.id),
            "Only the owner of \(household.name) can transfer its ownership.")
        guard let target = household.members.first(where: { $0.id == arguments.memberId }) else {
            throw ServiceError.validationFailed(
                "Member \(arguments.memberId) does not belong to \(household.name); choose one of its members.")
        }
        let transferred = try HouseholdRules.transferOwnership(
            of: household, to: target.userId, by: viewer.userID, at: context.now)
        try await context.store.save(
            transferred, replacing: household,
            change: HouseholdChange(householdID: household.id, kind: .membersChanged, byUserID: viewer.userID))
        context.changed()
        return transferred
    }

    /// The membership with this id, its household as stored now, and the caller's permissions: `NOT_FOUND`
    /// when there is no such membership or the caller does not belong to its household, alike.
    private static func membership(_ memberID: String, _ context: PantryContext) async throws -> (
        Household, HouseholdMember, Ability
    ) {
        guard let householdID = try await context.store.householdID(ofMember: memberID) else {
            throw ServiceError.notFound("Member \(memberID)")
        }
        let (household, ability) = try await stored(householdID, context, notFound: .notFound("Member \(memberID)"))
        guard let member = household.members.first(where: { $0.id == memberID }) else {
            throw ServiceError.notFound("Member \(memberID)")
        }
        return (household, member, ability)
    }

    /// `FORBIDDEN` unless the rules let the caller `action` the membership: the deciding rule's reason
    /// (an admin and the owner's or another admin's membership), or that only managers may.
    private static func allowed(
        _ ability: Ability, _ action: String, _ member: HouseholdMember, in household: Household, _ what: String
    ) throws {
        let subject = PantryPermissions.member(
            householdId: household.id, userId: member.userId,
            role: PantryPermissions.Role(rawValue: member.role.rawValue))
        guard ability.can(action, subject) else {
            let reason = ability.relevantRule(for: action, subject)?.reason
            throw ServiceError.unauthorized(reason ?? "Only the owner or an admin can \(what) \(household.name).")
        }
    }
}
