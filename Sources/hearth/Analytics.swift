import ArgumentParser
import Foundation
import HearthAnalytics
import HearthCloud
import HearthCore
import HearthStore
import Logging

/// `hearth analytics …`: the events the server's collector stored, and this install's analytics settings.
struct Analytics: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analytics",
        abstract: "Analytics: read the events `hearth serve` collected, and opt this install out of (or into) analytics.",
        discussion: """
            `hearth serve --analytics-key KEY` collects events sent in PostHog's protocol (PostHog's own clients
            work); `hearth analytics events` reads them back from the server's database.
            `hearth analytics configure|status|opt-out|opt-in` work on an app database (default garage.sqlite in the
            data directory): `configure --host URL --key KEY` says where this install sends its events (a Hearth
            server's collector or PostHog); every hearth garage command then sends the events of what it did.
            """,
        subcommands: [AnalyticsEvents.self, AnalyticsConfigure.self, AnalyticsStatusCommand.self, AnalyticsOptOut.self, AnalyticsOptIn.self]
    )
}

/// `hearth analytics events`: the collected events, newest first.
struct AnalyticsEvents: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "List the analytics events the server collected, newest first."
    )

    @Option(name: .customLong("server-data-dir"), help: "The data directory of hearth serve, whose cloud.sqlite holds the events (default: HEARTH_DATA_DIR, else ./hearth-data).")
    var serverDataDirectory: String?

    @Option(help: "The server's postgres:// database URL, when it runs on PostgreSQL (default: HEARTH_DATABASE_URL).")
    var database: String?

    @Option(help: "Only events with this name, such as vehicle_added.")
    var event: String?

    @Option(help: "Only events at or after this time: 2026-01-31, or 2026-01-31T08:00:00Z.")
    var since: String?

    @Option(help: "At most this many events (default 100).")
    var limit: Int = 100

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
        guard (1...1_000_000).contains(limit) else { throw ValidationError("--limit \(limit) is out of range; give 1 to 1000000.") }
        if serverDataDirectory != nil, database != nil {
            throw ValidationError("Give --server-data-dir (a SQLite server) or --database (a PostgreSQL one), not both.")
        }
        if let since, AnalyticsEvents.parseDate(since) == nil {
            throw ValidationError("--since \"\(since)\" is not a date; give 2026-01-31 or 2026-01-31T08:00:00Z.")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let query = CollectedEventQuery(event: event, since: since.flatMap(Self.parseDate), limit: limit)
        var logger = Logger(label: "hearth.analytics")
        logger.logLevel = .error
        let events: [CollectedEvent]
        if let url = database ?? (serverDataDirectory == nil ? environment["HEARTH_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 } : nil) {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw ServiceError.validationFailed("--database must be a postgres:// URL such as postgres://user:password@host:5432/database.")
            }
            let store = try SQLRecordStore.postgres(url: url, maximumConnections: 2, logger: logger)
            events = try await withThrowingTaskGroup(of: [CollectedEvent]?.self) { group in
                group.addTask {
                    try await store.run()
                    return nil
                }
                group.addTask {
                    let table = store.analyticsEvents()
                    try await table.migrate()
                    return try await table.events(query)
                }
                defer { group.cancelAll() }
                while let result = try await group.next() {
                    if let result { return result }
                }
                return []
            }
        } else {
            let folder = serverDataDirectory.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) } ?? dataFolder(environment: environment)
            let file = folder.appendingPathComponent("cloud.sqlite")
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw ServiceError.validationFailed("There is no server database at \(file.path); give --server-data-dir the folder hearth serve keeps its data in (its --data-dir), or --database for PostgreSQL.")
            }
            let store = try SQLRecordStore.sqlite(url: file, logger: logger)
            let table = store.analyticsEvents()
            try await table.migrate()
            events = try await table.events(query)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(Self.timestamp(date))
            }
            return try printJSON(events, encoder: encoder)
        }
        if events.isEmpty {
            print("No analytics events" + (event.map { " named \($0)" } ?? "") + (since.map { " since \($0)" } ?? "") + ".")
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for item in events {
            let properties = String(decoding: try encoder.encode(item.properties), as: UTF8.self)
            print("\(Self.timestamp(item.timestamp))  \(item.event)  distinct_id=\(item.distinctID)  uuid=\(item.uuid)  \(properties)")
        }
    }

    /// A day (`2026-01-31`, midnight UTC) or an ISO 8601 time.
    static func parseDate(_ text: String) -> Date? {
        if text.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil {
            return try? Date(text + "T00:00:00Z", strategy: .iso8601)
        }
        return (try? Date(text, strategy: .iso8601)) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }

    /// ISO 8601 in UTC with microseconds, as the collector keeps times.
    static func timestamp(_ date: Date) -> String {
        let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        let split = micros.quotientAndRemainder(dividingBy: 1_000_000)
        let seconds = split.remainder < 0 ? split.quotient - 1 : split.quotient
        let fraction = split.remainder < 0 ? split.remainder + 1_000_000 : split.remainder
        let whole = Date(timeIntervalSince1970: Double(seconds)).formatted(.iso8601).dropLast()  // its "Z"
        let digits = String(fraction)
        return "\(whole).\(String(repeating: "0", count: 6 - digits.count))\(digits)Z"
    }
}

/// The options of the commands on this install's analytics settings.
struct AnalyticsSettingsOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: "The app database holding the analytics settings (default: garage.sqlite in HEARTH_DATA_DIR, else ./hearth-data).")
    var database: String?

    @Option(name: .customLong("api-key"), help: "The project key the app sends with (default: HEARTH_ANALYTICS_KEY, else the one set with `hearth analytics configure`); without one analytics is off.")
    var apiKey: String?

    /// The app database the settings are kept in.
    func appDatabase() throws -> AppDatabase {
        let url = database.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) } ?? dataFolder().appendingPathComponent("garage.sqlite")
        return try AppDatabase.open(at: url, schemas: [AnalyticsSchema.self])
    }

    func service() throws -> AnalyticsService {
        let appDatabase = try appDatabase()
        var configuration = CommandAnalytics.configuration(database: appDatabase, environment: ProcessInfo.processInfo.environment)
        if let apiKey { configuration.apiKey = apiKey }
        return AnalyticsService(configuration: configuration, database: appDatabase)
    }
}

/// `hearth analytics configure`.
struct AnalyticsConfigure: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "configure",
        abstract: "Say where this install sends its analytics: a project key and a host (a Hearth server started with --analytics-key, or PostHog).",
        discussion: "The settings are kept in the app database. Events hold only categories and yes/no values, never personal data; hearth analytics opt-out stops them. --clear forgets the key and host, which turns analytics off."
    )

    @Option(name: .customLong("db"), help: "The app database holding the analytics settings (default: garage.sqlite in HEARTH_DATA_DIR, else ./hearth-data).")
    var database: String?

    @Option(help: "Where events are posted, such as https://hearth.example.com (its /batch/ endpoint).")
    var host: String?

    @Option(help: "The project key, such as phc_a1b2c3 (the server's --analytics-key).")
    var key: String?

    @Flag(help: "Forget the key and host: analytics is off until configured again.")
    var clear = false

    func validate() throws {
        if clear && (host != nil || key != nil) { throw ValidationError("Give --clear alone, or --host and --key.") }
        if !clear && host == nil && key == nil { throw ValidationError("Give --host URL and --key KEY (or --clear).") }
    }

    func run() async throws {
        let options = try AnalyticsSettingsOptions.parse(database.map { ["--db", $0] } ?? [])
        let appDatabase = try options.appDatabase()
        var settings = clear ? AnalyticsSettings.unset : try AnalyticsSettings.load(from: appDatabase)
        if let host {
            guard let url = URL(string: host) else { throw ValidationError("--host \"\(host)\" is not a URL; give one such as https://hearth.example.com") }
            settings = try AnalyticsSettings(apiKey: settings.apiKey, host: url)
        }
        if let key { settings = try AnalyticsSettings(apiKey: key, host: settings.host) }
        try settings.save(to: appDatabase)
        if clear { return print("Analytics settings cleared; analytics is off for this install.") }
        let status = try await options.service().status()
        print("Analytics for this install go to \(settings.host.map { Redaction.url($0) } ?? "PostHog (https://us.i.posthog.com)")" + (settings.apiKey == nil ? ", but no project key is set: give --key." : "."))
        if status.isOptedOut { print("This install opted out: nothing is sent until hearth analytics opt-in.") }
    }
}

/// `hearth analytics status`.
struct AnalyticsStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Whether analytics is on for this install, and what waits to be sent.")

    @OptionGroup var options: AnalyticsSettingsOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() async throws {
        let status = try await options.service().status()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try printJSON(status, encoder: encoder)
        }
        let state = !status.isConfigured ? "off (no project key configured)" : status.isOptedOut ? "off (opted out)" : "on"
        print("Analytics: \(state)")
        print("Queued events: \(status.queued)")
        print("Dropped when the queue was full: \(status.dropped)")
        print("Install id: \(status.installID ?? "none yet")")
    }
}

/// `hearth analytics opt-out`.
struct AnalyticsOptOut: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "opt-out", abstract: "Stop sending analytics from this install, and drop what is queued.")

    @OptionGroup var options: AnalyticsSettingsOptions

    func run() async throws {
        try await options.service().setOptedOut(true)
        print("Analytics is off for this install; queued events were dropped.")
    }
}

/// `hearth analytics opt-in`.
struct AnalyticsOptIn: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "opt-in", abstract: "Send analytics from this install again (only categories and yes/no values, never personal data).")

    @OptionGroup var options: AnalyticsSettingsOptions

    func run() async throws {
        try await options.service().setOptedOut(false)
        print("Analytics is on for this install.")
    }
}
