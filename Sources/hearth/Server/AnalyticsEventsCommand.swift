import ArgumentParser
import Foundation
import HearthAnalytics
import HearthCloud
import HearthCore
import HearthStore
import Logging

/// `hearth analytics events`: the collected events, newest first.
struct AnalyticsEventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "List the analytics events the server collected, newest first."
    )

    @Option(
        name: .customLong("server-data-dir"),
        help:
            "The data directory of hearth serve, whose cloud.sqlite holds the events (default: HEARTH_DATA_DIR, else ./hearth-data)."
    )
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
        guard (1...1_000_000).contains(limit) else {
            throw ValidationError("--limit \(limit) is out of range; give 1 to 1000000.")
        }
        if serverDataDirectory != nil, database != nil {
            throw ValidationError(
                "Give --server-data-dir (a SQLite server) or --database (a PostgreSQL one), not both.")
        }
        if let since, AnalyticsEventsCommand.parseDate(since) == nil {
            throw ValidationError("--since \"\(since)\" is not a date; give 2026-01-31 or 2026-01-31T08:00:00Z.")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let query = CollectedEventQuery(event: event, since: since.flatMap(Self.parseDate), limit: limit)
        var logger = Logger(label: "hearth.analytics")
        logger.logLevel = .error
        let events: [CollectedEvent]
        if let url = database
            ?? (serverDataDirectory == nil ? environment["HEARTH_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 } : nil)
        {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw ServiceError.validationFailed(
                    "--database must be a postgres:// URL such as postgres://user:password@host:5432/database.")
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
            let folder =
                serverDataDirectory.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
                ?? dataFolder(environment: environment)
            let file = folder.appendingPathComponent("cloud.sqlite")
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw ServiceError.validationFailed(
                    "There is no server database at \(file.path); give --server-data-dir the folder hearth serve keeps its data in (its --data-dir), or --database for PostgreSQL."
                )
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
            print(
                "No analytics events" + (event.map { " named \($0)" } ?? "") + (since.map { " since \($0)" } ?? "")
                    + ".")
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for item in events {
            let properties = String(decoding: try encoder.encode(item.properties), as: UTF8.self)
            print(
                "\(Self.timestamp(item.timestamp))  \(item.event)  distinct_id=\(item.distinctID)  uuid=\(item.uuid)  \(properties)"
            )
        }
    }

    /// A day (`2026-01-31`, midnight UTC) or an ISO 8601 time.
    static func parseDate(_ text: String) -> Date? {
        if text.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil {
            return try? Date(text + "T00:00:00Z", strategy: .iso8601)
        }
        return (try? Date(text, strategy: .iso8601))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
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
