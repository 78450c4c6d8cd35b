import Foundation
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

    /// - Parameters:
    ///   - store: the pantry's tables (migrated).
    /// - Throws: when the schema cannot be built (a programming error).
    package init(store: PantryStore, limits: GraphQLLimits = GraphQLLimits(), logger: Logger) throws {
        let (schema, keyPaths) = try PantrySchema.make()
        self.schema = schema
        self.resolver = PantryResolver()
        self.store = store
        self.limits = limits
        self.shaper = GraphQLErrorShaper(logger: logger)
        self.logger = logger
        self.documents = DocumentCache(capacity: 512)
        self.serial = SerialExecutor(schema: schema.schema, keyPaths: keyPaths)
    }

    /// The service on the pantry's tables in the record store's database (see ``migrate(_:)``).
    public init(on recordStore: SQLRecordStore, limits: GraphQLLimits = GraphQLLimits(), logger: Logger) throws {
        try self.init(store: PantryStore(database: recordStore.database), limits: limits, logger: logger)
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
        // Mutations, and whatever the serial executor declines (errors among them), with fresh loaders.
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
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        if let name = request.operationName {
            return operations.first { $0.name?.value == name }?.operation
        }
        return operations.count == 1 ? operations[0].operation : nil
    }
}
