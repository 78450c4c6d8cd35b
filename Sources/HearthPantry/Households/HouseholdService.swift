import Foundation
public import HearthCore
public import HearthPantryModel

/// Households over the pantry server's GraphQL: reading with a 5-minute cache, and every change the server
/// allows (create, edit, delete, invite, join, roles, removal, leaving).
///
/// String inputs are trimmed before they are sent; an empty name or invite code is refused here with the
/// pantry's messages ("Household name cannot be empty", "Invite code cannot be empty"). Any change empties
/// the cache, so the next read asks the server, and then calls the `changed` hook (which the service factory
/// points at the permission rules and ``MembershipUpdates``, so both follow the user's new memberships).
public actor HouseholdService: HouseholdServicing, SessionScoped {
    /// How long a read is served from the cache.
    public static let cacheLifetime: Duration = .seconds(300)

    public nonisolated let serviceName = "HouseholdService"
    private let graphQL: any GraphQLServing
    private let lists: TTLCache<String, [Household]>
    private let singles: TTLCache<String, Household>
    private let preferences: (any UserPreferencesServicing)?
    private let changed: @Sendable () async -> Void

    /// A service over `graphQL`, whose cache expires by `clock`; the last selected household is kept in
    /// `preferences` (none without), and `changed` is called after every change of membership the service makes.
    public init<C: Clock>(
        graphQL: any GraphQLServing, clock: C, preferences: (any UserPreferencesServicing)? = nil,
        changed: @escaping @Sendable () async -> Void = {}
    ) where C.Duration == Duration {
        self.graphQL = graphQL
        self.lists = TTLCache(defaultTTL: Self.cacheLifetime, clock: clock)
        self.singles = TTLCache(defaultTTL: Self.cacheLifetime, clock: clock)
        self.preferences = preferences
        self.changed = changed
    }

    /// A service over `graphQL`, whose cache expires by the continuous clock.
    public init(graphQL: any GraphQLServing) {
        self.init(graphQL: graphQL, clock: ContinuousClock())
    }

    // MARK: Reading

    public func households() async throws -> [Household] {
        try await lists.value(forKey: "households") { [graphQL] in
            try await graphQL.perform(HouseholdsQuery())
        }
    }

    public func household(id: String) async throws -> Household {
        let id = try Self.required(id, "Household id")
        return try await singles.value(forKey: id) { [graphQL] in
            try await graphQL.perform(HouseholdQuery(id: id))
        }
    }

    public func members(of householdId: String) async throws -> [HouseholdMember] {
        try await household(id: householdId).members
    }

    public nonisolated func watchHouseholds() -> Watched<[Household]> {
        graphQL.watch(HouseholdsQuery())
    }

    // MARK: The current household

    public func getCurrentHousehold() async throws -> Household? {
        let households = try await households()
        guard !households.isEmpty else { return nil }
        if let last = try await preferences?.preferences().lastSelectedHouseholdId,
            let chosen = households.first(where: { $0.id == last })
        {
            return chosen
        }
        let me = try await graphQL.perform(MeQuery())
        if let primary = me.primaryHouseholdId, let chosen = households.first(where: { $0.id == primary }) {
            return chosen
        }
        return households.first
    }

    @discardableResult
    public func selectHousehold(id: String) async throws -> Household {
        let id = try Self.required(id, "Household id")
        let household = try await household(id: id)
        if let preferences {
            let kept = try await preferences.preferences()
            try await preferences.save(
                UserPreferences(
                    theme: kept.theme, notifications: kept.notifications, app: kept.app,
                    lastSelectedHouseholdId: household.id))
        }
        return household
    }

    public func refresh() async {
        await lists.removeAll()
        await singles.removeAll()
        _ = try? await graphQL.perform(HouseholdsQuery())
    }

    /// Empties the caches; the GraphQL cache and its watchers are emptied by the GraphQL service itself.
    public func forgetSession() async {
        await lists.removeAll()
        await singles.removeAll()
    }

    // MARK: Households

    public func createHousehold(name: String, description: String?) async throws -> Household {
        let input = try Self.input(name: name, description: description)
        return try await change(CreateHouseholdMutation(input: input))
    }

    public func updateHousehold(id: String, name: String, description: String?) async throws -> Household {
        let id = try Self.required(id, "Household id")
        let input = try Self.input(name: name, description: description)
        return try await change(UpdateHouseholdMutation(id: id, input: input))
    }

    public func deleteHousehold(id: String) async throws {
        let id = try Self.required(id, "Household id")
        _ = try await change(DeleteHouseholdMutation(id: id))
    }

    // MARK: Invites

    public func createInvite(householdId: String) async throws -> InviteCode {
        let id = try Self.required(householdId, "Household id")
        return try await change(CreateInviteMutation(householdId: id))
    }

    public func revokeInvite(code: String) async throws {
        let code = try Self.inviteCode(code)
        _ = try await change(RevokeInviteMutation(code: code))
    }

    public func joinHousehold(inviteCode: String) async throws -> Household {
        let code = try Self.inviteCode(inviteCode)
        return try await change(JoinHouseholdMutation(code: code))
    }

    // MARK: Members

    public func updateMemberRole(memberId: String, role: MemberRole) async throws -> HouseholdMember {
        let id = try Self.required(memberId, "Member id")
        return try await change(UpdateMemberRoleMutation(memberId: id, role: role))
    }

    public func removeMember(memberId: String) async throws {
        let id = try Self.required(memberId, "Member id")
        _ = try await change(RemoveMemberMutation(memberId: id))
    }

    public func leaveHousehold(householdId: String) async throws {
        let id = try Self.required(householdId, "Household id")
        _ = try await change(LeaveHouseholdMutation(householdId: id))
    }

    public func addMember(to householdId: String, userId: String, role: MemberRole = .member) async throws
        -> HouseholdMember
    {
        let id = try Self.required(householdId, "Household id")
        let user = try Self.required(userId, "User id")
        return try await change(AddMemberMutation(householdId: id, userId: user, role: role))
    }

    public func transferOwnership(householdId: String, to memberId: String) async throws -> Household {
        let id = try Self.required(householdId, "Household id")
        let member = try Self.required(memberId, "Member id")
        return try await change(TransferOwnershipMutation(householdId: id, memberId: member))
    }

    // MARK: Health

    public func checkHealth() async -> HealthStatus {
        let started = ContinuousClock.now
        do {
            _ = try await graphQL.perform(HouseholdsQuery())
            return HealthStatus(isHealthy: true, lastChecked: Date(), responseTime: Self.seconds(since: started))
        } catch {
            return HealthStatus(
                isHealthy: false, lastChecked: Date(), errors: ["\(error)"], responseTime: Self.seconds(since: started))
        }
    }

    // MARK: Plumbing

    /// Runs a mutation, then empties the cache and refreshes the household list its watchers read.
    private func change<Operation: PantryOperation>(_ mutation: Operation) async throws -> Operation.Answer {
        let answer = try await graphQL.perform(mutation)
        await refresh()
        await changed()
        return answer
    }

    private static func input(name: String, description: String?) throws -> HouseholdFields {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw ServiceError.validationFailed("Household name cannot be empty") }
        let description = description?.trimmingCharacters(in: .whitespacesAndNewlines)
        return HouseholdFields(name: name, description: description.flatMap { $0.isEmpty ? nil : $0 })
    }

    private static func inviteCode(_ code: String) throws -> String {
        let code = code.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !code.isEmpty else { throw ServiceError.validationFailed("Invite code cannot be empty") }
        return code
    }

    private static func required(_ value: String, _ what: String) throws -> String {
        let value = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { throw ServiceError.validationFailed("\(what) cannot be empty") }
        return value
    }

    private static func seconds(since start: ContinuousClock.Instant) -> TimeInterval {
        let elapsed = start.duration(to: .now).components
        return TimeInterval(elapsed.seconds) + TimeInterval(elapsed.attoseconds) / 1e18
    }
}
