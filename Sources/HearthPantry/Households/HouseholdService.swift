import Foundation
public import HearthCore
public import HearthPantryModel

/// Households over the pantry server's GraphQL: reading with a 5-minute cache, and every change the server
/// allows (create, edit, delete, invite, join, roles, removal, leaving).
///
/// String inputs are trimmed before they are sent; an empty name or invite code is refused here with the
/// pantry's messages ("Household name cannot be empty", "Invite code cannot be empty"). Any change empties
/// the cache, so the next read asks the server.
public actor HouseholdService: HouseholdServicing {
    /// How long a read is served from the cache.
    public static let cacheLifetime: Duration = .seconds(300)

    public nonisolated let serviceName = "HouseholdService"
    private let graphQL: any GraphQLServing
    private let lists: TTLCache<String, [Household]>
    private let singles: TTLCache<String, Household>

    /// A service over `graphQL`, whose cache expires by `clock`.
    public init<C: Clock>(graphQL: any GraphQLServing, clock: C) where C.Duration == Duration {
        self.graphQL = graphQL
        self.lists = TTLCache(defaultTTL: Self.cacheLifetime, clock: clock)
        self.singles = TTLCache(defaultTTL: Self.cacheLifetime, clock: clock)
    }

    /// A service over `graphQL`, whose cache expires by the continuous clock.
    public init(graphQL: any GraphQLServing) {
        self.init(graphQL: graphQL, clock: ContinuousClock())
    }

    // MARK: Reading

    public func households() async throws -> [Household] {
        try await lists.value(forKey: "households") { [graphQL] in
            try PantryJSON.decode([Household].self, try await graphQL.query(Self.householdsQuery, variables: [:], policy: .networkOnly), at: "households")
        }
    }

    public func household(id: String) async throws -> Household {
        let id = try Self.required(id, "Household id")
        return try await singles.value(forKey: id) { [graphQL] in
            let data = try await graphQL.query(Self.householdQuery, variables: ["id": .string(id)], policy: .networkOnly)
            return try PantryJSON.decode(Household.self, data, at: "household")
        }
    }

    public func members(of householdId: String) async throws -> [HouseholdMember] {
        try await household(id: householdId).members
    }

    public nonisolated func watchHouseholds() -> Watched<[Household]> {
        graphQL.watch(Self.householdsQuery, variables: [:], policy: .cacheAndNetwork).map { data in
            try PantryJSON.decode([Household].self, data, at: "households")
        }
    }

    // MARK: Households

    public func createHousehold(name: String, description: String?) async throws -> Household {
        let input = try Self.input(name: name, description: description)
        let data = try await change("mutation($input: HouseholdInput!) { createHousehold(input: $input) { \(Self.householdFields) } }", ["input": input])
        return try PantryJSON.decode(Household.self, data, at: "createHousehold")
    }

    public func updateHousehold(id: String, name: String, description: String?) async throws -> Household {
        let id = try Self.required(id, "Household id")
        let input = try Self.input(name: name, description: description)
        let data = try await change("mutation($id: String!, $input: HouseholdInput!) { updateHousehold(id: $id, input: $input) { \(Self.householdFields) } }", ["id": .string(id), "input": input])
        return try PantryJSON.decode(Household.self, data, at: "updateHousehold")
    }

    public func deleteHousehold(id: String) async throws {
        let id = try Self.required(id, "Household id")
        _ = try await change("mutation($id: String!) { deleteHousehold(id: $id) }", ["id": .string(id)])
    }

    // MARK: Invites

    public func createInvite(householdId: String) async throws -> InviteCode {
        let id = try Self.required(householdId, "Household id")
        let data = try await change("mutation($id: String!) { createInvite(householdId: $id) { code householdId createdBy createdAt expiresAt } }", ["id": .string(id)])
        return try PantryJSON.decode(InviteCode.self, data, at: "createInvite")
    }

    public func revokeInvite(code: String) async throws {
        let code = try Self.inviteCode(code)
        _ = try await change("mutation($code: String!) { revokeInvite(code: $code) }", ["code": .string(code)])
    }

    public func joinHousehold(inviteCode: String) async throws -> Household {
        let code = try Self.inviteCode(inviteCode)
        let data = try await change("mutation($code: String!) { joinHousehold(code: $code) { \(Self.householdFields) } }", ["code": .string(code)])
        return try PantryJSON.decode(Household.self, data, at: "joinHousehold")
    }

    // MARK: Members

    public func updateMemberRole(memberId: String, role: MemberRole) async throws -> HouseholdMember {
        let id = try Self.required(memberId, "Member id")
        let data = try await change("mutation($id: String!, $role: MemberRole!) { updateMemberRole(memberId: $id, role: $role) { \(Self.memberFields) } }", ["id": .string(id), "role": .string(role.rawValue)])
        return try PantryJSON.decode(HouseholdMember.self, data, at: "updateMemberRole")
    }

    public func removeMember(memberId: String) async throws {
        let id = try Self.required(memberId, "Member id")
        _ = try await change("mutation($id: String!) { removeMember(memberId: $id) }", ["id": .string(id)])
    }

    public func leaveHousehold(householdId: String) async throws {
        let id = try Self.required(householdId, "Household id")
        _ = try await change("mutation($id: String!) { leaveHousehold(householdId: $id) }", ["id": .string(id)])
    }

    // MARK: Health

    public func checkHealth() async -> HealthStatus {
        let started = ContinuousClock.now
        do {
            _ = try await graphQL.query(Self.householdsQuery, variables: [:], policy: .networkOnly)
            return HealthStatus(isHealthy: true, lastChecked: Date(), responseTime: Self.seconds(since: started))
        } catch {
            return HealthStatus(isHealthy: false, lastChecked: Date(), errors: ["\(error)"], responseTime: Self.seconds(since: started))
        }
    }

    // MARK: Plumbing

    static let memberFields = "id userId householdId role joinedAt"
    static let householdFields = "id name description createdBy createdAt updatedAt memberCount members { \(memberFields) }"
    static let householdsQuery = "{ households { \(householdFields) } }"
    static let householdQuery = "query($id: String!) { household(id: $id) { \(householdFields) } }"

    /// Runs a mutation, then empties the cache and refreshes the household list its watchers read.
    private func change(_ document: String, _ variables: [String: RawJSON]) async throws -> RawJSON {
        let data = try await graphQL.mutate(document, variables: variables)
        await lists.removeAll()
        await singles.removeAll()
        _ = try? await graphQL.query(Self.householdsQuery, variables: [:], policy: .networkOnly)
        return data
    }

    private static func input(name: String, description: String?) throws -> RawJSON {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw ServiceError.validationFailed("Household name cannot be empty") }
        let description = description?.trimmingCharacters(in: .whitespacesAndNewlines)
        return .object(["name": .string(name), "description": description.flatMap { $0.isEmpty ? nil : .string($0) } ?? .null])
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
