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

    public func graphQL() throws -> any GraphQLServing { try resolve((any GraphQLServing).self, "GraphQLService") }
    public func auth() throws -> any AuthServicing { try resolve((any AuthServicing).self, "AuthService") }
    public func households() throws -> any HouseholdServicing { try resolve((any HouseholdServicing).self, "HouseholdService") }
    public func items() throws -> any PantryItemServicing { try resolve((any PantryItemServicing).self, "PantryItemService") }
    public func preferences() throws -> any UserPreferencesServicing { try resolve((any UserPreferencesServicing).self, "UserPreferencesService") }
    public func permissions() throws -> any PermissionServicing { try resolve((any PermissionServicing).self, "PermissionService") }

    /// Every registered service's health, by service name.
    public func health() async -> [String: HealthStatus] {
        var services: [any ServiceHealth] = []
        if let service = try? graphQL() { services.append(service) }
        if let service = try? auth() { services.append(service) }
        if let service = try? households() { services.append(service) }
        if let service = try? items() { services.append(service) }
        if let service = try? preferences() { services.append(service) }
        if let service = try? permissions() { services.append(service) }
        var report: [String: HealthStatus] = [:]
        for service in services { report[service.serviceName] = await service.checkHealth() }
        return report
    }

    private func resolve<T: Sendable>(_ type: T.Type, _ name: String) throws -> T {
        guard container.isRegistered(type) else {
            throw ServiceError(.notRegistered, "The \(name) was not set up: create the services with ServiceFactory.makeServices(…), or register \(name) on the container, before asking for it.")
        }
        return try container.resolve(type)
    }
}
