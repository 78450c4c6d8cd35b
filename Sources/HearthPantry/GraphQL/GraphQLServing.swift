public import HearthCore
public import HearthPantryModel

/// Runs GraphQL operations against the pantry server, with a normalized cache.
public protocol GraphQLServing: ServiceHealth {
    /// The `data` of a query's answer, from where `policy` says.
    func query(_ document: String, variables: [String: RawJSON], policy: GraphQLCachePolicy) async throws -> RawJSON
    /// The `data` of a mutation's answer; the objects in it update the cache (and whoever watches them).
    func mutate(_ document: String, variables: [String: RawJSON]) async throws -> RawJSON
    /// A query's answer, then the answer again whenever a later answer changes an object it reads.
    func watch(_ document: String, variables: [String: RawJSON], policy: GraphQLCachePolicy) -> Watched<RawJSON>
    /// Forgets every cached answer and object.
    func clearCache() async
}

extension GraphQLServing {
    /// A query with the cache-first policy.
    public func query(_ document: String, variables: [String: RawJSON] = [:]) async throws -> RawJSON {
        try await query(document, variables: variables, policy: .cacheFirst)
    }

    /// A mutation without variables.
    public func mutate(_ document: String) async throws -> RawJSON {
        try await mutate(document, variables: [:])
    }
}
