import ArgumentParser
import Foundation
import HearthCore
import HearthGarage
import HearthOCR
import HearthServer
import HearthWeb
import Logging

/// `hearth serve`: runs the Hearth server until interrupted.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Hearth server: the web pages at /, the sync API, GraphQL, health and metrics.",
        discussion: """
            Settings come from flags, then environment variables (each flag below names its own, HEARTH_…),
            then the --config file (HEARTH_CONFIG; its keys are the flags' names), then defaults: 127.0.0.1:8080
            with data in ./hearth-data and the record store in ./hearth-data/cloud.sqlite. `hearth doctor` checks
            a configuration.

            Accounts prove their address with a code sent by email, which --smtp-url and --mail-from send; without
            them the code is written to the server's log (with a warning), which suits a household's own server.

            Facing the internet: signed-out requests (sign-in, sign-up, GraphQL without a token, analytics,
            requests with a bad token) are limited per client address before their bodies are read; behind a
            reverse proxy, name it with --trusted-proxy so the limits see the real clients. Slow clients are cut
            off by --header-timeout, --idle-timeout, --body-timeout and --body-min-rate.

            The web pages at / (pantry, garage, money, account) sign in with a session cookie: HttpOnly,
            SameSite=Lax, and Secure when --public-url is https://, so behind HTTPS give --public-url. Sessions
            are the accounts' own (stored hashed, listed on the account page, ended by "sign out everywhere").
            Every form carries a CSRF token and is refused from another origin; every page is sent with a
            Content-Security-Policy allowing scripts, styles and images from this server only and no framing.
            Sign-in and sign-up from a page spend the same per-address and per-email limits as the API.

            Stop it with Ctrl-C or SIGTERM; it finishes the requests in flight first (open live-update streams
            of the pages end at once).
            """
    )

    @Option(
        name: .customLong("config"),
        help:
            "A settings file, YAML or JSON, whose keys are these flags' names (HEARTH_CONFIG); flags and the environment win over it."
    )
    var configFile: String?

    @Option(help: "The address to listen on (default 127.0.0.1; 0.0.0.0 for every interface; HEARTH_HOST).")
    var host: String?

    @Option(help: "The port to listen on (default 8080; 0 picks a free port; HEARTH_PORT).")
    var port: Int?

    @Option(
        name: .customLong("data-dir"),
        help: "Where to keep databases and files (default ./hearth-data; HEARTH_DATA_DIR).")
    var dataDirectory: String?

    @Option(
        help:
            "A postgres://user:password@host:5432/database URL for the record store, so several servers can share it (default: SQLite in the data directory; HEARTH_DATABASE_URL)."
    )
    var database: String?

    @Option(
        name: .customLong("log-level"),
        help: "trace, debug, info, notice, warning, error or critical (default info; HEARTH_LOG_LEVEL).")
    var logLevel: String?

    @Option(
        name: .customLong("log-format"),
        help: "text, or json for log collectors: one JSON object a line (default text; HEARTH_LOG_FORMAT).")
    var logFormat: String?

    @Option(
        name: .customLong("rate-limit"),
        help: "Requests per second each user may make on average (default 50; HEARTH_RATE_LIMIT).")
    var rateLimit: Double?

    @Option(
        name: .customLong("rate-burst"), help: "Requests each user may make at once (default 200; HEARTH_RATE_BURST).")
    var rateBurst: Double?

    @Option(
        name: .customLong("max-request-bytes"),
        help: "The largest request body but an asset upload (default 16000000; HEARTH_MAX_REQUEST_BYTES).")
    var maxRequestBytes: Int?

    @Option(
        name: .customLong("max-asset-bytes"),
        help: "The largest asset upload (default 50000000; HEARTH_MAX_ASSET_BYTES).")
    var maxAssetBytes: Int?

    @Option(
        name: .customLong("database-connections"),
        help: "Connections each server keeps to PostgreSQL (default 20; HEARTH_DATABASE_CONNECTIONS).")
    var databaseConnections: Int?

    @Option(
        name: .customLong("analytics-key"),
        help:
            "A project key the analytics collector accepts (repeat, or comma separate; HEARTH_ANALYTICS_KEYS). None: the collector is off."
    )
    var analyticsKeys: [String] = []

    @Option(
        name: .customLong("graphql-max-document-bytes"),
        help:
            "The longest GraphQL document, in bytes; longer ones are refused before they are read (default 32768; HEARTH_GRAPHQL_MAX_DOCUMENT_BYTES)."
    )
    var graphQLMaxDocumentBytes: Int?

    @Option(
        name: .customLong("graphql-max-tokens"),
        help:
            "The most tokens (names, punctuation, numbers, strings) a GraphQL document may have, counted before it is parsed (default 1000; HEARTH_GRAPHQL_MAX_TOKENS)."
    )
    var graphQLMaxTokens: Int?

    @Option(
        name: .customLong("graphql-max-depth"),
        help:
            "How deeply a GraphQL operation's selections may nest, through fragments; brackets may nest 20 more, checked before parsing (default 15, at most 100; HEARTH_GRAPHQL_MAX_DEPTH)."
    )
    var graphQLMaxDepth: Int?

    @Option(
        name: .customLong("graphql-max-aliases"),
        help:
            "The most aliases a GraphQL operation may use, a fragment's counted at each spread (default 15; HEARTH_GRAPHQL_MAX_ALIASES)."
    )
    var graphQLMaxAliases: Int?

    @Option(
        name: .customLong("graphql-max-directives"),
        help:
            "The most directives a GraphQL operation may use, counted as aliases are (default 50; HEARTH_GRAPHQL_MAX_DIRECTIVES)."
    )
    var graphQLMaxDirectives: Int?

    @Option(
        name: .customLong("graphql-max-cost"),
        help:
            "The highest cost a GraphQL operation may have: each field once per element of the lists around it, fragments at each spread, introspection what it answers (default 20000; HEARTH_GRAPHQL_MAX_COST)."
    )
    var graphQLMaxCost: Int?

    @Option(
        name: .customLong("graphql-introspection"),
        help:
            "Who may introspect the GraphQL schema (__schema, __type): on (everyone), signed-in, or off (default signed-in; HEARTH_GRAPHQL_INTROSPECTION)."
    )
    var graphQLIntrospection: String?

    @Option(
        name: .customLong("graphql-max-subscriptions"),
        help:
            "The most GraphQL subscriptions one WebSocket may run at once (default 20; HEARTH_GRAPHQL_MAX_SUBSCRIPTIONS)."
    )
    var graphQLMaxSubscriptions: Int?

    @Option(
        name: .customLong("graphql-max-user-subscriptions"),
        help:
            "The most GraphQL subscriptions one user may run at once across their WebSockets to this server (default 100; HEARTH_GRAPHQL_MAX_USER_SUBSCRIPTIONS)."
    )
    var graphQLMaxUserSubscriptions: Int?

    @Option(
        name: .customLong("graphql-subscription-buffer"),
        help:
            "Events a GraphQL subscription may have waiting to be sent; a WebSocket that falls further behind is closed with 4413 (default 64; HEARTH_GRAPHQL_SUBSCRIPTION_BUFFER)."
    )
    var graphQLSubscriptionBuffer: Int?

    @Option(
        name: .customLong("graphql-rate-limit"),
        help:
            "GraphQL operations per second each user may send on average (default: the --rate-limit; HEARTH_GRAPHQL_RATE_LIMIT)."
    )
    var graphQLRateLimit: Double?

    @Option(
        name: .customLong("graphql-rate-burst"),
        help: "GraphQL operations each user may send at once (default: the --rate-burst; HEARTH_GRAPHQL_RATE_BURST).")
    var graphQLRateBurst: Double?

    @Option(
        name: .customLong("graphql-answer-cache-mb"),
        help:
            "Megabytes of GraphQL query answers kept until something they show changes, each user at most an eighth of them; 0 keeps none (default 64; HEARTH_GRAPHQL_ANSWER_CACHE_MB)."
    )
    var graphQLAnswerCacheMegabytes: Int?

    @Option(
        name: .customLong("public-url"),
        help:
            "The https:// address people reach the server at, when a reverse proxy with HTTPS stands in front of it (HEARTH_PUBLIC_URL)."
    )
    var publicURL: String?

    @Option(
        name: .customLong("smtp-url"),
        help:
            "The mail server for verification and password-reset codes: smtp://user:password@host:587 (STARTTLS required; ?starttls=opportunistic or off), smtps://user:password@host:465, ?ca=/path/ca.pem to trust a private CA (HEARTH_SMTP_URL). None: codes go to the log."
    )
    var smtpURL: String?

    @Option(
        name: .customLong("mail-from"),
        help:
            "The address the server's mail comes from, such as hearth@example.com; needed with --smtp-url (HEARTH_MAIL_FROM)."
    )
    var mailFrom: String?

    @Option(
        name: .customLong("trusted-proxy"),
        help:
            "A reverse proxy whose X-Forwarded-For header names the client, as an address or CIDR block (repeat, or comma separate; HEARTH_TRUSTED_PROXIES). The client is the right-most address there that is not a trusted proxy. None by default: every request is from the address it arrives from."
    )
    var trustedProxies: [String] = []

    @Option(
        name: .customLong("recipe-import-private-host"),
        help:
            "A host whose loopback, private or link-local addresses recipe imports may fetch pages from, or * for any (repeat, or comma separate; HEARTH_RECIPE_IMPORT_PRIVATE_HOSTS). None by default: imports fetch pages on the public web only."
    )
    var recipeImportPrivateHosts: [String] = []

    @Option(
        name: .customLong("open-food-facts-url"),
        help:
            "The Open Food Facts server barcodes are looked up on (HEARTH_OPEN_FOOD_FACTS_URL). https://world.openfoodfacts.org by default."
    )
    var openFoodFactsURL: String?

    @Option(
        name: .customLong("vin-lookup-url"),
        help:
            "NHTSA's vPIC server the vehicle pages ask for a VIN's model, such as https://vpic.nhtsa.dot.gov (HEARTH_VIN_LOOKUP_URL). None by default: a VIN typed on a page never leaves the server."
    )
    var vinLookupURL: String?

    @Option(
        name: .customLong("signed-out-rate-limit"),
        help:
            "Requests per second each client address may make without a valid sign-in (GraphQL without a token, a missing or bad token), on average; the analytics collector has a budget of its own of the same size (default 10; HEARTH_SIGNED_OUT_RATE_LIMIT)."
    )
    var signedOutRateLimit: Double?

    @Option(
        name: .customLong("signed-out-rate-burst"),
        help:
            "Requests each client address may make at once without a valid sign-in (default 100; HEARTH_SIGNED_OUT_RATE_BURST)."
    )
    var signedOutRateBurst: Double?

    @Option(
        name: .customLong("header-timeout"),
        help:
            "Seconds a request's line and headers may take from their first byte; past it the answer is 408 and the connection closes (default 10; HEARTH_HEADER_TIMEOUT)."
    )
    var headerTimeout: Double?

    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds a connection may stay open with no request in flight (default 60; HEARTH_IDLE_TIMEOUT).")
    var idleTimeout: Double?

    @Option(
        name: .customLong("body-timeout"),
        help:
            "Seconds a request's body may take from the end of its headers, plus one for every --body-min-rate bytes that arrive; past it the answer is 408 and the connection closes (default 20; HEARTH_BODY_TIMEOUT)."
    )
    var bodyTimeout: Double?

    @Option(
        name: .customLong("body-min-rate"),
        help: "Bytes per second a request's body must keep arriving at (default 500; HEARTH_BODY_MIN_RATE).")
    var bodyMinimumRate: Int?

    @Option(
        name: .customLong("max-header-bytes"),
        help:
            "The largest request line and headers; past it the answer is 431 (default 32768; HEARTH_MAX_HEADER_BYTES).")
    var maxHeaderBytes: Int?

    @Option(
        name: .customLong("analytics-max-events"),
        help: "The most events one analytics request may carry (default 1000; HEARTH_ANALYTICS_MAX_EVENTS).")
    var analyticsMaxEvents: Int?

    @Option(
        name: .customLong("analytics-max-bytes"),
        help:
            "The largest analytics body, compressed and inflated alike; inflating stops there (default 8000000; HEARTH_ANALYTICS_MAX_BYTES)."
    )
    var analyticsMaxBytes: Int?

    @Option(
        name: .customLong("analytics-retention-days"),
        help:
            "Days analytics events are kept from their arrival; older ones are removed every hour (default 90; HEARTH_ANALYTICS_RETENTION_DAYS)."
    )
    var analyticsRetentionDays: Double?

    @Option(
        name: .customLong("analytics-max-rows"),
        help:
            "Analytics events kept per project key; past it the oldest are removed as new ones arrive (default 1000000; HEARTH_ANALYTICS_MAX_ROWS)."
    )
    var analyticsMaxRows: Int?

    @Option(
        name: .customLong("storage-quota-bytes"),
        help:
            "Bytes each user may keep in records and uploaded assets; 0 for no quota (default 1000000000; HEARTH_STORAGE_QUOTA_BYTES)."
    )
    var storageQuotaBytes: Int64?

    func run() async throws {
        let configuration = try ServerConfiguration.resolve(
            host: host, port: port, dataDirectory: dataDirectory, logLevel: logLevel, logFormat: logFormat,
            database: database,
            rateLimit: rateLimit, rateBurst: rateBurst, maxRequestBytes: maxRequestBytes, maxAssetBytes: maxAssetBytes,
            databaseConnections: databaseConnections, analyticsKeys: analyticsKeys,
            graphQLMaxDocumentBytes: graphQLMaxDocumentBytes, graphQLMaxTokens: graphQLMaxTokens,
            graphQLMaxDepth: graphQLMaxDepth, graphQLMaxAliases: graphQLMaxAliases,
            graphQLMaxDirectives: graphQLMaxDirectives,
            graphQLMaxCost: graphQLMaxCost, graphQLIntrospection: graphQLIntrospection,
            graphQLMaxSubscriptions: graphQLMaxSubscriptions, graphQLMaxUserSubscriptions: graphQLMaxUserSubscriptions,
            graphQLSubscriptionBuffer: graphQLSubscriptionBuffer,
            graphQLRateLimit: graphQLRateLimit, graphQLRateBurst: graphQLRateBurst,
            graphQLAnswerCacheMegabytes: graphQLAnswerCacheMegabytes, publicURL: publicURL,
            smtpURL: smtpURL, mailFrom: mailFrom,
            trustedProxies: trustedProxies, recipeImportPrivateHosts: recipeImportPrivateHosts,
            openFoodFactsURL: openFoodFactsURL, vinLookupURL: vinLookupURL,
            signedOutRateLimit: signedOutRateLimit,
            signedOutRateBurst: signedOutRateBurst,
            headerTimeout: headerTimeout, idleTimeout: idleTimeout, bodyTimeout: bodyTimeout,
            bodyMinimumRate: bodyMinimumRate,
            maxHeaderBytes: maxHeaderBytes, analyticsMaxEvents: analyticsMaxEvents,
            analyticsMaxBytes: analyticsMaxBytes,
            analyticsRetentionDays: analyticsRetentionDays, analyticsMaxRows: analyticsMaxRows,
            storageQuotaBytes: storageQuotaBytes,
            configFile: configFile
        )
        LoggingSystem.bootstrap { label in
            ServerLogHandler(label: label, level: configuration.logLevel, format: configuration.logFormat)
        }
        let app = try await buildApplication(configuration, readOdometer: Self.readOdometer)
        try await runServer(app, configuration: configuration)
    }

    /// Reads an odometer photo from the vehicle pages with Tesseract, as `hearth garage ocr odometer` does; a server
    /// without Tesseract says so on the page.
    static let readOdometer: OdometerPhotoReading = { photo, lastMileage in
        let reading: HearthOCR.OdometerReading
        do {
            reading = try await PhotoReader(recognizer: try TesseractRecognizer()).readOdometer(
                at: photo, lastMileage: lastMileage)
        } catch let error as ServiceError where error.code == .ocrUnavailable {
            throw ServiceError.validationFailed(
                "This server cannot read photos (\(error.message)); type the mileage instead")
        } catch let error as ServiceError {
            throw ServiceError.validationFailed("odometer photo: \(error.message)")
        }
        return WebOdometerReading(
            mileage: reading.value, digits: reading.best?.text ?? "", confidence: reading.confidence,
            warnings: reading.warnings.map(\.message))
    }
}
