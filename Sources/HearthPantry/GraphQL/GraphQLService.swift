public import AsyncHTTPClient
public import Foundation
public import HearthCore
public import HearthPantryModel
import NIOHTTP1

/// The pantry server's GraphQL endpoint (`POST /graphql` with a bearer token), with a normalized cache.
///
/// Every selection set gets `__typename`, so objects that also have an `id` are cached once under
/// `Typename:id`; a mutation's answer updates them, and every ``watch(_:variables:policy:)`` whose answer
/// reads a changed object yields the answer again. GraphQL errors become `ServiceError`s by their
/// `extensions.code` (`UNAUTHENTICATED`, `FORBIDDEN`, `NOT_FOUND`, `BAD_USER_INPUT`, else operationFailed).
///
/// ```swift
/// let graphQL = GraphQLService(endpoint: server.appending(path: "graphql"), httpClient: http) { try await auth.tokenForRequest() }
/// let data = try await graphQL.query("{ households { id name } }", variables: [:], policy: .cacheFirst)
/// ```
public actor GraphQLService: GraphQLServing, SessionScoped {
    private struct Watcher {
        let operation: String
        let document: String
        let variables: [String: RawJSON]
        let continuation: AsyncThrowingStream<RawJSON, any Error>.Continuation
        var reads: Set<String>
        var last: RawJSON?
    }

    private struct Answer: Decodable {
        let data: RawJSON?
        let errors: [GraphQLErrorMapping.Failure]?
    }

    public nonisolated let serviceName = "GraphQLService"
    /// The `/graphql` URL.
    public nonisolated let endpoint: URL
    private let http: PantryHTTP
    private let token: @Sendable () async throws -> String?
    private var cache = NormalizedCache()
    private var watchers: [UUID: Watcher] = [:]
    private var refreshes: [UUID: Task<Void, Never>] = [:]
    /// Moved on by ``forgetSession()``: an answer to a request sent before is not cached.
    private var session = 0

    /// A client of `endpoint`, sending the token `token` gives (none when it gives nil) with every request.
    public init(endpoint: URL, httpClient: HTTPClient, token: @escaping @Sendable () async throws -> String?) {
        self.endpoint = endpoint
        self.http = PantryHTTP(client: httpClient)
        self.token = token
    }

    // MARK: Operations

    public func query(_ document: String, variables: [String: RawJSON], policy: GraphQLCachePolicy) async throws
        -> RawJSON
    {
        let prepared = GraphQLDocument.addingTypename(to: document)
        let operation = Self.operationKey(prepared, variables)
        switch policy {
        case .cacheFirst:
            if let hit = cache.read(operation: operation) { return hit.data }
            return try await fetch(prepared, variables, operation: operation)
        case .networkOnly:
            return try await fetch(prepared, variables, operation: operation)
        case .networkFirst:
            return try await networkFirst(prepared, variables, operation: operation)
        case .cacheOnly:
            guard let hit = cache.read(operation: operation) else { throw Self.notCached }
            return hit.data
        case .cacheAndNetwork:
            guard let hit = cache.read(operation: operation) else {
                return try await fetch(prepared, variables, operation: operation)
            }
            let id = UUID()
            refreshes[id] = Task {
                _ = try? await self.fetch(prepared, variables, operation: operation)
                self.refreshFinished(id)
            }
            return hit.data
        }
    }

    public func mutate(_ document: String, variables: [String: RawJSON]) async throws -> RawJSON {
        try await fetch(GraphQLDocument.addingTypename(to: document), variables, operation: nil)
    }

    public nonisolated func watch(_ document: String, variables: [String: RawJSON], policy: GraphQLCachePolicy)
        -> Watched<RawJSON>
    {
        let prepared = GraphQLDocument.addingTypename(to: document)
        let operation = Self.operationKey(prepared, variables)
        return Watched {
            AsyncThrowingStream { continuation in
                let id = UUID()
                let task = Task {
                    await self.startWatching(
                        id, prepared, variables, operation: operation, policy: policy, continuation)
                }
                continuation.onTermination = { _ in
                    task.cancel()
                    Task { await self.stopWatching(id) }
                }
            }
        }
    }

    public func clearCache() {
        cache.removeAll()
    }

    /// Empties the cache, ends every watcher's stream and stops the background refreshes; answers to requests
    /// still under way are given to their callers but not cached.
    public func forgetSession() {
        session += 1
        cache.removeAll()
        let ended = watchers.values
        watchers = [:]
        for watcher in ended { watcher.continuation.finish() }
        for task in refreshes.values { task.cancel() }
        refreshes = [:]
    }

    @discardableResult
    public func refetchWatched(
        where matches: @escaping @Sendable (_ document: String, _ variables: [String: RawJSON]) -> Bool
    ) async -> Int {
        var seen = Set<String>()
        let wanted = watchers.values.filter { matches($0.document, $0.variables) && seen.insert($0.operation).inserted }
        for watcher in wanted {
            _ = try? await fetch(watcher.document, watcher.variables, operation: watcher.operation)
        }
        return wanted.count
    }

    /// How many watchers are following queries now.
    public var watcherCount: Int { watchers.count }

    /// Waits for the background refreshes that cache-and-network queries started.
    public func waitForRefreshes() async {
        while let task = refreshes.values.first { await task.value }
    }

    // MARK: Health

    public func checkHealth() async -> HealthStatus {
        let started = ContinuousClock.now
        do {
            _ = try await fetch("{ __typename }", [:], operation: nil)
            return HealthStatus(isHealthy: true, lastChecked: Date(), responseTime: Self.seconds(since: started))
        } catch {
            return HealthStatus(
                isHealthy: false, lastChecked: Date(), errors: ["\(error)"], responseTime: Self.seconds(since: started))
        }
    }

    // MARK: Watching

    private func startWatching(
        _ id: UUID, _ document: String, _ variables: [String: RawJSON], operation: String, policy: GraphQLCachePolicy,
        _ continuation: AsyncThrowingStream<RawJSON, any Error>.Continuation
    ) async {
        watchers[id] = Watcher(
            operation: operation, document: document, variables: variables, continuation: continuation,
            reads: [NormalizedCache.rootKey(operation)], last: nil)
        do {
            switch policy {
            case .cacheFirst:
                if cache.read(operation: operation) == nil {
                    _ = try await fetch(document, variables, operation: operation)
                }
            case .networkOnly:
                _ = try await fetch(document, variables, operation: operation)
            case .networkFirst:
                _ = try await networkFirst(document, variables, operation: operation)
            case .cacheOnly:
                if cache.read(operation: operation) == nil { throw Self.notCached }
            case .cacheAndNetwork:
                emit(id)
                _ = try await fetch(document, variables, operation: operation)
            }
            emit(id)
        } catch {
            watchers[id] = nil
            continuation.finish(throwing: error is CancellationError ? nil : error)
        }
    }

    private func stopWatching(_ id: UUID) {
        watchers[id] = nil
    }

    /// Yields the watcher's answer as the cache holds it now, when it differs from what it last yielded.
    private func emit(_ id: UUID) {
        guard var watcher = watchers[id], let hit = cache.read(operation: watcher.operation) else { return }
        watcher.reads = hit.reads
        if watcher.last != hit.data {
            watcher.last = hit.data
            watcher.continuation.yield(hit.data)
        }
        watchers[id] = watcher
    }

    private func refreshFinished(_ id: UUID) {
        refreshes[id] = nil
    }

    // MARK: Network

    /// The server's answer, or the cached one when the server cannot be reached.
    private func networkFirst(_ document: String, _ variables: [String: RawJSON], operation: String) async throws
        -> RawJSON
    {
        do {
            return try await fetch(document, variables, operation: operation)
        } catch let error as ServiceError where error.code == .serverUnreachable {
            guard let hit = cache.read(operation: operation) else { throw error }
            return hit.data
        }
    }

    /// Sends the operation, stores its answer (as `operation`'s answer when given) and tells the watchers.
    private func fetch(_ document: String, _ variables: [String: RawJSON], operation: String?) async throws -> RawJSON {
        let body = try JSONEncoder().encode(["query": RawJSON.string(document), "variables": RawJSON.object(variables)])
        let sentIn = session
        let bearer = try await token()
        let response: (status: Int, body: Data)
        do {
            response = try await http.send(.POST, endpoint, body: body, token: bearer)
        } catch let error as ServiceError {
            throw ServiceError(.serverUnreachable, error.message, underlying: error.underlying)
        }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: response.body) else {
            let text = String(decoding: response.body.prefix(200), as: UTF8.self)
            throw ServiceError.operationFailed(
                "\(endpoint.absoluteString) answered HTTP \(response.status) with a body that is not a GraphQL answer: \(text.isEmpty ? "(empty)" : text). Check that the server address points at a Hearth server."
            )
        }
        if let errors = answer.errors, !errors.isEmpty { throw GraphQLErrorMapping.error(for: errors) }
        guard let data = answer.data, case .object = data else {
            throw ServiceError.operationFailed(
                "\(endpoint.absoluteString) answered HTTP \(response.status) without data or errors.")
        }
        guard sentIn == session else { return data }
        let changed = cache.write(data, operation: operation)
        if !changed.isEmpty {
            for (id, watcher) in watchers where !watcher.reads.isDisjoint(with: changed) { emit(id) }
        }
        return data
    }

    private static let notCached = ServiceError(
        .notFound, "The cache holds no answer to this query; run it once with a policy that asks the server.")

    private static func operationKey(_ document: String, _ variables: [String: RawJSON]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let encoded = (try? encoder.encode(variables)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return document + "\n" + encoded
    }

    private static func seconds(since start: ContinuousClock.Instant) -> TimeInterval {
        let elapsed = start.duration(to: .now).components
        return TimeInterval(elapsed.seconds) + TimeInterval(elapsed.attoseconds) / 1e18
    }
}

extension ServiceError.Code {
    /// The server could not be reached (connection refused, timed out, name not resolved).
    public static let serverUnreachable = ServiceError.Code("SERVER_UNREACHABLE")
}
