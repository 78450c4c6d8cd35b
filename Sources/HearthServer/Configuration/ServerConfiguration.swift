public import Foundation
public import HearthCloud
public import HearthPantryServer
public import Logging
import HearthCore

/// Settings for the Hearth server.
///
/// Each setting comes from, in order: a command-line flag, an environment variable, the default.
///
/// | setting        | flag          | environment         | default          |
/// |----------------|---------------|---------------------|------------------|
/// | host           | `--host`      | `HEARTH_HOST`       | `127.0.0.1`      |
/// | port           | `--port`      | `HEARTH_PORT`       | `8080`           |
/// | data directory | `--data-dir`  | `HEARTH_DATA_DIR`   | `./hearth-data`  |
/// | log level      | `--log-level` | `HEARTH_LOG_LEVEL`  | `info`           |
/// | record database| `--database`  | `HEARTH_DATABASE_URL` | `cloud.sqlite` in the data directory |
/// | requests per second per user | `--rate-limit` | `HEARTH_RATE_LIMIT` | 50 |
/// | burst per user | `--rate-burst` | `HEARTH_RATE_BURST` | 200 |
/// | largest request body | `--max-request-bytes` | `HEARTH_MAX_REQUEST_BYTES` | 16,000,000 |
/// | largest asset | `--max-asset-bytes` | `HEARTH_MAX_ASSET_BYTES` | 50,000,000 |
/// | PostgreSQL connections per server | `--database-connections` | `HEARTH_DATABASE_CONNECTIONS` | 20 |
/// | analytics project keys (comma separated) | `--analytics-key` | `HEARTH_ANALYTICS_KEYS` | none: the collector is off |
/// | longest GraphQL document, in bytes | `--graphql-max-document-bytes` | `HEARTH_GRAPHQL_MAX_DOCUMENT_BYTES` | 32,768 |
/// | most tokens in a GraphQL document | `--graphql-max-tokens` | `HEARTH_GRAPHQL_MAX_TOKENS` | 1,000 |
/// | deepest GraphQL operation | `--graphql-max-depth` | `HEARTH_GRAPHQL_MAX_DEPTH` | 15 (brackets may nest 20 more) |
/// | most aliases in a GraphQL operation | `--graphql-max-aliases` | `HEARTH_GRAPHQL_MAX_ALIASES` | 15 |
/// | most directives in a GraphQL operation | `--graphql-max-directives` | `HEARTH_GRAPHQL_MAX_DIRECTIVES` | 50 |
/// | costliest GraphQL operation | `--graphql-max-cost` | `HEARTH_GRAPHQL_MAX_COST` | 20,000 |
/// | who may introspect the GraphQL schema | `--graphql-introspection` | `HEARTH_GRAPHQL_INTROSPECTION` | `signed-in` (or `on`, `off`) |
/// | GraphQL subscriptions per WebSocket | `--graphql-max-subscriptions` | `HEARTH_GRAPHQL_MAX_SUBSCRIPTIONS` | 20 |
/// | GraphQL subscriptions per user, across WebSockets | `--graphql-max-user-subscriptions` | `HEARTH_GRAPHQL_MAX_USER_SUBSCRIPTIONS` | 100 |
/// | events a GraphQL subscription may have waiting to be sent | `--graphql-subscription-buffer` | `HEARTH_GRAPHQL_SUBSCRIPTION_BUFFER` | 64 |
/// | GraphQL operations per second per user | `--graphql-rate-limit` | `HEARTH_GRAPHQL_RATE_LIMIT` | the cloud API's rate |
/// | GraphQL burst per user | `--graphql-rate-burst` | `HEARTH_GRAPHQL_RATE_BURST` | the cloud API's burst |
/// | memory for kept GraphQL answers, in megabytes | `--graphql-answer-cache-mb` | `HEARTH_GRAPHQL_ANSWER_CACHE_MB` | 64 (0 keeps none) |
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port to listen on; 0 picks a free one.
    public var port: Int
    /// Where the server keeps its databases and files.
    public var dataDirectory: URL
    /// How much the server logs.
    public var logLevel: Logger.Level
    /// The name the server reports in its `Server` header and logs.
    public var serverName: String
    /// A `postgres://` URL for the record store; nil keeps it in SQLite in the data directory.
    public var databaseURL: String?
    /// The record store's limits and policies.
    public var cloud: CloudConfiguration
    /// How many connections each server keeps to PostgreSQL.
    public var databaseConnections: Int = 20
    /// The project keys the analytics collector accepts as `api_key`; empty turns the collector off.
    public var analyticsKeys: [String] = []
    /// How long, how deep and how costly a GraphQL document and its operations may be.
    public var graphQLLimits = GraphQLLimits()
    /// Who may ask the GraphQL schema about itself.
    public var graphQLIntrospection = GraphQLIntrospection.signedIn
    /// What checked GraphQL documents the server keeps, parsed, may take in memory.
    public var graphQLDocumentCacheBytes = PantryGraphQL.defaultKeptDocumentBytes
    /// The most GraphQL subscriptions one WebSocket connection may run at once.
    public var graphQLMaxSubscriptionsPerConnection = 20
    /// The most GraphQL subscriptions one user may run at once, across their connections to this server.
    public var graphQLMaxSubscriptionsPerUser = 100
    /// How many events a subscription may have waiting to be sent; a connection that falls further behind is closed.
    public var graphQLSubscriptionBuffer = 64
    /// How many bytes of events a WebSocket's subscriptions may have waiting to be sent together; past them the
    /// connection is closed as having fallen behind.
    public var graphQLSubscriptionBufferBytes = 16 << 20
    /// How long a GraphQL WebSocket may stay silent before the server pings it; a ping unanswered for as long
    /// again closes it.
    public var graphQLPingInterval: Duration = .seconds(30)
    /// GraphQL operations each user may send per second on average; nil uses the cloud API's rate.
    public var graphQLRequestsPerSecond: Double?
    /// GraphQL operations each user may send at once; nil uses the cloud API's burst.
    public var graphQLBurst: Double?
    /// Bytes of query answers the GraphQL endpoint may keep until something they show changes; 0 keeps none.
    public var graphQLAnswerCacheBytes = 64 << 20

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: URL = URL(fileURLWithPath: "hearth-data"),
        logLevel: Logger.Level = .info,
        serverName: String = "Hearth",
        databaseURL: String? = nil,
        cloud: CloudConfiguration = CloudConfiguration()
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.logLevel = logLevel
        self.serverName = serverName
        self.databaseURL = databaseURL
        self.cloud = cloud
    }

    /// The configuration from `flags` over `environment` over the defaults.
    /// - Throws: ``ServiceError`` naming the setting when a value is malformed.
    public static func resolve(
        host: String? = nil,
        port: Int? = nil,
        dataDirectory: String? = nil,
        logLevel: String? = nil,
        database: String? = nil,
        rateLimit: Double? = nil,
        rateBurst: Double? = nil,
        maxRequestBytes: Int? = nil,
        maxAssetBytes: Int? = nil,
        databaseConnections: Int? = nil,
        analyticsKeys: [String]? = nil,
        graphQLMaxDocumentBytes: Int? = nil,
        graphQLMaxTokens: Int? = nil,
        graphQLMaxDepth: Int? = nil,
        graphQLMaxAliases: Int? = nil,
        graphQLMaxDirectives: Int? = nil,
        graphQLMaxCost: Int? = nil,
        graphQLIntrospection: String? = nil,
        graphQLMaxSubscriptions: Int? = nil,
        graphQLMaxUserSubscriptions: Int? = nil,
        graphQLSubscriptionBuffer: Int? = nil,
        graphQLRateLimit: Double? = nil,
        graphQLRateBurst: Double? = nil,
        graphQLAnswerCacheMegabytes: Int? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> ServerConfiguration {
        var configuration = ServerConfiguration()
        /// The flag's value, else the environment's, checked to lie in `range`.
        func number<T: Comparable & LosslessStringConvertible>(
            _ flag: T?, _ variable: String, _ option: String, _ range: ClosedRange<T>, _ what: String
        ) throws -> T? {
            var value = flag
            if value == nil, let text = environment[variable], !text.isEmpty {
                guard let parsed = T(text) else {
                    throw ServiceError.validationFailed("\(variable) is \"\(text)\", which is not a number; give \(what) from \(range.lowerBound) to \(range.upperBound).")
                }
                value = parsed
            }
            if let value, !range.contains(value) {
                throw ServiceError.validationFailed("\(option) \(value) is out of range; give \(what) from \(range.lowerBound) to \(range.upperBound).")
            }
            return value
        }
        if let value = try number(rateLimit, "HEARTH_RATE_LIMIT", "--rate-limit", 0.01...1_000_000, "requests per second per user") {
            configuration.cloud.requestsPerSecond = value
        }
        if let value = try number(rateBurst, "HEARTH_RATE_BURST", "--rate-burst", 1...10_000_000, "requests a user may make at once") {
            configuration.cloud.burst = value
        }
        if let value = try number(maxRequestBytes, "HEARTH_MAX_REQUEST_BYTES", "--max-request-bytes", 1_024...1_000_000_000, "a body size in bytes") {
            configuration.cloud.maxRequestBytes = value
        }
        if let value = try number(maxAssetBytes, "HEARTH_MAX_ASSET_BYTES", "--max-asset-bytes", 1_024...10_000_000_000, "an asset size in bytes") {
            configuration.cloud.maxAssetBytes = value
        }
        if let value = try number(databaseConnections, "HEARTH_DATABASE_CONNECTIONS", "--database-connections", 1...1_000, "a number of connections") {
            configuration.databaseConnections = value
        }
        if let value = try number(
            graphQLMaxDocumentBytes, "HEARTH_GRAPHQL_MAX_DOCUMENT_BYTES", "--graphql-max-document-bytes", 1_024...1_000_000, "a document length in bytes") {
            configuration.graphQLLimits.maxDocumentBytes = value
        }
        if let value = try number(graphQLMaxTokens, "HEARTH_GRAPHQL_MAX_TOKENS", "--graphql-max-tokens", 10...100_000, "a number of tokens") {
            configuration.graphQLLimits.maxTokens = value
        }
        // GraphQL's parser descends once per bracket: 100 levels, and 20 more for input values, stay far from
        // the stack's end.
        if let value = try number(graphQLMaxDepth, "HEARTH_GRAPHQL_MAX_DEPTH", "--graphql-max-depth", 1...100, "a nesting depth") {
            configuration.graphQLLimits.maxDepth = value
        }
        if let value = try number(graphQLMaxAliases, "HEARTH_GRAPHQL_MAX_ALIASES", "--graphql-max-aliases", 0...10_000, "a number of aliases") {
            configuration.graphQLLimits.maxAliases = value
        }
        if let value = try number(graphQLMaxDirectives, "HEARTH_GRAPHQL_MAX_DIRECTIVES", "--graphql-max-directives", 0...10_000, "a number of directives") {
            configuration.graphQLLimits.maxDirectives = value
        }
        if let value = try number(graphQLMaxCost, "HEARTH_GRAPHQL_MAX_COST", "--graphql-max-cost", 1...1_000_000_000, "a cost") {
            configuration.graphQLLimits.maxCost = value
        }
        if let text = graphQLIntrospection ?? environment["HEARTH_GRAPHQL_INTROSPECTION"], !text.isEmpty {
            guard let value = GraphQLIntrospection(rawValue: text.lowercased()) else {
                throw ServiceError.validationFailed("GraphQL introspection \"\(text.prefix(40))\" is not one of: on, signed-in, off.")
            }
            configuration.graphQLIntrospection = value
        }
        if let value = try number(
            graphQLMaxSubscriptions, "HEARTH_GRAPHQL_MAX_SUBSCRIPTIONS", "--graphql-max-subscriptions", 1...10_000, "subscriptions per connection") {
            configuration.graphQLMaxSubscriptionsPerConnection = value
        }
        if let value = try number(
            graphQLMaxUserSubscriptions, "HEARTH_GRAPHQL_MAX_USER_SUBSCRIPTIONS", "--graphql-max-user-subscriptions", 1...1_000_000, "subscriptions per user") {
            configuration.graphQLMaxSubscriptionsPerUser = value
        }
        if let value = try number(
            graphQLSubscriptionBuffer, "HEARTH_GRAPHQL_SUBSCRIPTION_BUFFER", "--graphql-subscription-buffer", 1...100_000, "events waiting per subscription") {
            configuration.graphQLSubscriptionBuffer = value
        }
        configuration.graphQLRequestsPerSecond = try number(
            graphQLRateLimit, "HEARTH_GRAPHQL_RATE_LIMIT", "--graphql-rate-limit", 0.01...1_000_000, "GraphQL operations per second per user")
        configuration.graphQLBurst = try number(
            graphQLRateBurst, "HEARTH_GRAPHQL_RATE_BURST", "--graphql-rate-burst", 1...10_000_000, "GraphQL operations a user may send at once")
        if let value = try number(
            graphQLAnswerCacheMegabytes, "HEARTH_GRAPHQL_ANSWER_CACHE_MB", "--graphql-answer-cache-mb", 0...65_536, "megabytes of kept GraphQL answers") {
            configuration.graphQLAnswerCacheBytes = value << 20
        }
        if let value = host ?? environment["HEARTH_HOST"], !value.isEmpty {
            configuration.host = value
        }
        if let port {
            configuration.port = port
        } else if let text = environment["HEARTH_PORT"], !text.isEmpty {
            guard let value = Int(text) else {
                throw ServiceError.validationFailed("HEARTH_PORT is \"\(text)\", which is not a port number; use a number from 0 to 65535.")
            }
            configuration.port = value
        }
        guard (0...65_535).contains(configuration.port) else {
            throw ServiceError.validationFailed("Port \(configuration.port) is out of range; use a number from 0 to 65535 (0 picks a free port).")
        }
        if let value = dataDirectory ?? environment["HEARTH_DATA_DIR"], !value.isEmpty {
            configuration.dataDirectory = URL(fileURLWithPath: (value as NSString).expandingTildeInPath)
        }
        if let text = logLevel ?? environment["HEARTH_LOG_LEVEL"], !text.isEmpty {
            guard let level = Logger.Level(rawValue: text.lowercased()) else {
                let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
                throw ServiceError.validationFailed("Log level \"\(text)\" is not one of: \(names).")
            }
            configuration.logLevel = level
        }
        if let value = database ?? environment["HEARTH_DATABASE_URL"], !value.isEmpty {
            guard value.hasPrefix("postgres://") || value.hasPrefix("postgresql://") else {
                // The value may hold a password: the message names only what it starts with.
                let start = value.split(separator: ":", maxSplits: 1).first.map { String($0.prefix(20)) } ?? ""
                throw ServiceError.validationFailed("The database URL (starting \"\(start):\") is not a postgres:// URL; give postgres://user:password@host:5432/database, or leave it out to use SQLite in the data directory.")
            }
            configuration.databaseURL = value
        }
        configuration.analyticsKeys = try Self.analyticsKeys(analyticsKeys, environment: environment)
        return configuration
    }

    /// The flag's keys (each may hold several, comma separated), else `HEARTH_ANALYTICS_KEYS`'s.
    static func analyticsKeys(_ flags: [String]?, environment: [String: String]) throws -> [String] {
        let given = flags.flatMap { $0.isEmpty ? nil : $0 } ?? environment["HEARTH_ANALYTICS_KEYS"].map { [$0] } ?? []
        var keys: [String] = []
        for key in given.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) }) where !key.isEmpty {
            guard key.count <= 200, key.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline }) else {
                throw ServiceError.validationFailed("The analytics key \"\(key.prefix(20))…\" must be up to 200 printable ASCII characters without spaces; separate several keys with commas.")
            }
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }
}
