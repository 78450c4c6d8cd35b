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
            Settings come from flags, then environment variables (each flag below names its own, HEARTH_…),
            then the --config file (HEARTH_CONFIG), then defaults: 127.0.0.1:8080 with data in ./hearth-data
            and the record store in ./hearth-data/cloud.sqlite. `hearth doctor` checks a configuration.
            Accounts prove their address with a code sent by email, which --smtp-url and --mail-from send; without
            them the code is written to the server's log (with a warning), which suits a household's own server.
            Stop it with Ctrl-C or SIGTERM; it finishes the requests in flight first.
            """
    )

    @Option(name: .customLong("config"), help: "A settings file, YAML or JSON, whose keys are these flags' names (HEARTH_CONFIG); flags and the environment win over it.")
    var configFile: String?

    @Option(help: "The address to listen on (default 127.0.0.1; 0.0.0.0 for every interface; HEARTH_HOST).")
    var host: String?

    @Option(help: "The port to listen on (default 8080; 0 picks a free port; HEARTH_PORT).")
    var port: Int?

    @Option(name: .customLong("data-dir"), help: "Where to keep databases and files (default ./hearth-data; HEARTH_DATA_DIR).")
    var dataDirectory: String?

    @Option(help: "A postgres://user:password@host:5432/database URL for the record store, so several servers can share it (default: SQLite in the data directory; HEARTH_DATABASE_URL).")
    var database: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (default info; HEARTH_LOG_LEVEL).")
    var logLevel: String?

    @Option(name: .customLong("log-format"), help: "text, or json for log collectors: one JSON object a line (default text; HEARTH_LOG_FORMAT).")
    var logFormat: String?

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

    @Option(name: .customLong("graphql-max-depth"), help: "How deeply a GraphQL operation's selections may nest (default 12; HEARTH_GRAPHQL_MAX_DEPTH).")
    var graphQLMaxDepth: Int?

    @Option(name: .customLong("graphql-max-cost"), help: "The highest cost a GraphQL operation may have: each field once per element of the lists around it (default 20000; HEARTH_GRAPHQL_MAX_COST).")
    var graphQLMaxCost: Int?

    @Option(name: .customLong("graphql-rate-limit"), help: "GraphQL operations per second each user may send on average (default: the --rate-limit; HEARTH_GRAPHQL_RATE_LIMIT).")
    var graphQLRateLimit: Double?

    @Option(name: .customLong("graphql-rate-burst"), help: "GraphQL operations each user may send at once (default: the --rate-burst; HEARTH_GRAPHQL_RATE_BURST).")
    var graphQLRateBurst: Double?

    @Option(name: .customLong("graphql-answer-cache-mb"), help: "Megabytes of GraphQL query answers kept, per user, until something they show changes; 0 keeps none (default 64; HEARTH_GRAPHQL_ANSWER_CACHE_MB).")
    var graphQLAnswerCacheMegabytes: Int?

    @Option(name: .customLong("public-url"), help: "The https:// address people reach the server at, when a reverse proxy with HTTPS stands in front of it (HEARTH_PUBLIC_URL).")
    var publicURL: String?

    @Option(name: .customLong("smtp-url"), help: "The mail server for verification and password-reset codes: smtp://user:password@host:587 (STARTTLS required; ?starttls=opportunistic or off), smtps://user:password@host:465, ?ca=/path/ca.pem to trust a private CA (HEARTH_SMTP_URL). None: codes go to the log.")
    var smtpURL: String?

    @Option(name: .customLong("mail-from"), help: "The address the server's mail comes from, such as hearth@example.com; needed with --smtp-url (HEARTH_MAIL_FROM).")
    var mailFrom: String?

    func run() async throws {
        let configuration = try ServerConfiguration.resolve(
            host: host, port: port, dataDirectory: dataDirectory, logLevel: logLevel, logFormat: logFormat, database: database,
            rateLimit: rateLimit, rateBurst: rateBurst, maxRequestBytes: maxRequestBytes, maxAssetBytes: maxAssetBytes,
            databaseConnections: databaseConnections, analyticsKeys: analyticsKeys,
            graphQLMaxDepth: graphQLMaxDepth, graphQLMaxCost: graphQLMaxCost,
            graphQLRateLimit: graphQLRateLimit, graphQLRateBurst: graphQLRateBurst,
            graphQLAnswerCacheMegabytes: graphQLAnswerCacheMegabytes, publicURL: publicURL,
            smtpURL: smtpURL, mailFrom: mailFrom, configFile: configFile
        )
        LoggingSystem.bootstrap { label in ServerLogHandler(label: label, level: configuration.logLevel, format: configuration.logFormat) }
        let app = try await buildApplication(configuration)
        try await runServer(app, configuration: configuration)
    }
}
