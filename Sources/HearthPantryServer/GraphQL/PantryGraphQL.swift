public import Foundation
import Graphiti
public import GraphQL
public import HearthCloud
import HearthCore
public import Logging

/// Runs GraphQL operations against the pantry schema for a caller.
///
/// Every error comes back shaped by ``GraphQLErrorShaper``; ``GraphQLLimits`` are checked before anything runs.
public protocol PantryGraphQLServing: Sendable {
    /// Runs a query or mutation.
    func execute(_ request: GraphQLRequest, viewer: PantryViewer?) async -> GraphQLResult
    /// Runs a query or mutation and returns its answer as the JSON bytes of a response body. A query's answer
    /// may be one kept from before, when nothing it could show has changed since.
    func respond(_ request: GraphQLRequest, viewer: PantryViewer?) async -> Data
    /// Starts a subscription: a stream of results, one per event, or the errors that refused it.
    func subscribe(_ request: GraphQLRequest, viewer: PantryViewer?) async -> Result<AsyncThrowingStream<GraphQLResult, any Error>, GraphQLErrors>
    /// The kind of operation `request` would run (nil when the document cannot be parsed or names no such operation).
    func operationType(of request: GraphQLRequest) -> OperationType?
}

/// The pantry's GraphQL service: the schema, its resolvers, the limits and the error shaping.
///
/// ```swift
/// let graphQL = try PantryGraphQL(logger: logger)
/// let result = await graphQL.execute(GraphQLRequest(query: "{ me { id email } }"), viewer: viewer)
/// ```
public struct PantryGraphQL: PantryGraphQLServing {
    let schema: Schema<PantryResolver, PantryContext>
    let resolver: PantryResolver
    let limits: GraphQLLimits
    let shaper: GraphQLErrorShaper
    let store: PantryStore
    let logger: Logger
    /// Documents already parsed and validated, by query text: clients send the same few operations again and again.
    let documents: DocumentCache
    /// Runs queries in one task; what it declines runs through GraphQL's executor.
    let serial: SerialExecutor
    /// Answers to queries kept while nothing they show has changed (nil when keeping none).
    let answers: AnswerCache?

    /// - Parameters:
    ///   - store: the pantry's tables (migrated).
    /// - Throws: when the schema cannot be built (a programming error).
    ///   - keptAnswerBytes: how many bytes of query answers ``respond(_:viewer:)`` may keep; 0 keeps none.
    package init(store: PantryStore, limits: GraphQLLimits = GraphQLLimits(), keptAnswerBytes: Int = 0, logger: Logger) throws {
        let (schema, keyPaths) = try PantrySchema.make()
        self.schema = schema
        self.resolver = PantryResolver()
        self.store = store
        self.limits = limits
        self.shaper = GraphQLErrorShaper(logger: logger)
        self.logger = logger
        self.documents = DocumentCache(capacity: 512)
        self.serial = SerialExecutor(schema: schema.schema, keyPaths: keyPaths)
        self.answers = keptAnswerBytes > 0 ? AnswerCache(byteLimit: keptAnswerBytes) : nil
    }

    /// The service on the pantry's tables in the record store's database (see ``migrate(_:)``).
    ///
    /// - Parameter keptAnswerBytes: how many bytes of query answers ``respond(_:viewer:)`` may keep; 0 keeps none.
    public init(on recordStore: SQLRecordStore, limits: GraphQLLimits = GraphQLLimits(), keptAnswerBytes: Int = 0, logger: Logger) throws {
        try self.init(store: PantryStore(database: recordStore.database), limits: limits, keptAnswerBytes: keptAnswerBytes, logger: logger)
    }

    /// Creates or upgrades the pantry's tables in the record store's database.
    public static func migrate(_ recordStore: SQLRecordStore) async throws {
        try await PantryStore(database: recordStore.database).migrate()
    }

    /// The schema as GraphQL's type system (for printing it, or for tools).
    public var graphQLSchema: GraphQLSchema { schema.schema }

    public func execute(_ request: GraphQLRequest, viewer: PantryViewer?) async -> GraphQLResult {
        let document: Document
        switch checked(request) {
        case .refused(let errors): return GraphQLResult(errors: errors)
        case .document(let parsed): document = parsed
        }
        if let data = await serial.run(
            document, operationName: request.operationName, variables: request.variables,
            rootValue: resolver, context: PantryContext(viewer: viewer, store: store)) {
            return GraphQLResult(data: data)
        }
        return await executeWithGraphQL(document, request, viewer: viewer)
    }

    public func respond(_ request: GraphQLRequest, viewer: PantryViewer?) async -> Data {
        guard let answers, let viewer, case .document(let document) = checked(request),
              Self.operationType(in: document, named: request.operationName) == .query else {
            return GraphQLResponseBody.bytes(await execute(request, viewer: viewer))
        }
        // Read before anything else: what the query reads afterwards can only be newer than this version.
        let version: String
        do {
            version = try await store.answerVersion(for: viewer.userID)
        } catch {
            logger.warning("Could not read what the caller's answers are made from, so this answer is built and not kept", metadata: ["error": "\(error)"])
            return GraphQLResponseBody.bytes(await execute(request, viewer: viewer))
        }
        let context = PantryContext(viewer: viewer, store: store)
        let key = AnswerCache.Key(
            userID: viewer.userID, query: request.query, operationName: request.operationName, variables: request.variables, day: context.today)
        switch answers.claim(key, version: version) {
        case .kept(let body):
            return body
        case .wait:
            if let body = await answers.wait(key, version: version) { return body }
            return await build(document, request, context: context, viewer: viewer).body
        case .build:
            let (body, keep) = await build(document, request, context: context, viewer: viewer)
            answers.finish(key, version: version, body: body, keep: keep)
            return body
        }
    }

    /// The answer's body, and whether it may be kept: built by the serial executor, without errors, reading
    /// nothing from the clock but the day.
    private func build(_ document: Document, _ request: GraphQLRequest, context: PantryContext, viewer: PantryViewer) async -> (body: Data, keep: Bool) {
        guard let data = await serial.run(
            document, operationName: request.operationName, variables: request.variables, rootValue: resolver, context: context) else {
            return (GraphQLResponseBody.bytes(await executeWithGraphQL(document, request, viewer: viewer)), false)
        }
        return (GraphQLResponseBody.bytes(GraphQLResult(data: data)), !context.hasReadTheClock)
    }

    /// Runs `document` through GraphQL's executor: mutations, and whatever the serial executor declines (errors
    /// among them), with fresh loaders.
    private func executeWithGraphQL(_ document: Document, _ request: GraphQLRequest, viewer: PantryViewer?) async -> GraphQLResult {
        let context = PantryContext(viewer: viewer, store: store)
        do {
            let result = try await GraphQL.execute(
                schema: schema.schema, documentAST: document, rootValue: resolver, context: context,
                variableValues: request.variables, operationName: request.operationName)
            return shaper.shape(result, phase: .execution)
        } catch {
            return GraphQLResult(errors: [shaper.shape(GraphQLError(error), phase: .execution)])
        }
    }

    public func subscribe(_ request: GraphQLRequest, viewer: PantryViewer?) async -> Result<AsyncThrowingStream<GraphQLResult, any Error>, GraphQLErrors> {
        if case .refused(let errors) = checked(request) { return .failure(GraphQLErrors(errors)) }
        let context = PantryContext(viewer: viewer, store: store)
        do {
            let result = try await graphqlSubscribe(
                schema: schema.schema, request: request.query, rootValue: resolver, context: context,
                variableValues: request.variables, operationName: request.operationName,
                validationRules: specifiedRules + limits.rules)
            switch result {
            case .failure(let errors):
                return .failure(GraphQLErrors(errors.errors.map { shaper.shape($0, phase: .execution) }))
            case .success(let stream):
                let shaper = self.shaper
                return .success(AsyncThrowingStream { continuation in
                    let task = Task {
                        do {
                            for try await event in stream { continuation.yield(shaper.shape(event, phase: .execution)) }
                            continuation.finish()
                        } catch {
                            continuation.finish(throwing: error)
                        }
                    }
                    continuation.onTermination = { _ in task.cancel() }
                })
            }
        } catch {
            return .failure(GraphQLErrors([shaper.shape(GraphQLError(error), phase: .execution)]))
        }
    }

    /// The request's document when it parses and passes validation (GraphQL's rules and the limits);
    /// otherwise the errors that refuse it, all `BAD_USER_INPUT`.
    private func checked(_ request: GraphQLRequest) -> Checked {
        if let document = documents[request.query] { return .document(document) }
        let document: Document
        do {
            document = try parse(source: Source(body: request.query, name: "GraphQL request"))
        } catch {
            let failure = error as? GraphQLError ?? GraphQLError(message: "The query could not be read.")
            return .refused([shaper.shape(failure, phase: .validation)])
        }
        let errors = validate(schema: schema.schema, ast: document, rules: specifiedRules + limits.rules)
        guard errors.isEmpty else { return .refused(errors.map { shaper.shape($0, phase: .validation) }) }
        documents[request.query] = document
        return .document(document)
    }

    private enum Checked {
        case document(Document)
        case refused([GraphQLError])
    }

    public func operationType(of request: GraphQLRequest) -> OperationType? {
        guard let document = documents[request.query] ?? (try? parse(source: Source(body: request.query, name: "GraphQL request"))) else { return nil }
        return Self.operationType(in: document, named: request.operationName)
    }

    /// The kind of operation `name` (or the only one) is in `document`.
    private static func operationType(in document: Document, named name: String?) -> OperationType? {
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        if let name {
            return operations.first { $0.name?.value == name }?.operation
        }
        return operations.count == 1 ? operations[0].operation : nil
    }
}
