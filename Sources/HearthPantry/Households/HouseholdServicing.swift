public import HearthCore
public import HearthPantryModel

/// The households the signed-in user belongs to, their members and invite codes.
public protocol HouseholdServicing: ServiceHealth {
    /// Every household the user belongs to, by name.
    func households() async throws -> [Household]
    /// One household the user belongs to.
    func household(id: String) async throws -> Household
    /// Creates a household the user owns.
    func createHousehold(name: String, description: String?) async throws -> Household
    /// Renames a household or changes its description (owner or admin).
    func updateHousehold(id: String, name: String, description: String?) async throws -> Household
    /// Deletes a household (owner or admin).
    func deleteHousehold(id: String) async throws
    /// A new invite code to the household (owner or admin).
    func createInvite(householdId: String) async throws -> InviteCode
    /// Stops an invite code from working (owner or admin).
    func revokeInvite(code: String) async throws
    /// Joins the household an invite code belongs to, as a member.
    func joinHousehold(inviteCode: String) async throws -> Household
    /// The household's members: the owner, then admins, then members.
    func members(of householdId: String) async throws -> [HouseholdMember]
    /// Gives a member another role.
    func updateMemberRole(memberId: String, role: MemberRole) async throws -> HouseholdMember
    /// Removes a member from their household.
    func removeMember(memberId: String) async throws
    /// Leaves a household.
    func leaveHousehold(householdId: String) async throws
    /// Adds the account `userId` to a household as `role` (admin or member); the owner or an admin may.
    func addMember(to householdId: String, userId: String, role: MemberRole) async throws -> HouseholdMember
    /// Makes another member (`memberId`) the owner; the current owner becomes an admin. Only the owner may.
    func transferOwnership(householdId: String, to memberId: String) async throws -> Household
    /// The user's households now and after every change the service sees.
    func watchHouseholds() -> Watched<[Household]>
    /// The household the user works in: the one last selected while they still belong to it, else their primary
    /// household, else the first by name; nil when they belong to none.
    func getCurrentHousehold() async throws -> Household?
    /// Makes the household (one the user belongs to) the last selected one, kept in the preferences.
    @discardableResult func selectHousehold(id: String) async throws -> Household
    /// Empties the cache and asks the server again, so watchers see changes made elsewhere.
    func refresh() async
}
