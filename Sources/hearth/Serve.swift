import ArgumentParser
import Foundation
import HearthCore
import HearthServer
import Logging

/// `hearth serve`: runs the Hearth server until interrupted.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the Hearth server (sync API, health and metrics).",
        discussion: """
            Settings come from flags, then environment variables (HEARTH_HOST, HEARTH_PORT, HEARTH_DATA_DIR,
            HEARTH_LOG_LEVEL, HEARTH_DATABASE_URL, HEARTH_RATE_LIMIT, HEARTH_RATE_BURST, HEARTH_MAX_REQUEST_BYTES,
            HEARTH_MAX_ASSET_BYTES, HEARTH_DATABASE_CONNECTIONS, the HEARTH_GRAPHQL_* each GraphQL flag names), then defaults: 127.0.0.1:8080 with data in ./hearth-data
            and the record store in ./hearth-data/cloud.sqlite.
            Stop it with Ctrl-C or SIGTERM; it finishes the requests in flight first.
            """
    )

    @Option(help: "The address to listen on (default 127.0.0.1; 0.0.0.0 for every interface).")
    var host: String?

    @Option(help: "The port to listen on (default 8080; 0 picks a free port).")
    var port: Int?

    @Option(name: .customLong("data-dir"), help: "Where to keep databases and files (default ./hearth-data).")
    var dataDirectory: String?

    @Option(help: "A postgres://user:password@host:5432/database URL for the record store, so several servers can share it (default: SQLite in the data directory).")
    var database: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (default info).")
    var logLevel: String?

    @Option(name: .customLong("rate-limit"), help: "Requests per second each user may make on average (default 50; HEARTH_RATE_LIMIT).")
    var rateLimit: Double?

    @Option(name: .customLong("rate-burst"), help: "Requests each user may make at once (default 200; HEARTH_RATE_BURST).")
    var rateBurst: Double?

    @Option(name: .customLong("max-request-bytes"), help: "The largest request body but an asset upload (default 16000000; HEARTH_MAX_REQUEST_BYTES).")
    var maxRequestBytes: Int?

    @Option(name: .customLong("max-asset-bytes"), help: "The largest asset upload (default 50000000; HEARTH_MAX_ASSET_BYTES).")
    var maxAssetBytes: Int?

    @Option(name: .customLong("database-connections"), help: "Connections each server keeps to PostgreSQL (default 20; HEARTH_DATABASE_CONNECTIONS).")
    var databaseConnections: Int?

    @Option(name: .customLong("analytics-key"), help: "A project key the analytics collector accepts (repeat, or comma separate; HEARTH_ANALYTICS_KEYS). None: the collector is off.")
    var analyticsKeys: [String] = []

    @Option(name: .customLong("graphql-max-document-bytes"), help: "The longest GraphQL document, in bytes; longer ones are refused before they are read (default 32768; HEARTH_GRAPHQL_MAX_DOCUMENT_BYTES).")
    var graphQLMaxDocumentBytes: Int?

    @Option(name: .customLong("graphql-max-tokens"), help: "The most tokens (names, punctuation, numbers, strings) a GraphQL document may have, counted before it is parsed (default 1000; HEARTH_GRAPHQL_MAX_TOKENS).")
    var graphQLMaxTokens: Int?

    @Option(name: .customLong("graphql-max-depth"), help: "How deeply a GraphQL operation's selections may nest, through fragments; brackets may nest 20 more, checked before parsing (default 15, at most 100; HEARTH_GRAPHQL_MAX_DEPTH).")
    var graphQLMaxDepth: Int?

    @Option(name: .customLong("graphql-max-aliases"), help: "The most aliases a GraphQL operation may use, a fragment's counted at each spread (default 15; HEARTH_GRAPHQL_MAX_ALIASES).")
    var graphQLMaxAliases: Int?

    @Option(name: .customLong("graphql-max-directives"), help: "The most directives a GraphQL operation may use, counted as aliases are (default 50; HEARTH_GRAPHQL_MAX_DIRECTIVES).")
    var graphQLMaxDirectives: Int?

    @Option(name: .customLong("graphql-max-cost"), help: "The highest cost a GraphQL operation may have: each field once per element of the lists around it, fragments at each spread, introspection what it answers (default 20000; HEARTH_GRAPHQL_MAX_COST).")
    var graphQLMaxCost: Int?

    @Option(name: .customLong("graphql-introspection"), help: "Who may introspect the GraphQL schema (__schema, __type): on (everyone), signed-in, or off (default signed-in; HEARTH_GRAPHQL_INTROSPECTION).")
    var graphQLIntrospection: String?

    @Option(name: .customLong("graphql-max-subscriptions"), help: "The most GraphQL subscriptions one WebSocket may run at once (default 20; HEARTH_GRAPHQL_MAX_SUBSCRIPTIONS).")
    var graphQLMaxSubscriptions: Int?

    @Option(name: .customLong("graphql-max-user-subscriptions"), help: "The most GraphQL subscriptions one user may run at once across their WebSockets to this server (default 100; HEARTH_GRAPHQL_MAX_USER_SUBSCRIPTIONS).")
    var graphQLMaxUserSubscriptions: Int?

    @Option(name: .customLong("graphql-subscription-buffer"), help: "Events a GraphQL subscription may have waiting to be sent; a WebSocket that falls further behind is closed with 4413 (default 64; HEARTH_GRAPHQL_SUBSCRIPTION_BUFFER).")
    var graphQLSubscriptionBuffer: Int?

    @Option(name: .customLong("graphql-rate-limit"), help: "GraphQL operations per second each user may send on average (default: the --rate-limit; HEARTH_GRAPHQL_RATE_LIMIT).")
    var graphQLRateLimit: Double?

    @Option(name: .customLong("graphql-rate-burst"), help: "GraphQL operations each user may send at once (default: the --rate-burst; HEARTH_GRAPHQL_RATE_BURST).")
    var graphQLRateBurst: Double?

    @Option(name: .customLong("graphql-answer-cache-mb"), help: "Megabytes of GraphQL query answers kept until something they show changes, each user at most an eighth of them; 0 keeps none (default 64; HEARTH_GRAPHQL_ANSWER_CACHE_MB).")
    var graphQLAnswerCacheMegabytes: Int?

    func run() async throws {
        let configuration = try ServerConfiguration.resolve(
            host: host, port: port, dataDirectory: dataDirectory, logLevel: logLevel, database: database,
            rateLimit: rateLimit, rateBurst: rateBurst, maxRequestBytes: maxRequestBytes, maxAssetBytes: maxAssetBytes,
            databaseConnections: databaseConnections, analyticsKeys: analyticsKeys,
            graphQLMaxDocumentBytes: graphQLMaxDocumentBytes, graphQLMaxTokens: graphQLMaxTokens,
            graphQLMaxDepth: graphQLMaxDepth, graphQLMaxAliases: graphQLMaxAliases, graphQLMaxDirectives: graphQLMaxDirectives,
            graphQLMaxCost: graphQLMaxCost, graphQLIntrospection: graphQLIntrospection,
            graphQLMaxSubscriptions: graphQLMaxSubscriptions, graphQLMaxUserSubscriptions: graphQLMaxUserSubscriptions,
            graphQLSubscriptionBuffer: graphQLSubscriptionBuffer,
            graphQLRateLimit: graphQLRateLimit, graphQLRateBurst: graphQLRateBurst,
            graphQLAnswerCacheMegabytes: graphQLAnswerCacheMegabytes
        )
        LoggingSystem.bootstrap { label in ServerLogHandler(label: label, level: configuration.logLevel) }
        let app = try await buildApplication(configuration)
        try await runServer(app, configuration: configuration)
    }
}
