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
    /// Asks the server again for every watched query that `matches` picks (by its document and variables), so its
    /// watchers see what changed elsewhere; returns how many queries were asked.
    @discardableResult
    func refetchWatched(where matches: @escaping @Sendable (_ document: String, _ variables: [String: RawJSON]) -> Bool)
        async -> Int
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

extension GraphQLServing {
    /// Runs a typed query and reads its answer; a mutation runs as a mutation whatever `policy` says.
    public func perform<Operation: PantryOperation>(_ operation: Operation, policy: GraphQLCachePolicy = .networkOnly)
        async throws -> Operation.Answer
    {
        let data: RawJSON
        switch Operation.kind {
        case .query:
            data = try await query(Operation.document, variables: operation.variables, policy: policy)
        case .mutation:
            data = try await mutate(Operation.document, variables: operation.variables)
        case .subscription:
            throw ServiceError.validationFailed(
                "\(Operation.self) is a subscription; follow it with a subscription client, not perform.")
        }
        return try PantryJSON.decode(Operation.Answer.self, data, at: Operation.field)
    }

    /// A typed query's answer, then the answer again whenever a later answer changes an object it reads.
    public func watch<Operation: PantryOperation>(_ operation: Operation, policy: GraphQLCachePolicy = .cacheAndNetwork)
        -> Watched<Operation.Answer>
    {
        watch(Operation.document, variables: operation.variables, policy: policy).map { data in
            try PantryJSON.decode(Operation.Answer.self, data, at: Operation.field)
        }
    }
}
