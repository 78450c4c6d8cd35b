import Foundation
import Graphiti
import HearthCloud
import HearthCore
import HearthPantryModel
import HearthPermissions

/// The root resolvers of the pantry schema: the caller, and their households.
///
/// Every resolver needs a signed-in caller (`UNAUTHENTICATED`), then asks the caller's permissions (the
/// HearthPermissions Pantry rules filled from their memberships) before it reads or writes (`FORBIDDEN`,
/// with nothing changed). Changes are made by HearthPantryModel's `HouseholdRules`, whose refusals are
/// `BAD_USER_INPUT` (or `FORBIDDEN`, `NOT_FOUND`) with the rules' own messages.
public struct PantryResolver: Sendable {
    /// What `importRecipe` fetches pages with.
    let recipePages: RecipeImporting
    /// What `lookupBarcode` asks about products.
    let products: any ProductLookup
    /// The invite codes each account may try, by user id; nil for no limit.
    var inviteCodes: (any RateLimiting)? = nil

    // MARK: Queries

    func households(context: PantryContext, arguments: NoArguments) async throws -> [Household] {
        let ability = try await context.ability()
        let ids = try await context.viewerMemberships().map(\.householdId).filter(ability.canReadHousehold)
        await context.loaders.expectHouseholds(ids)
        let found = try await context.loaders.households.loadMany(ids)
        return found.compactMap { $0 }.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    func household(context: PantryContext, arguments: IDArguments) async throws -> Household {
        let notFound = ServiceError.notFound("Household \(arguments.id)")
        guard let household = try await context.loaders.households.load(arguments.id) else { throw notFound }
        guard try await context.ability().canReadHousehold(household.id) else { throw notFound }
        await context.loaders.expectHouseholds([household.id])
        return household
    }

    // MARK: Households

    func createHousehold(context: PantryContext, arguments: CreateHouseholdArguments) async throws -> Household {
        let viewer = try context.signedIn()
        try Self.allow(try await context.ability().can("create", "Household"), "You may not create households.")
        let household = try HouseholdRules.create(
            id: PantryStore.newID(), name: arguments.input.name, description: arguments.input.description,
            ownerId: viewer.userID, memberId: PantryStore.newID(), at: context.now)
        try await context.store.insert(household)
        context.changed()
        return household
    }

    func updateHousehold(context: PantryContext, arguments: UpdateHouseholdArguments) async throws -> Household {
        let viewer = try context.signedIn()
        let (household, ability) = try await Self.stored(arguments.id, context)
        try Self.allow(
            ability.canUpdateHousehold(household.id), "Only the owner or an admin can edit \(household.name).")
        let updated = try HouseholdRules.update(
            household, name: arguments.input.name, description: arguments.input.description, by: viewer.userID,
            at: context.now)
        try await context.store.save(
            updated, replacing: household,
            change: HouseholdChange(householdID: household.id, kind: .updated, byUserID: viewer.userID))
        context.changed()
        return updated
    }

    func deleteHousehold(context: PantryContext, arguments: IDArguments) async throws -> Bool {
        let viewer = try context.signedIn()
        let (household, ability) = try await Self.stored(arguments.id, context)
        guard ability.canDeleteHousehold(household.id) else {
            let reason = ability.relevantRule(for: "delete", PantryPermissions.household(id: household.id))?.reason
            throw ServiceError.unauthorized(
                reason ?? "Only the owner of \(household.name) can delete it; ask the owner, or leave the household.")
        }
        try HouseholdRules.requireDeletion(of: household, by: viewer.userID)
        let deleted = try await context.store.deleteHousehold(
            id: household.id,
            change: HouseholdChange(householdID: household.id, kind: .deleted, byUserID: viewer.userID))
        context.changed()
        return deleted
    }

    // MARK: Invites

    func createInvite(context: PantryContext, arguments: HouseholdIDArguments) async throws -> InviteCode {
        let viewer = try context.signedIn()
        let (household, ability) = try await Self.stored(arguments.householdId, context)
        try Self.allow(
            ability.canManageMembers(in: household.id),
            "Only the owner or an admin can invite people to \(household.name).")
        var generator = SystemRandomNumberGenerator()
        let open = try await context.store.invites(inHouseholds: [household.id])[household.id] ?? []
        let invite = try HouseholdRules.invite(
            to: household, by: viewer.userID, at: context.now, existing: open, using: &generator)
        try await context.store.save(invite)
        context.changed()
        return invite
    }

    func revokeInvite(context: PantryContext, arguments: CodeArguments) async throws -> Bool {
        let viewer = try context.signedIn()
        let code = try HouseholdRules.normalizedInviteCode(arguments.code)
        guard let invite = try await context.store.invite(code: code) else {
            throw ServiceError.notFound("Invite code \(code)")
        }
        let (household, ability) = try await Self.stored(
            invite.householdId, context, notFound: .notFound("Invite code \(code)"))
        try Self.allow(
            ability.canManageMembers(in: household.id),
            "Only the owner or an admin can revoke invites to \(household.name).")
        let revoked = try HouseholdRules.revoke(invite, of: household, by: viewer.userID, at: context.now)
        guard revoked != invite else { return false }
        try await context.store.save(revoked)
        context.changed()
        return true
    }

    func joinHousehold(context: PantryContext, arguments: CodeArguments) async throws -> Household {
        let viewer = try context.signedIn()
        let code = try HouseholdRules.normalizedInviteCode(arguments.code)
        if let wait = try await inviteCodes?.acquire(viewer.userID) {
            throw ServiceError(
                .rateLimited,
                "You tried many invite codes in a short time; wait \(wait / 60 + 1) minutes, then check the code with whoever sent it.",
                retryAfter: .seconds(wait))
        }
        let known = try await context.store.invite(code: code).map { [$0] } ?? []
        let invite = try HouseholdRules.redeem(code, among: known, at: context.now)
        guard let household = try await context.store.household(id: invite.householdId) else {
            throw ServiceError.notFound("Household \(invite.householdId)")
        }
        let joined = try HouseholdRules.join(
            household, userId: viewer.userID, with: invite, memberId: PantryStore.newID(), at: context.now)
        try await context.store.save(
            joined, replacing: household,
            change: HouseholdChange(householdID: household.id, kind: .membersChanged, byUserID: viewer.userID))
        context.changed()
        return joined
    }

    // MARK: Helpers

    /// The household as stored now, with its members, and the caller's permissions: `NOT_FOUND` when it does
    /// not exist or the caller does not belong to it, alike, so an outsider learns nothing of what exists.
    /// - Parameter notFound: the error for both, when the caller named something in the household (an item, a
    ///   recipe) rather than the household: it names what they asked for, never the household.
    static func stored(_ id: String, _ context: PantryContext, notFound: ServiceError? = nil) async throws -> (
        Household, Ability
    ) {
        let ability = try await context.ability()
        let missing = notFound ?? ServiceError.notFound("Household \(id)")
        guard let household = try await context.store.household(id: id) else { throw missing }
        guard ability.canReadHousehold(household.id) else { throw missing }
        return (household, ability)
    }

    /// `FORBIDDEN` with `message` unless `allowed`.
    static func allow(_ allowed: Bool, _ message: @autoclosure () -> String) throws {
        guard allowed else { throw ServiceError.unauthorized(message()) }
    }

    static func notAMember(_ household: Household) -> String {
        "You are not a member of \(household.name); ask its owner or an admin for an invite code."
    }
}
