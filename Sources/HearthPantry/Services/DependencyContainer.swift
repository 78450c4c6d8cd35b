public import HearthCore

/// The pantry's services by role, resolved from a HearthCore ``ServiceContainer``; asking for one that was not
/// set up fails with an error that names it.
public struct DependencyContainer: Sendable {
    /// The container the services are registered on.
    public let container: ServiceContainer

    /// The services registered on `container`.
    public init(container: ServiceContainer) {
        self.container = container
    }

    /// The GraphQL client and its normalized cache.
    public func graphQL() throws -> any GraphQLServing { try resolve((any GraphQLServing).self, "GraphQLService") }
    /// Signing in and out, and the kept session.
    public func auth() throws -> any AuthServicing { try resolve((any AuthServicing).self, "AuthService") }
    /// Households, members and invites.
    public func households() throws -> any HouseholdServicing {
        try resolve((any HouseholdServicing).self, "HouseholdService")
    }
    /// Households' pantries: items and their stock.
    public func pantry() throws -> any PantryServicing { try resolve((any PantryServicing).self, "PantryService") }
    /// Follows households' changes made on other clients and refreshes the watched queries they touch.
    public func liveUpdates() throws -> any PantryLiveUpdating {
        try resolve((any PantryLiveUpdating).self, "PantryLiveUpdates")
    }
    /// Households' recipes, and what can be cooked from the stock.
    public func recipes() throws -> any RecipeServicing { try resolve((any RecipeServicing).self, "RecipeService") }
    /// Households' shopping lists.
    public func shoppingList() throws -> any ShoppingListServicing {
        try resolve((any ShoppingListServicing).self, "ShoppingListService")
    }
    /// Households' meal plans, the shopping they need, and cooking from stock.
    public func mealPlan() throws -> any MealPlanServicing {
        try resolve((any MealPlanServicing).self, "MealPlanService")
    }
    /// The signed-in user's profile, and the people they share households with.
    public func users() throws -> any UserServicing { try resolve((any UserServicing).self, "UserService") }
    /// The user's preferences.
    public func preferences() throws -> any UserPreferencesServicing {
        try resolve((any UserPreferencesServicing).self, "UserPreferencesService")
    }
    /// Follows other members' changes to the user's households, keeping households and permissions current.
    public func membershipUpdates() throws -> any MembershipUpdating {
        try resolve((any MembershipUpdating).self, "MembershipUpdates")
    }
    /// What the user may do, from the server's rules.
    public func permissions() throws -> any PermissionServicing {
        try resolve((any PermissionServicing).self, "PermissionService")
    }

    /// Signs out and forgets everything kept for the account: live subscriptions stop, the GraphQL cache, the
    /// household and recipe caches and the permission rules are emptied, watched queries end, and the last
    /// selected household is forgotten, so the next account to sign in sees none of this one's data. All of it
    /// is forgotten even when the server cannot be told (the error is thrown afterwards).
    public func signOut() async throws {
        await (try? liveUpdates() as? any SessionScoped)?.forgetSession()
        await (try? membershipUpdates() as? any SessionScoped)?.forgetSession()
        let signedOut: Result<Void, any Error>
        do {
            try await auth().signOut()
            signedOut = .success(())
        } catch {
            signedOut = .failure(error)
        }
        let scoped: [(any SessionScoped)?] = [
            try? graphQL() as? any SessionScoped, try? households() as? any SessionScoped,
            try? recipes() as? any SessionScoped,
            try? permissions() as? any SessionScoped, try? preferences() as? any SessionScoped,
            try? pantry() as? any SessionScoped, try? shoppingList() as? any SessionScoped,
            try? users() as? any SessionScoped,
        ]
        for service in scoped.compactMap({ $0 }) { await service.forgetSession() }
        if let graphQL = try? graphQL(), !(graphQL is any SessionScoped) { await graphQL.clearCache() }
        try signedOut.get()
    }

    /// Every registered service's health, by service name.
    public func health() async -> [String: HealthStatus] {
        var services: [any ServiceHealth] = []
        if let service = try? graphQL() { services.append(service) }
        if let service = try? auth() { services.append(service) }
        if let service = try? households() { services.append(service) }
        if let service = try? pantry() { services.append(service) }
        if let service = try? recipes() { services.append(service) }
        if let service = try? shoppingList() { services.append(service) }
        if let service = try? users() { services.append(service) }
        if let service = try? mealPlan() { services.append(service) }
        if let service = try? preferences() { services.append(service) }
        if let service = try? permissions() { services.append(service) }
        var report: [String: HealthStatus] = [:]
        for service in services { report[service.serviceName] = await service.checkHealth() }
        return report
    }

    private func resolve<T: Sendable>(_ type: T.Type, _ name: String) throws -> T {
        guard container.isRegistered(type) else {
            throw ServiceError(
                .notRegistered,
                "The \(name) was not set up: create the services with ServiceFactory.makeServices(…), or register \(name) on the container, before asking for it."
            )
        }
        return try container.resolve(type)
    }
}
