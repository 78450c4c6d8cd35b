import Foundation
public import HearthCore
import HearthPantryModel
public import HearthPermissions

/// What the signed-in user may do in the pantry, from the server's CASL rules.
public protocol PermissionServicing: ServiceHealth {
    /// The user's rules as the server sent them last, fetched when not yet known.
    func ability() async throws -> Ability
    /// Asks the server for the rules again (after joining or leaving a household, or a role change).
    @discardableResult func refresh() async throws -> Permissions
    /// Forgets the rules held, so the next question asks the server again.
    func invalidate() async
    /// Whether the user can manage the household (owner or admin).
    func canManageHousehold(_ householdId: String) async throws -> Bool
    /// Whether the user can read the household (any member).
    func canReadHousehold(_ householdId: String) async throws -> Bool
    /// Whether the user can edit the household.
    func canUpdateHousehold(_ householdId: String) async throws -> Bool
    /// Whether the user can delete the household.
    func canDeleteHousehold(_ householdId: String) async throws -> Bool
    /// Whether the user can manage the household's members.
    func canManageMembers(in householdId: String) async throws -> Bool
}

/// The user's permissions from `me { permissions { rules version } }`, evaluated by HearthPermissions'
/// ``Ability`` as the server evaluates them; the rules are kept until ``refresh()`` or a new version.
///
/// The rules follow the user's memberships: ``HouseholdService`` has them asked for again after every change it makes
/// (joining, leaving, creating, roles), and ``MembershipUpdates`` after every change other members make to the
/// user's households (a role given or taken, being removed) as `householdChanged` reports it.
public actor PermissionService: PermissionServicing, SessionScoped {
    public nonisolated let serviceName = "PermissionService"
    private let graphQL: any GraphQLServing
    private var permissions: Permissions?
    private var current: Ability?

    /// A service asking `graphQL` for the rules.
    public init(graphQL: any GraphQLServing) {
        self.graphQL = graphQL
    }

    public func ability() async throws -> Ability {
        if let current { return current }
        try await refresh()
        guard let current else { throw ServiceError.operationFailed("The permission rules could not be loaded.") }
        return current
    }

    /// The version of the rules held, if any.
    public var version: String? { permissions?.version }

    @discardableResult
    public func refresh() async throws -> Permissions {
        let data = try await graphQL.query(
            "{ me { id permissions { rules version } } }", variables: [:], policy: .networkOnly)
        let fetched = try PantryJSON.decode(Permissions.self, data, at: "me", "permissions")
        if fetched != permissions || current == nil {
            do {
                current = try Ability(fetched)
            } catch {
                throw ServiceError(
                    .decodingFailed, "The server sent permission rules this client cannot read: \(error)",
                    underlying: error)
            }
            permissions = fetched
        }
        return fetched
    }

    public func invalidate() {
        permissions = nil
        current = nil
    }

    /// Forgets the rules, so the next question asks the server (as whoever is signed in then).
    public func forgetSession() {
        invalidate()
    }

    public func canManageHousehold(_ householdId: String) async throws -> Bool {
        try await ability().canManageHousehold(householdId)
    }
    public func canReadHousehold(_ householdId: String) async throws -> Bool {
        try await ability().canReadHousehold(householdId)
    }
    public func canUpdateHousehold(_ householdId: String) async throws -> Bool {
        try await ability().canUpdateHousehold(householdId)
    }
    public func canDeleteHousehold(_ householdId: String) async throws -> Bool {
        try await ability().canDeleteHousehold(householdId)
    }
    public func canManageMembers(in householdId: String) async throws -> Bool {
        try await ability().canManageMembers(in: householdId)
    }

    public func checkHealth() async -> HealthStatus {
        let started = Date()
        do {
            try await refresh()
            return HealthStatus(isHealthy: true, lastChecked: started, responseTime: Date().timeIntervalSince(started))
        } catch {
            return HealthStatus(
                isHealthy: false, lastChecked: started, errors: ["\(error)"],
                responseTime: Date().timeIntervalSince(started))
        }
    }
}
