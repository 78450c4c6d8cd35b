import Crypto
import Foundation
public import GraphQL
import Graphiti
public import HearthCloud
import HearthCore
import HearthPantryModel
public import Logging

/// Runs GraphQL operations against the pantry schema for a caller.
///
/// Every error comes back shaped by ``GraphQLErrorShaper``; ``GraphQLLimits`` are checked before anything runs.
public protocol PantryGraphQLServing: Sendable {
    /// Runs a query or mutation.
    func execute(_ request: GraphQLRequest, viewer: PantryViewer?) async -> GraphQLResult
    /// Runs a query or mutation and returns its answer as the JSON bytes of a response body, with whether it
    /// was refused before it ran. A query's answer may be one kept from before, when nothing it could show has
    /// changed since.
    func respond(_ request: GraphQLRequest, viewer: PantryViewer?) async -> PantryGraphQLAnswer
    /// Starts a subscription: a stream of results, one per event, or the errors that refused it.
    func subscribe(_ request: GraphQLRequest, viewer: PantryViewer?) async -> Result<
        AsyncThrowingStream<GraphQLResult, any Error>, GraphQLErrors
    >
    /// Where `viewer`'s answers stand: a value that changes with every write to anything a query of theirs could
    /// show (their households, housemates and account), so whatever was made from their answers may be kept
    /// while it stays the same.
    func answerVersion(for viewer: PantryViewer) async throws -> String
    /// The kind of operation `request` would run for `viewer`; nil when the document is refused (over a limit,
    /// malformed, invalid) or names no such operation.
    func operationType(of request: GraphQLRequest, viewer: PantryViewer?) -> OperationType?
}

/// The pantry's GraphQL service: the schema, its resolvers, the limits and the error shaping.
///
/// A document is checked before anything runs, each step linear in its length: its byte length, one scan of
/// its tokens and brackets, the parse, the limits (depth, aliases, directives, cost, with each fragment measured
/// once), GraphQL's validation, and whether the caller may introspect. A document that passes is kept by the
/// SHA-256 of its text (``DocumentCache``), so the next request with the same text skips every step but the
/// hash and the introspection check. Callers who are not signed in get no "Did you mean …?" suggestions.
///
/// ```swift
/// let graphQL = try PantryGraphQL(on: recordStore, logger: logger)
/// let result = await graphQL.execute(GraphQLRequest(query: "{ me { id email } }"), viewer: viewer)
/// ```
public struct PantryGraphQL: PantryGraphQLServing {
    let schema: Schema<PantryResolver, PantryContext>
    let resolver: PantryResolver
    let limits: GraphQLLimits
    /// Who may introspect.
    let introspection: GraphQLIntrospection
    /// The schema's fields as the limits look them up.
    let shapes: FieldShapes
    /// The schema as introspection answers it, to count what introspection costs.
    let model: IntrospectionModel
    let shaper: GraphQLErrorShaper
    let store: PantryStore
    let logger: Logger
    /// Documents already checked, by the SHA-256 of their text: clients send the same few operations again and again.
    let documents: DocumentCache
    /// Runs queries in one task; what it declines runs through GraphQL's executor.
    let serial: SerialExecutor
    /// Answers to queries kept while nothing they show has changed (nil when keeping none).
    let answers: AnswerCache?

    /// What kept documents may cost together unless told otherwise: 16 MiB.
    public static let defaultKeptDocumentBytes = 16 << 20

    /// - Parameters:
    ///   - store: the pantry's tables (migrated).
    ///   - limits: how large a document and its operations may be.
    ///   - introspection: who may ask for the schema.
    ///   - keptAnswerBytes: how many bytes of query answers ``respond(_:viewer:)`` may keep; 0 keeps none.
    ///   - keptDocumentBytes: how many bytes checked documents may take, parsed; 0 keeps none.
    ///   - recipePages: what `importRecipe` fetches pages with; its size limit holds for pages sent as HTML too.
    ///   - products: what `lookupBarcode` asks about products (by default ``OpenFoodFacts``).
    ///   - inviteCodes: the invite codes each account may try (`joinHousehold`), by its user id; nil for no limit.
    /// - Throws: when the schema cannot be built (a programming error).
    package init(
        store: PantryStore, limits: GraphQLLimits = GraphQLLimits(), introspection: GraphQLIntrospection = .signedIn,
        keptAnswerBytes: Int = 0, keptDocumentBytes: Int = Self.defaultKeptDocumentBytes,
        recipePages: any RecipePageFetching = RecipePageFetcher(), products: any ProductLookup = OpenFoodFacts(),
        inviteCodes: (any RateLimiting)? = nil, logger: Logger
    ) throws {
        let (schema, keyPaths) = try PantrySchema.make()
        self.schema = schema
        self.resolver = PantryResolver(
            recipePages: RecipeImporting(fetcher: recipePages, maxBytes: recipePages.maxBytes), products: products,
            inviteCodes: inviteCodes)
        self.store = store
        self.limits = limits
        self.introspection = introspection
        self.shapes = FieldShapes(schema: schema.schema)
        self.model = IntrospectionModel(schema: schema.schema)
        self.shaper = GraphQLErrorShaper(logger: logger)
        self.logger = logger
        self.documents = DocumentCache(byteLimit: keptDocumentBytes)
        self.serial = SerialExecutor(schema: schema.schema, keyPaths: keyPaths)
        self.answers = keptAnswerBytes > 0 ? AnswerCache(byteLimit: keptAnswerBytes) : nil
    }

    /// The service on the pantry's tables in the record store's database (see ``migrate(_:)``).
    ///
    /// - Parameters:
    ///   - limits: how large a document and its operations may be.
    ///   - introspection: who may ask for the schema.
    ///   - keptAnswerBytes: how many bytes of query answers ``respond(_:viewer:)`` may keep; 0 keeps none.
    ///   - keptDocumentBytes: how many bytes checked documents may take, parsed; 0 keeps none.
    ///   - recipePages: what `importRecipe` fetches pages with (by default a ``RecipePageFetcher`` that refuses
    ///     private addresses).
    ///   - products: what `lookupBarcode` asks about products (by default ``OpenFoodFacts`` at its own address).
    ///
    /// Each account may try ``inviteCodesPerHour`` invite codes an hour (a burst of as many), counted in the
    /// record store's database so every server process on it shares the count.
    public init(
        on recordStore: SQLRecordStore, limits: GraphQLLimits = GraphQLLimits(),
        introspection: GraphQLIntrospection = .signedIn,
        keptAnswerBytes: Int = 0, keptDocumentBytes: Int = Self.defaultKeptDocumentBytes,
        recipePages: any RecipePageFetching = RecipePageFetcher(), products: any ProductLookup = OpenFoodFacts(),
        logger: Logger
    ) throws {
        try self.init(
            store: PantryStore(database: recordStore.database), limits: limits, introspection: introspection,
            keptAnswerBytes: keptAnswerBytes, keptDocumentBytes: keptDocumentBytes, recipePages: recipePages,
            products: products,
            inviteCodes: recordStore.makeRateLimiter(
                name: "invite-codes", rate: Self.inviteCodesPerHour / 3_600, burst: Self.inviteCodesPerHour),
            logger: logger)
    }

    /// Invite codes an account may try in an hour: a household member types one or two; a guesser needs
    /// hundreds of billions.
    public static let inviteCodesPerHour: Double = 10

    /// Creates or upgrades the pantry's tables in the record store's database.
    public static func migrate(_ recordStore: SQLRecordStore) async throws {
        try await PantryStore(database: recordStore.database).migrate()
    }

    /// The schema as GraphQL's type system (for printing it, or for tools).
    public var graphQLSchema: GraphQLSchema { schema.schema }

    public func execute(_ request: GraphQLRequest, viewer: PantryViewer?) async -> GraphQLResult {
        let checked: Checked
        switch self.checked(request, viewer: viewer) {
        case .refused(let errors): return GraphQLResult(errors: errors)
        case .document(let found): checked = found
        }
        if let data = await serial.run(
            checked.document, operationName: request.operationName, variables: request.variables,
            rootValue: resolver, context: PantryContext(viewer: viewer, store: store))
        {
            return GraphQLResult(data: data)
        }
        return await executeWithGraphQL(checked.document, request, viewer: viewer)
    }

    public func answerVersion(for viewer: PantryViewer) async throws -> String {
        try await store.answerVersion(for: viewer.userID)
    }

    public func respond(_ request: GraphQLRequest, viewer: PantryViewer?) async -> PantryGraphQLAnswer {
        let checked: Checked
        switch self.checked(request, viewer: viewer) {
        case .refused(let errors):
            return PantryGraphQLAnswer(
                body: GraphQLResponseBody.bytes(GraphQLResult(errors: errors)), refusal: Self.code(of: errors.first))
        case .document(let found):
            checked = found
        }
        guard let answers, let viewer,
            let operation = Self.operation(in: checked.document, named: request.operationName),
            operation.operation == .query
        else {
            return PantryGraphQLAnswer(
                body: GraphQLResponseBody.bytes(await run(checked.document, request, viewer: viewer)))
        }
        // Read before anything else: what the query reads afterwards can only be newer than this version.
        let version: String
        do {
            version = try await store.answerVersion(for: viewer.userID)
        } catch {
            logger.warning(
                "Could not read what the caller's answers are made from, so this answer is built and not kept",
                metadata: ["error": "\(error)"])
            return PantryGraphQLAnswer(
                body: GraphQLResponseBody.bytes(await run(checked.document, request, viewer: viewer)))
        }
        let context = PantryContext(viewer: viewer, store: store)
        // Only the variables the operation declares can change its answer; others are left out of the key.
        let declared = Set(operation.variableDefinitions.map(\.variable.name.value))
        let key = AnswerCache.Key(
            userID: viewer.userID, document: checked.digest, operationName: request.operationName,
            variables: request.variables.filter { declared.contains($0.key) }, day: context.today)
        switch answers.claim(key, version: version) {
        case .kept(let body):
            return PantryGraphQLAnswer(body: body)
        case .wait:
            if let body = await answers.wait(key, version: version) { return PantryGraphQLAnswer(body: body) }
            return PantryGraphQLAnswer(
                body: await build(checked.document, request, context: context, viewer: viewer).body)
        case .build:
            let (body, keep) = await build(checked.document, request, context: context, viewer: viewer)
            answers.finish(key, version: version, body: body, keep: keep)
            return PantryGraphQLAnswer(body: body)
        }
    }

    /// Runs a checked document: through the serial executor when it can, else GraphQL's.
    private func run(_ document: Document, _ request: GraphQLRequest, viewer: PantryViewer?) async -> GraphQLResult {
        if let data = await serial.run(
            document, operationName: request.operationName, variables: request.variables,
            rootValue: resolver, context: PantryContext(viewer: viewer, store: store))
        {
            return GraphQLResult(data: data)
        }
        return await executeWithGraphQL(document, request, viewer: viewer)
    }

    /// The answer's body, and whether it may be kept: built by the serial executor, without errors, reading
    /// nothing from the clock but the day.
    private func build(_ document: Document, _ request: GraphQLRequest, context: PantryContext, viewer: PantryViewer)
        async -> (body: Data, keep: Bool)
    {
        guard
            let data = await serial.run(
                document, operationName: request.operationName, variables: request.variables, rootValue: resolver,
                context: context)
        else {
            return (GraphQLResponseBody.bytes(await executeWithGraphQL(document, request, viewer: viewer)), false)
        }
        return (GraphQLResponseBody.bytes(GraphQLResult(data: data)), !context.hasReadTheClock)
    }

    /// Runs `document` through GraphQL's executor: mutations, and whatever the serial executor declines (errors
    /// among them), with fresh loaders.
    private func executeWithGraphQL(_ document: Document, _ request: GraphQLRequest, viewer: PantryViewer?) async
        -> GraphQLResult
    {
        let context = PantryContext(viewer: viewer, store: store)
        let result: GraphQLResult
        do {
            result = shaper.shape(
                try await GraphQL.execute(
                    schema: schema.schema, documentAST: document, rootValue: resolver, context: context,
                    variableValues: request.variables, operationName: request.operationName), phase: .execution)
        } catch {
            result = GraphQLResult(errors: [shaper.shape(GraphQLError(error), phase: .execution)])
        }
        return viewer == nil ? GraphQLErrorShaper.withoutSuggestions(result) : result
    }

    public func subscribe(_ request: GraphQLRequest, viewer: PantryViewer?) async -> Result<
        AsyncThrowingStream<GraphQLResult, any Error>, GraphQLErrors
    > {
        if case .refused(let errors) = checked(request, viewer: viewer) { return .failure(GraphQLErrors(errors)) }
        let context = PantryContext(viewer: viewer, store: store)
        do {
            // The text passed the checks above; GraphQL parses and validates it again for its own subscription.
            let result = try await graphqlSubscribe(
                schema: schema.schema, request: request.query, rootValue: resolver, context: context,
                variableValues: request.variables, operationName: request.operationName, validationRules: specifiedRules
            )
            switch result {
            case .failure(let errors):
                return .failure(GraphQLErrors(errors.errors.map { shaper.shape($0, phase: .execution) }))
            case .success(let stream):
                let shaper = self.shaper
                return .success(
                    AsyncThrowingStream { continuation in
                        let task = Task {
                            do {
                                for try await event in stream {
                                    continuation.yield(shaper.shape(event, phase: .execution))
                                }
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

    /// A document that may run, with the digest it is kept under.
    private struct Checked {
        let document: Document
        let digest: SHA256Digest
    }

    /// The request's document when it passes every check for `viewer`; otherwise the errors that refuse it.
    private func checked(_ request: GraphQLRequest, viewer: PantryViewer?) -> CheckResult {
        switch found(request, viewer: viewer) {
        case .refused(let errors):
            return .refused(viewer == nil ? errors.map(GraphQLErrorShaper.withoutSuggestions) : errors)
        case .document(let checked, let introspects):
            guard !introspects || introspection.allows(signedIn: viewer != nil) else {
                let message =
                    introspection == .off
                    ? "This server does not answer introspection (__schema, __type); ask its operator for the schema."
                    : "Introspection (__schema, __type) is for signed-in callers: send a bearer token from POST /cloud/v1/accounts/signin."
                return .refused([GraphQLErrorShaper.error(.introspectionDisabled, message)])
            }
            return .document(checked)
        }
    }

    private enum CheckResult {
        case document(Checked)
        case refused([GraphQLError])
    }

    /// The request's document and whether it introspects, when it passes the limits and validation; kept
    /// documents are found by the SHA-256 of their text, and new ones kept, charged to `viewer`.
    private func found(_ request: GraphQLRequest, viewer: PantryViewer?) -> Found {
        // The length is known without reading the text; no longer text is hashed, scanned or parsed.
        if let tooLong = limits.refusal(ofLength: request.query) { return .refused([tooLong]) }
        let digest = DocumentCache.digest(request.query)
        if let kept = documents[digest] {
            return .document(Checked(document: kept.document, digest: digest), introspects: kept.introspects)
        }
        let scan: GraphQLDocumentScan
        switch limits.scan(request.query) {
        case .failure(let error): return .refused([error])
        case .success(let found): scan = found
        }
        let document: Document
        do {
            document = try parse(source: Source(body: request.query, name: "GraphQL request"))
        } catch {
            let failure = error as? GraphQLError ?? GraphQLError(message: "The query could not be read.")
            return .refused([shaper.shape(failure, phase: .validation)])
        }
        // The limits first: GraphQL's validation then only ever sees operations of a bounded size.
        let measured = limits.measure(document, shapes: shapes, model: model)
        guard measured.errors.isEmpty else { return .refused(measured.errors) }
        let errors = validate(schema: schema.schema, ast: document, rules: specifiedRules)
        guard errors.isEmpty else { return .refused(errors.map { shaper.shape($0, phase: .validation) }) }
        documents.keep(
            DocumentCache.Entry(
                document: document, introspects: measured.introspects,
                bytes: DocumentCache.cost(textBytes: request.query.utf8.count, tokens: scan.tokens)),
            for: digest, owner: viewer?.userID ?? "")
        return .document(Checked(document: document, digest: digest), introspects: measured.introspects)
    }

    private enum Found {
        case document(Checked, introspects: Bool)
        case refused([GraphQLError])
    }

    public func operationType(of request: GraphQLRequest, viewer: PantryViewer?) -> OperationType? {
        guard case .document(let checked) = checked(request, viewer: viewer) else { return nil }
        return Self.operation(in: checked.document, named: request.operationName)?.operation
    }

    /// The operation `name` (or the only one) in `document`.
    private static func operation(in document: Document, named name: String?) -> OperationDefinition? {
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        if let name {
            return operations.first { $0.name?.value == name }
        }
        return operations.count == 1 ? operations[0] : nil
    }

    /// The `extensions.code` of `error`, when it has one of ours.
    private static func code(of error: GraphQLError?) -> GraphQLErrorCode? {
        guard case .string(let code)? = error?.extensions["code"] else { return nil }
        return GraphQLErrorCode(rawValue: code)
    }
}
