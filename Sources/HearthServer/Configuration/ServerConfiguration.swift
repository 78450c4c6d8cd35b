public import Foundation
public import HearthCloud
import HearthCore
public import HearthMail
public import HearthPantryServer
public import Logging

/// Settings for the Hearth server.
///
/// Each setting comes from, in order: a command-line flag, an environment variable, the settings file given
/// with `--config` (or `HEARTH_CONFIG`; YAML or JSON, its keys the flags' names), the default.
///
/// | setting        | flag          | environment         | default          |
/// |----------------|---------------|---------------------|------------------|
/// | host           | `--host`      | `HEARTH_HOST`       | `127.0.0.1`      |
/// | port           | `--port`      | `HEARTH_PORT`       | `8080`           |
/// | data directory | `--data-dir`  | `HEARTH_DATA_DIR`   | `./hearth-data`  |
/// | log level      | `--log-level` | `HEARTH_LOG_LEVEL`  | `info`           |
/// | log format     | `--log-format` | `HEARTH_LOG_FORMAT` | `text` (or `json`) |
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
/// | the address people reach the server at, behind a reverse proxy | `--public-url` | `HEARTH_PUBLIC_URL` | none |
/// | mail server for codes (see ``SMTPConfiguration``) | `--smtp-url` | `HEARTH_SMTP_URL` | none: codes go to the log |
/// | the sender of the server's mail | `--mail-from` | `HEARTH_MAIL_FROM` | needed with `--smtp-url` |
/// | reverse proxies whose `X-Forwarded-For` is believed (addresses or CIDR blocks) | `--trusted-proxy` | `HEARTH_TRUSTED_PROXIES` | none |
/// | hosts whose private addresses recipe imports may fetch (`*` for any) | `--recipe-import-private-host` | `HEARTH_RECIPE_IMPORT_PRIVATE_HOSTS` | none |
/// | where barcodes are looked up (an Open Food Facts server) | `--open-food-facts-url` | `HEARTH_OPEN_FOOD_FACTS_URL` | https://world.openfoodfacts.org |
/// | where the vehicle pages decode a VIN's model (NHTSA's vPIC, such as https://vpic.nhtsa.dot.gov) | `--vin-lookup-url` | `HEARTH_VIN_LOOKUP_URL` | none: a VIN typed on a page never leaves the server |
/// | signed-out requests per second per client address | `--signed-out-rate-limit` | `HEARTH_SIGNED_OUT_RATE_LIMIT` | 10 |
/// | signed-out burst per client address | `--signed-out-rate-burst` | `HEARTH_SIGNED_OUT_RATE_BURST` | 100 |
/// | seconds for a request's headers | `--header-timeout` | `HEARTH_HEADER_TIMEOUT` | 10 |
/// | seconds an idle connection stays open | `--idle-timeout` | `HEARTH_IDLE_TIMEOUT` | 60 |
/// | seconds for a request's body, before its bytes buy more | `--body-timeout` | `HEARTH_BODY_TIMEOUT` | 20 |
/// | bytes per second a body must keep arriving at | `--body-min-rate` | `HEARTH_BODY_MIN_RATE` | 500 |
/// | largest request line and headers | `--max-header-bytes` | `HEARTH_MAX_HEADER_BYTES` | 32,768 |
/// | analytics events per request | `--analytics-max-events` | `HEARTH_ANALYTICS_MAX_EVENTS` | 1,000 |
/// | analytics body, compressed and inflated | `--analytics-max-bytes` | `HEARTH_ANALYTICS_MAX_BYTES` | 8,000,000 |
/// | days analytics events are kept | `--analytics-retention-days` | `HEARTH_ANALYTICS_RETENTION_DAYS` | 90 |
/// | analytics events kept per project key (the oldest go) | `--analytics-max-rows` | `HEARTH_ANALYTICS_MAX_ROWS` | 1,000,000 |
/// | storage per user: records and uploaded assets | `--storage-quota-bytes` | `HEARTH_STORAGE_QUOTA_BYTES` | 1,000,000,000 (0: none) |
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port to listen on; 0 picks a free one.
    public var port: Int
    /// Where the server keeps its databases and files.
    public var dataDirectory: URL
    /// How much the server logs.
    public var logLevel: Logger.Level
    /// How log lines are written: text for people, JSON for log collectors.
    public var logFormat: LogFormat = .text
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
    /// The address people reach the server at (`https://hearth.example.org`), when a reverse proxy stands in
    /// front of it; nil when they reach it directly.
    public var publicURL: URL?
    /// The mail server that sends verification and reset codes; nil writes them to the log instead.
    public var smtp: SMTPConfiguration?
    /// The reverse proxies whose `X-Forwarded-For` header names the client; none by default.
    public var trustedProxies = TrustedProxies.none
    /// The hosts whose loopback, private or link-local addresses `importRecipe` may fetch pages from (`*` for any);
    /// none by default, so imports reach the public web only.
    public var recipeImportPrivateHosts: Set<String> = []
    /// The Open Food Facts server `lookupBarcode` asks about products: its public one by default.
    public var openFoodFactsURL = URL(string: "https://world.openfoodfacts.org")!
    /// NHTSA's vPIC server the vehicle pages ask for the make, model and year of a VIN typed without them; none
    /// by default, so a VIN typed on a page never leaves the server (the VIN's own characters still tell the
    /// maker and the year).
    public var vinLookupURL: URL?
    /// Requests per second, on average, a client address may make without a valid sign-in: GraphQL without a
    /// token, cloud requests with a missing or bad token. The analytics collector has a budget of the same size.
    public var signedOutRequestsPerSecond: Double = 10
    /// Requests a client address may make at once without a valid sign-in.
    public var signedOutBurst: Double = 100
    /// Deadlines and sizes for the parts of a request on a connection.
    public var connectionLimits = ConnectionLimits()
    /// What the analytics collector accepts and keeps.
    public var collectorLimits = CollectorLimits()

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
        logFormat: String? = nil,
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
        publicURL: String? = nil,
        smtpURL: String? = nil,
        mailFrom: String? = nil,
        trustedProxies: [String]? = nil,
        recipeImportPrivateHosts: [String]? = nil,
        openFoodFactsURL: String? = nil,
        vinLookupURL: String? = nil,
        signedOutRateLimit: Double? = nil,
        signedOutRateBurst: Double? = nil,
        headerTimeout: Double? = nil,
        idleTimeout: Double? = nil,
        bodyTimeout: Double? = nil,
        bodyMinimumRate: Int? = nil,
        maxHeaderBytes: Int? = nil,
        analyticsMaxEvents: Int? = nil,
        analyticsMaxBytes: Int? = nil,
        analyticsRetentionDays: Double? = nil,
        analyticsMaxRows: Int? = nil,
        storageQuotaBytes: Int64? = nil,
        configFile: String? = nil,
        environment given: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> ServerConfiguration {
        var configuration = ServerConfiguration()
        // An empty variable counts as unset, so it does not hide the file's value.
        var environment = given.filter { !$0.value.isEmpty }
        var names: [String: String] = [:]
        if let path = configFile ?? environment["HEARTH_CONFIG"] {
            let file = try ConfigurationFile(contentsOf: URL(fileURLWithPath: (path as NSString).expandingTildeInPath))
            for (variable, name) in file.names where environment[variable] == nil { names[variable] = name }
            environment = file.values.merging(environment) { _, variable in variable }
        }
        /// How a message names where a value came from: the variable, or the file's key.
        func source(_ variable: String) -> String { names[variable] ?? variable }
        /// The flag's value, else the environment's, checked to lie in `range`.
        func number<T: Comparable & LosslessStringConvertible>(
            _ flag: T?, _ variable: String, _ option: String, _ range: ClosedRange<T>, _ what: String
        ) throws -> T? {
            var value = flag
            if value == nil, let text = environment[variable], !text.isEmpty {
                guard let parsed = T(text) else {
                    throw ServiceError.validationFailed(
                        "\(source(variable)) is \"\(text)\", which is not a number; give \(what) from \(range.lowerBound) to \(range.upperBound)."
                    )
                }
                value = parsed
            }
            if let value, !range.contains(value) {
                let option = flag == nil ? source(variable) : option
                throw ServiceError.validationFailed(
                    "\(option) \(value) is out of range; give \(what) from \(range.lowerBound) to \(range.upperBound).")
            }
            return value
        }
        if let value = try number(
            rateLimit, "HEARTH_RATE_LIMIT", "--rate-limit", 0.01...1_000_000, "requests per second per user")
        {
            configuration.cloud.requestsPerSecond = value
        }
        if let value = try number(
            rateBurst, "HEARTH_RATE_BURST", "--rate-burst", 1...10_000_000, "requests a user may make at once")
        {
            configuration.cloud.burst = value
        }
        if let value = try number(
            maxRequestBytes, "HEARTH_MAX_REQUEST_BYTES", "--max-request-bytes", 1_024...1_000_000_000,
            "a body size in bytes")
        {
            configuration.cloud.maxRequestBytes = value
        }
        if let value = try number(
            maxAssetBytes, "HEARTH_MAX_ASSET_BYTES", "--max-asset-bytes", 1_024...10_000_000_000,
            "an asset size in bytes")
        {
            configuration.cloud.maxAssetBytes = value
        }
        if let value = try number(
            databaseConnections, "HEARTH_DATABASE_CONNECTIONS", "--database-connections", 1...1_000,
            "a number of connections")
        {
            configuration.databaseConnections = value
        }
        if let value = try number(
            graphQLMaxDocumentBytes, "HEARTH_GRAPHQL_MAX_DOCUMENT_BYTES", "--graphql-max-document-bytes",
            1_024...1_000_000, "a document length in bytes")
        {
            configuration.graphQLLimits.maxDocumentBytes = value
        }
        if let value = try number(
            graphQLMaxTokens, "HEARTH_GRAPHQL_MAX_TOKENS", "--graphql-max-tokens", 10...100_000, "a number of tokens")
        {
            configuration.graphQLLimits.maxTokens = value
        }
        // GraphQL's parser descends once per bracket: 100 levels, and 20 more for input values, stay far from
        // the stack's end.
        if let value = try number(
            graphQLMaxDepth, "HEARTH_GRAPHQL_MAX_DEPTH", "--graphql-max-depth", 1...100, "a nesting depth")
        {
            configuration.graphQLLimits.maxDepth = value
        }
        if let value = try number(
            graphQLMaxAliases, "HEARTH_GRAPHQL_MAX_ALIASES", "--graphql-max-aliases", 0...10_000, "a number of aliases")
        {
            configuration.graphQLLimits.maxAliases = value
        }
        if let value = try number(
            graphQLMaxDirectives, "HEARTH_GRAPHQL_MAX_DIRECTIVES", "--graphql-max-directives", 0...10_000,
            "a number of directives")
        {
            configuration.graphQLLimits.maxDirectives = value
        }
        if let value = try number(
            graphQLMaxCost, "HEARTH_GRAPHQL_MAX_COST", "--graphql-max-cost", 1...1_000_000_000, "a cost")
        {
            configuration.graphQLLimits.maxCost = value
        }
        if let text = graphQLIntrospection ?? environment["HEARTH_GRAPHQL_INTROSPECTION"], !text.isEmpty {
            guard let value = GraphQLIntrospection(rawValue: text.lowercased()) else {
                throw ServiceError.validationFailed(
                    "GraphQL introspection \"\(text.prefix(40))\" is not one of: on, signed-in, off.")
            }
            configuration.graphQLIntrospection = value
        }
        if let value = try number(
            graphQLMaxSubscriptions, "HEARTH_GRAPHQL_MAX_SUBSCRIPTIONS", "--graphql-max-subscriptions", 1...10_000,
            "subscriptions per connection")
        {
            configuration.graphQLMaxSubscriptionsPerConnection = value
        }
        if let value = try number(
            graphQLMaxUserSubscriptions, "HEARTH_GRAPHQL_MAX_USER_SUBSCRIPTIONS", "--graphql-max-user-subscriptions",
            1...1_000_000, "subscriptions per user")
        {
            configuration.graphQLMaxSubscriptionsPerUser = value
        }
        if let value = try number(
            graphQLSubscriptionBuffer, "HEARTH_GRAPHQL_SUBSCRIPTION_BUFFER", "--graphql-subscription-buffer",
            1...100_000, "events waiting per subscription")
        {
            configuration.graphQLSubscriptionBuffer = value
        }
        configuration.graphQLRequestsPerSecond = try number(
            graphQLRateLimit, "HEARTH_GRAPHQL_RATE_LIMIT", "--graphql-rate-limit", 0.01...1_000_000,
            "GraphQL operations per second per user")
        configuration.graphQLBurst = try number(
            graphQLRateBurst, "HEARTH_GRAPHQL_RATE_BURST", "--graphql-rate-burst", 1...10_000_000,
            "GraphQL operations a user may send at once")
        if let value = try number(
            graphQLAnswerCacheMegabytes, "HEARTH_GRAPHQL_ANSWER_CACHE_MB", "--graphql-answer-cache-mb", 0...65_536,
            "megabytes of kept GraphQL answers")
        {
            configuration.graphQLAnswerCacheBytes = value << 20
        }
        if let value = try number(
            signedOutRateLimit, "HEARTH_SIGNED_OUT_RATE_LIMIT", "--signed-out-rate-limit", 0.01...1_000_000,
            "signed-out requests per second per client address")
        {
            configuration.signedOutRequestsPerSecond = value
        }
        if let value = try number(
            signedOutRateBurst, "HEARTH_SIGNED_OUT_RATE_BURST", "--signed-out-rate-burst", 1...10_000_000,
            "signed-out requests a client address may make at once")
        {
            configuration.signedOutBurst = value
        }
        if let value = try number(
            headerTimeout, "HEARTH_HEADER_TIMEOUT", "--header-timeout", 0.1...3_600, "seconds for a request's headers")
        {
            configuration.connectionLimits.headerTimeout = .seconds(value)
        }
        if let value = try number(
            idleTimeout, "HEARTH_IDLE_TIMEOUT", "--idle-timeout", 0.1...86_400, "seconds an idle connection stays open")
        {
            configuration.connectionLimits.idleTimeout = .seconds(value)
        }
        if let value = try number(
            bodyTimeout, "HEARTH_BODY_TIMEOUT", "--body-timeout", 0.1...86_400, "seconds for a request's body")
        {
            configuration.connectionLimits.bodyTimeout = .seconds(value)
        }
        if let value = try number(
            bodyMinimumRate, "HEARTH_BODY_MIN_RATE", "--body-min-rate", 1...1_000_000_000, "bytes per second")
        {
            configuration.connectionLimits.bodyMinimumRate = value
        }
        if let value = try number(
            maxHeaderBytes, "HEARTH_MAX_HEADER_BYTES", "--max-header-bytes", 1_024...1_048_576, "a size in bytes")
        {
            configuration.connectionLimits.maxHeaderBytes = value
        }
        if let value = try number(
            analyticsMaxEvents, "HEARTH_ANALYTICS_MAX_EVENTS", "--analytics-max-events", 1...1_000_000,
            "a number of events")
        {
            configuration.collectorLimits.maxEvents = value
        }
        if let value = try number(
            analyticsMaxBytes, "HEARTH_ANALYTICS_MAX_BYTES", "--analytics-max-bytes", 1_024...1_000_000_000,
            "a size in bytes")
        {
            configuration.collectorLimits.maxBytes = value
        }
        if let value = try number(
            analyticsRetentionDays, "HEARTH_ANALYTICS_RETENTION_DAYS", "--analytics-retention-days", 0.001...36_500,
            "a number of days")
        {
            configuration.collectorLimits.retention = .seconds(value * 86_400)
        }
        if let value = try number(
            analyticsMaxRows, "HEARTH_ANALYTICS_MAX_ROWS", "--analytics-max-rows", 1...1_000_000_000_000,
            "a number of events")
        {
            configuration.collectorLimits.maxRowsPerKey = value
        }
        if let value = try number(
            storageQuotaBytes, "HEARTH_STORAGE_QUOTA_BYTES", "--storage-quota-bytes", 0...1_000_000_000_000_000,
            "a size in bytes (0 for no quota)")
        {
            configuration.cloud.storageQuotaBytes = value == 0 ? nil : value
        }
        if let flags = trustedProxies.flatMap({ $0.isEmpty ? nil : $0 }) {
            configuration.trustedProxies = try TrustedProxies(parsing: flags)
        } else if let text = environment["HEARTH_TRUSTED_PROXIES"] {
            do {
                configuration.trustedProxies = try TrustedProxies(parsing: [text])
            } catch let error as ServiceError {
                throw ServiceError.validationFailed("\(source("HEARTH_TRUSTED_PROXIES")): \(error.message)")
            }
        }
        let privateHosts =
            recipeImportPrivateHosts.flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HEARTH_RECIPE_IMPORT_PRIVATE_HOSTS"].map { [$0] } ?? []
        configuration.recipeImportPrivateHosts = Set(
            privateHosts.flatMap { $0.split(separator: ",") }.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }.filter { !$0.isEmpty })
        if let value = host ?? environment["HEARTH_HOST"], !value.isEmpty {
            configuration.host = value
        }
        if let port {
            configuration.port = port
        } else if let text = environment["HEARTH_PORT"], !text.isEmpty {
            guard let value = Int(text) else {
                throw ServiceError.validationFailed(
                    "\(source("HEARTH_PORT")) is \"\(text)\", which is not a port number; use a number from 0 to 65535."
                )
            }
            configuration.port = value
        }
        guard (0...65_535).contains(configuration.port) else {
            throw ServiceError.validationFailed(
                "Port \(configuration.port) is out of range; use a number from 0 to 65535 (0 picks a free port).")
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
        if let text = logFormat ?? environment["HEARTH_LOG_FORMAT"], !text.isEmpty {
            guard let format = LogFormat(rawValue: text.lowercased()) else {
                throw ServiceError.validationFailed(
                    "Log format \"\(text)\" is not one of: \(LogFormat.allCases.map(\.rawValue).joined(separator: ", "))."
                )
            }
            configuration.logFormat = format
        }
        if let value = database ?? environment["HEARTH_DATABASE_URL"], !value.isEmpty {
            guard value.hasPrefix("postgres://") || value.hasPrefix("postgresql://") else {
                // The value may hold a password: the message names only what it starts with.
                let start = value.split(separator: ":", maxSplits: 1).first.map { String($0.prefix(20)) } ?? ""
                throw ServiceError.validationFailed(
                    "The database URL (starting \"\(start):\") is not a postgres:// URL; give postgres://user:password@host:5432/database, or leave it out to use SQLite in the data directory."
                )
            }
            configuration.databaseURL = value
        }
        configuration.analyticsKeys = try Self.analyticsKeys(analyticsKeys, environment: environment)
        if let text = publicURL ?? environment["HEARTH_PUBLIC_URL"], !text.isEmpty {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme),
                url.host?.isEmpty == false, url.user == nil, url.password == nil
            else {
                throw ServiceError.validationFailed(
                    "The public URL \"\(text.prefix(80))\" is not an http:// or https:// address; give the one people type, such as https://hearth.example.org."
                )
            }
            configuration.publicURL = url
        }
        if let text = openFoodFactsURL ?? environment["HEARTH_OPEN_FOOD_FACTS_URL"], !text.isEmpty {
            configuration.openFoodFactsURL = try Self.serverURL(
                text,
                refusal:
                    "The Open Food Facts URL \"\(text.prefix(80))\" is not an http:// or https:// address; give a server's address such as https://world.openfoodfacts.org, or leave it out to use that one."
            )
        }
        if let text = vinLookupURL ?? environment["HEARTH_VIN_LOOKUP_URL"], !text.isEmpty {
            configuration.vinLookupURL = try Self.serverURL(
                text,
                refusal:
                    "The VIN lookup URL \"\(text.prefix(80))\" is not an http:// or https:// address; give NHTSA's vPIC, https://vpic.nhtsa.dot.gov, or leave it out so VINs stay on the server."
            )
        }
        configuration.smtp = try Self.smtp(url: smtpURL, from: mailFrom, environment: environment)
        return configuration
    }

    /// The mail server from `--smtp-url` (else `HEARTH_SMTP_URL`) with the sender from `--mail-from` (else
    /// `HEARTH_MAIL_FROM`); nil when no URL is given.
    static func smtp(url: String?, from: String?, environment: [String: String]) throws -> SMTPConfiguration? {
        guard let url = url ?? environment["HEARTH_SMTP_URL"], !url.isEmpty else {
            if let from = from ?? environment["HEARTH_MAIL_FROM"], !from.isEmpty {
                throw ServiceError.validationFailed(
                    "--mail-from (HEARTH_MAIL_FROM) is set but no mail server is: give --smtp-url (HEARTH_SMTP_URL) as well, or leave both out to write codes to the log."
                )
            }
            return nil
        }
        guard let sender = from ?? environment["HEARTH_MAIL_FROM"], !sender.isEmpty else {
            throw ServiceError.validationFailed(
                "--smtp-url needs the address the server's mail comes from: give --mail-from hearth@example.com (HEARTH_MAIL_FROM)."
            )
        }
        return try SMTPConfiguration(url: url, from: sender)
    }

    /// `text` as the address of a server the server asks: http or https, with a host, no credentials or query.
    /// - Throws: ``ServiceError`` (validation failed) with `refusal` otherwise.
    static func serverURL(_ text: String, refusal: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false, url.user == nil, url.password == nil, url.query == nil
        else { throw ServiceError.validationFailed(refusal) }
        return url
    }

    /// The flag's keys (each may hold several, comma separated), else `HEARTH_ANALYTICS_KEYS`'s.
    static func analyticsKeys(_ flags: [String]?, environment: [String: String]) throws -> [String] {
        let given = flags.flatMap { $0.isEmpty ? nil : $0 } ?? environment["HEARTH_ANALYTICS_KEYS"].map { [$0] } ?? []
        var keys: [String] = []
        for key in given.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) })
        where !key.isEmpty {
            guard key.count <= 200, key.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline }) else {
                throw ServiceError.validationFailed(
                    "The analytics key \"\(key.prefix(20))…\" must be up to 200 printable ASCII characters without spaces; separate several keys with commas."
                )
            }
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }
}
