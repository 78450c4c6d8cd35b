public import AsyncHTTPClient
public import Foundation
public import HearthCore
public import HearthStore

/// Builds the pantry's client services for one server and wires them together on a ``ServiceContainer``.
///
/// ```swift
/// let services = ServiceFactory.makeServices(serverURL: url, httpClient: http, files: ProtectedFileStore(directory: folder))
/// try await services.auth().signIn(email: "ada@example.com", password: "correct horse")
/// let households = try await services.households().households()
/// ```
public enum ServiceFactory {
    /// The services for `serverURL`: sessions in a token store in `files`, preferences in `files`, requests through
    /// `httpClient` (the caller shuts it down), household and recipe caches expiring by `clock`, live updates pinging
    /// and reconnecting on `clock`, token expiry by `now`.
    public static func makeServices<C: Clock>(
        serverURL: URL, httpClient: HTTPClient, files: ProtectedFileStore, clock: C,
        now: @escaping @Sendable () -> Date = { Date() },
        container: ServiceContainer = ServiceContainer()
    ) -> DependencyContainer where C.Duration == Duration {
        container.register((any AuthServicing).self) { _ in
            AuthService(
                serverURL: serverURL, httpClient: httpClient,
                tokens: SecureTokenStore(files: files, fileName: "pantry-tokens.json"), now: now)
        }
        container.register((any GraphQLServing).self) { container in
            let auth = try container.resolve((any AuthServicing).self)
            return GraphQLService(endpoint: serverURL.appendingPathComponent("graphql"), httpClient: httpClient) {
                try await auth.tokenForRequest()
            }
        }
        container.register((any HouseholdServicing).self) { container in
            HouseholdService(
                graphQL: try container.resolve((any GraphQLServing).self), clock: clock,
                preferences: try container.resolve((any UserPreferencesServicing).self)
            ) { [weak container] in
                // The user's memberships changed: their rules and the households followed follow.
                await (try? container?.resolve((any PermissionServicing).self))?.invalidate()
                try? await container?.resolve((any MembershipUpdating).self).sync()
            }
        }
        container.register((any MembershipUpdating).self) { container in
            let auth = try container.resolve((any AuthServicing).self)
            return MembershipUpdates(
                households: try container.resolve((any HouseholdServicing).self),
                permissions: try container.resolve((any PermissionServicing).self),
                subscriptions: GraphQLSubscriptionClient(serverURL: serverURL, clock: clock) {
                    try await auth.tokenForRequest()
                })
        }
        container.register((any PantryServicing).self) { container in
            PantryService(graphQL: try container.resolve((any GraphQLServing).self))
        }
        container.register((any PantryLiveUpdating).self) { container in
            let auth = try container.resolve((any AuthServicing).self)
            let subscriptions = GraphQLSubscriptionClient(serverURL: serverURL, clock: clock) {
                try await auth.tokenForRequest()
            }
            return PantryLiveUpdates(
                graphQL: try container.resolve((any GraphQLServing).self), subscriptions: subscriptions)
        }
        container.register((any RecipeServicing).self) { container in
            RecipeService(graphQL: try container.resolve((any GraphQLServing).self), clock: clock)
        }
        container.register((any ShoppingListServicing).self) { container in
            ShoppingListService(graphQL: try container.resolve((any GraphQLServing).self))
        }
        container.register((any MealPlanServicing).self) { container in
            MealPlanService(graphQL: try container.resolve((any GraphQLServing).self))
        }
        container.register((any UserServicing).self) { container in
            UserService(graphQL: try container.resolve((any GraphQLServing).self))
        }
        container.register((any PermissionServicing).self) { container in
            PermissionService(graphQL: try container.resolve((any GraphQLServing).self))
        }
        container.register((any UserPreferencesServicing).self) { _ in
            UserPreferencesService(files: files)
        }
        return DependencyContainer(container: container)
    }

    /// The services for `serverURL`, with household caches expiring by the continuous clock.
    public static func makeServices(serverURL: URL, httpClient: HTTPClient, files: ProtectedFileStore)
        -> DependencyContainer
    {
        makeServices(serverURL: serverURL, httpClient: httpClient, files: files, clock: ContinuousClock())
    }
}
