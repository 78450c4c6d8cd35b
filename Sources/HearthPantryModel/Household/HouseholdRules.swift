public import Foundation
import HearthCore

/// The rules of households and their members: names, who may add, promote and remove whom, and ownership.
///
/// Every function returns the household as it is after the change, or throws a ``ServiceError``:
/// validation failed for input that breaks a rule, unauthorized when the acting user may not do it,
/// not found for someone who is not a member, conflict for something already so.
///
/// - The owner and admins manage members; plain members can only leave.
/// - Admins manage plain members only: they cannot change or remove the owner or another admin, and only the
///   owner makes someone an admin.
/// - Only the owner deletes the household.
/// - A household always has exactly one owner: nobody becomes owner except by ``transferOwnership(of:to:by:at:)``
///   (which makes the old owner an admin), and the owner can neither leave nor be removed.
public enum HouseholdRules {
    /// `name` trimmed.
    /// - Throws: ``ServiceError`` (validation failed) "Household name cannot be empty".
    public static func validatedName(_ name: String) throws -> String {
        try Validation.requireNonBlank(name, "Household name cannot be empty")
    }

    /// A new household named `name` with `ownerId` as its only member and owner.
    /// - Throws: ``ServiceError`` (validation failed) when the name is empty.
    public static func create(
        id: String, name: String, description: String? = nil, ownerId: String, memberId: String, at now: Date
    ) throws -> Household {
        let name = try validatedName(name)
        let owner = HouseholdMember(id: memberId, userId: ownerId, householdId: id, role: .owner, joinedAt: now)
        return Household(
            id: id, name: name, description: Validation.trimmedOrNil(description), createdBy: ownerId,
            createdAt: now, updatedAt: now, members: [owner])
    }

    /// `household` renamed and described anew (a nil or blank description clears it), by the owner or an admin.
    /// - Throws: ``ServiceError`` — validation failed for an empty name; unauthorized for anyone else.
    public static func update(
        _ household: Household, name: String, description: String?, by actorId: String, at now: Date
    ) throws -> Household {
        try requireManager(actorId, of: household, to: "edit")
        let name = try validatedName(name)
        return Household(
            id: household.id, name: name, description: Validation.trimmedOrNil(description),
            createdBy: household.createdBy, createdAt: household.createdAt, updatedAt: now, members: household.members)
    }

    /// Checks that `actorId` may delete `household`: only its owner may.
    /// - Throws: ``ServiceError`` — unauthorized for admins, members and anyone else.
    public static func requireDeletion(of household: Household, by actorId: String) throws {
        let actor = try requireMember(actorId, of: household, notMember: notAMember(household))
        guard actor.role == .owner else {
            throw ServiceError.unauthorized(
                "Only the owner of \(household.name) can delete it; ask the owner, or leave the household.")
        }
    }

    /// `household` with `userId` added as `role` (admin or member), by the owner or an admin; only the owner
    /// adds an admin.
    /// - Throws: ``ServiceError`` — unauthorized for anyone else, and for an admin adding an admin; validation
    ///   failed for the owner role; conflict when the user already belongs.
    public static func addMember(
        _ userId: String, role: MemberRole = .member, to household: Household, by actorId: String, memberId: String,
        at now: Date
    ) throws -> Household {
        let actor = try requireManager(actorId, of: household, to: "add members to")
        guard role != .owner else { throw oneOwner }
        if role == .admin && actor.role != .owner { throw onlyOwnerMakesAdmins }
        guard household.member(userId: userId) == nil else {
            throw ServiceError(.conflict, "User \(userId) is already a member of \(household.name).")
        }
        let member = HouseholdMember(id: memberId, userId: userId, householdId: household.id, role: role, joinedAt: now)
        return household.with(members: household.members + [member], updatedAt: now)
    }

    /// `household` with `userId`'s role changed to `role`, by the owner or an admin (an admin may step down
    /// themselves, but not change another admin or make one). Giving someone the role they have changes nothing.
    /// - Throws: ``ServiceError`` — unauthorized for plain members, for admins touching the owner or another
    ///   admin, and for admins making an admin;
    ///   not found when `userId` is not a member; validation failed for making someone owner (transfer ownership
    ///   instead) and for the owner changing their own role.
    public static func changeRole(
        of userId: String, to role: MemberRole, in household: Household, by actorId: String, at now: Date
    ) throws -> Household {
        let actor = try requireManager(actorId, of: household, to: "change roles in")
        let target = try requireMember(userId, of: household)
        if target.role == .owner {
            guard actor.role == .owner else { throw adminsCannotTouchOwner }
            guard role == .owner else {
                throw ServiceError.validationFailed(
                    "The owner cannot change their own role; transfer ownership to another member first.")
            }
        }
        if actor.role == .admin && target.role == .admin && target.userId != actorId { throw adminsCannotTouchAdmins }
        guard target.role != role else { return household }
        guard role != .owner else { throw oneOwner }
        if role == .admin && actor.role != .owner { throw onlyOwnerMakesAdmins }
        return household.with(
            members: household.members.map { $0.userId == userId ? $0.with(role: role) : $0 }, updatedAt: now)
    }

    /// `household` without `userId`. Anyone but the owner may remove themselves (leave); removing someone else takes
    /// the owner, or an admin for a plain member.
    /// - Throws: ``ServiceError`` — validation failed when the owner would go; unauthorized for plain members
    ///   removing others and for admins removing the owner or another admin; not found when `userId` is not a member.
    public static func removeMember(_ userId: String, from household: Household, by actorId: String, at now: Date)
        throws -> Household
    {
        let actor = try requireMember(actorId, of: household, notMember: notAMember(household))
        let target = try requireMember(userId, of: household)
        if actorId != userId {
            guard actor.role.canManage else { throw mustManage(household, to: "remove members from") }
            if target.role == .owner { throw adminsCannotTouchOwner }
            if target.role == .admin && actor.role == .admin { throw adminsCannotTouchAdmins }
        }
        guard target.role != .owner else {
            throw ServiceError.validationFailed(
                "The owner cannot leave the household; transfer ownership to another member first.")
        }
        return household.with(members: household.members.filter { $0.userId != userId }, updatedAt: now)
    }

    /// `household` without `userId`, who leaves it of their own accord.
    /// - Throws: as ``removeMember(_:from:by:at:)``: the owner cannot leave before transferring ownership.
    public static func leave(_ household: Household, userId: String, at now: Date) throws -> Household {
        try removeMember(userId, from: household, by: userId, at: now)
    }

    /// `household` with `userId` as its owner and the old owner as an admin; only the owner may do it.
    /// - Throws: ``ServiceError`` — unauthorized for anyone but the owner; not found when `userId` is not a member;
    ///   validation failed when the owner names themselves.
    public static func transferOwnership(of household: Household, to userId: String, by actorId: String, at now: Date)
        throws -> Household
    {
        let actor = try requireMember(actorId, of: household, notMember: notAMember(household))
        guard actor.role == .owner else {
            throw ServiceError.unauthorized("Only the owner of \(household.name) can transfer its ownership.")
        }
        guard userId != actorId else {
            throw ServiceError.validationFailed(
                "You already own \(household.name); choose another member to transfer it to.")
        }
        _ = try requireMember(userId, of: household)
        let members = household.members.map { member -> HouseholdMember in
            if member.userId == userId { return member.with(role: .owner) }
            if member.role == .owner { return member.with(role: .admin) }
            return member
        }
        return household.with(members: members, updatedAt: now)
    }

    /// What is wrong with `household`'s members, if anything: not exactly one owner, a user twice, or a
    /// membership of another household. Empty when it is sound.
    public static func problems(in household: Household) -> [String] {
        var problems: [String] = []
        let owners = household.members.filter { $0.role == .owner }.count
        if owners != 1 { problems.append("A household must have exactly one owner; \(household.name) has \(owners).") }
        let userIds = household.members.map(\.userId)
        if Set(userIds).count != userIds.count {
            problems.append("A user appears more than once among the members of \(household.name).")
        }
        if household.members.contains(where: { $0.householdId != household.id }) {
            problems.append("A membership of another household is listed among the members of \(household.name).")
        }
        return problems
    }

    // MARK: Checks

    @discardableResult
    static func requireMember(_ userId: String, of household: Household, notMember: ServiceError? = nil) throws
        -> HouseholdMember
    {
        guard let member = household.member(userId: userId) else {
            throw notMember ?? ServiceError(.notFound, "User \(userId) is not a member of \(household.name).")
        }
        return member
    }

    @discardableResult
    static func requireManager(_ actorId: String, of household: Household, to action: String) throws -> HouseholdMember
    {
        let actor = try requireMember(actorId, of: household, notMember: notAMember(household))
        guard actor.role.canManage else { throw mustManage(household, to: action) }
        return actor
    }

    static func notAMember(_ household: Household) -> ServiceError {
        ServiceError.unauthorized("You are not a member of \(household.name).")
    }

    static func mustManage(_ household: Household, to action: String) -> ServiceError {
        ServiceError.unauthorized("Only the owner or an admin can \(action) \(household.name).")
    }

    static let adminsCannotTouchOwner = ServiceError.unauthorized("Admins cannot change or remove the owner.")

    static let adminsCannotTouchAdmins = ServiceError.unauthorized(
        "Admins manage members, not other admins; ask the owner to change or remove an admin.")

    static let onlyOwnerMakesAdmins = ServiceError.unauthorized("Only the owner makes someone an admin; ask the owner.")

    static let oneOwner = ServiceError.validationFailed(
        "A household has exactly one owner; transfer ownership to make someone the owner.")
}
