import Foundation
import Graphiti
import HearthCore

/// The root resolvers of the pantry schema: the caller, and their households.
///
/// Every resolver needs a signed-in caller (`UNAUTHENTICATED`) and checks what the caller may do before it
/// reads or writes (`FORBIDDEN`, with nothing changed). Inputs are trimmed; a domain rule an input breaks
/// is `BAD_USER_INPUT` with the rule's message.
public struct PantryResolver: Sendable {
    /// How long a new invite code can be used.
    let inviteLifetime: Duration

    init(inviteLifetime: Duration = .seconds(7 * 24 * 3600)) {
        self.inviteLifetime = inviteLifetime
    }

    // MARK: Queries

    func me(context: PantryContext, arguments: NoArguments) throws -> PantryViewer {
        try context.signedIn()
    }

    func households(context: PantryContext, arguments: NoArguments) async throws -> [HouseholdRecord] {
        let ids = try await context.viewerMemberships().map(\.householdID)
        await context.loaders.expectHouseholds(ids)
        let found = try await context.loaders.households.loadMany(ids)
        return found.compactMap { $0 }.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    func household(context: PantryContext, arguments: IDArguments) async throws -> HouseholdRecord {
        try await readable(arguments.id, context)
    }

    // MARK: Households

    func createHousehold(context: PantryContext, arguments: CreateHouseholdArguments) async throws -> HouseholdRecord {
        let viewer = try context.signedIn()
        let input = try HouseholdRules.checked(arguments.input)
        let household = try await context.store.createHousehold(name: input.name, description: input.description, by: viewer.userID)
        context.changed(nil)
        return household
    }

    func updateHousehold(context: PantryContext, arguments: UpdateHouseholdArguments) async throws -> HouseholdRecord {
        let viewer = try context.signedIn()
        try await manageable(arguments.id, "change its name or description", context)
        let input = try HouseholdRules.checked(arguments.input)
        guard let household = try await context.store.updateHousehold(id: arguments.id, name: input.name, description: input.description) else {
            throw ServiceError.notFound("Household \(arguments.id)")
        }
        context.changed(HouseholdChange(householdID: household.id, kind: .updated, byUserID: viewer.userID))
        return household
    }

    func deleteHousehold(context: PantryContext, arguments: IDArguments) async throws -> Bool {
        let viewer = try context.signedIn()
        try await manageable(arguments.id, "delete it", context)
        let deleted = try await context.store.deleteHousehold(id: arguments.id)
        context.changed(deleted ? HouseholdChange(householdID: arguments.id, kind: .deleted, byUserID: viewer.userID) : nil)
        return deleted
    }

    // MARK: Invites

    func createInvite(context: PantryContext, arguments: CreateInviteArguments) async throws -> InviteRecord {
        let viewer = try context.signedIn()
        try await manageable(arguments.householdId, "invite people", context)
        let role = arguments.role ?? .member
        guard role != .owner else {
            throw ServiceError.validationFailed("An invite cannot make someone the owner; invite them as admin or member, then use transferOwnership.")
        }
        let invite = try await context.store.createInvite(householdID: arguments.householdId, role: role, by: viewer.userID, lifetime: inviteLifetime)
        context.changed(nil)
        return invite
    }

    func revokeInvite(context: PantryContext, arguments: CodeArguments) async throws -> Bool {
        _ = try context.signedIn()
        let code = try HouseholdRules.inviteCode(arguments.code)
        guard let invite = try await context.store.invite(code: code) else { throw ServiceError.notFound("Invite code \(code)") }
        try await manageable(invite.householdID, "revoke invite codes", context)
        let revoked = try await context.store.revokeInvite(code: code)
        context.changed(nil)
        return revoked
    }

    func joinHousehold(context: PantryContext, arguments: CodeArguments) async throws -> HouseholdRecord {
        let viewer = try context.signedIn()
        let code = try HouseholdRules.inviteCode(arguments.code)
        let member = try await context.store.join(
            code: code, userID: viewer.userID,
            invalid: "Invite code \(code) is not valid: it may be mistyped, expired or revoked; ask for a new one.",
            alreadyMember: "You are already a member of this household.")
        context.changed(HouseholdChange(householdID: member.householdID, kind: .membersChanged, byUserID: viewer.userID))
        guard let household = try await context.store.households(ids: [member.householdID])[member.householdID] else {
            throw ServiceError.notFound("Household \(member.householdID)")
        }
        return household
    }

    // MARK: Helpers

    /// The household, when the caller belongs to it: `NOT_FOUND` when it does not exist, `FORBIDDEN` when they do not.
    func readable(_ id: String, _ context: PantryContext) async throws -> HouseholdRecord {
        let access = try await context.access()
        guard let household = try await context.loaders.households.load(id) else { throw ServiceError.notFound("Household \(id)") }
        try access.requireRead(id)
        await context.loaders.expectHouseholds([id])
        return household
    }

    /// Checks that the household exists and that the caller is one of its owners or admins.
    func manageable(_ id: String, _ what: String, _ context: PantryContext) async throws {
        let access = try await context.access()
        guard try await context.loaders.households.load(id) != nil else { throw ServiceError.notFound("Household \(id)") }
        try access.requireManage(id, what)
    }
}
