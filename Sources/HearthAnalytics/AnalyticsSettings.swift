public import Foundation
import GRDB
import HearthCore
public import HearthStore

/// Where an install sends its analytics: the project key and the host, kept in the app database's analytics
/// settings (`hearth analytics configure --host URL --key KEY`), so every later run of the app sends there.
///
/// ```swift
/// try AnalyticsSettings(apiKey: "phc_…", host: URL(string: "https://hearth.example.com")!).save(to: database)
/// let configuration = try AnalyticsSettings.load(from: database).applied(to: AnalyticsConfiguration())
/// ```
public struct AnalyticsSettings: Sendable, Equatable {
    /// The project key; nil when none is configured.
    public var apiKey: String?
    /// Where `/batch/` is posted; nil for the configuration's default.
    public var host: URL?

    /// - Throws: ``ServiceError`` (validation failed) when the host is not an http(s) URL or the key is blank
    ///   or holds spaces.
    public init(apiKey: String?, host: URL?) throws {
        if let host, !(["http", "https"].contains(host.scheme?.lowercased() ?? "") && host.host?.isEmpty == false) {
            throw ServiceError.validationFailed(
                "The analytics host \(Redaction.url(host)) is not an http(s) URL; give one such as https://hearth.example.com"
            )
        }
        if let apiKey, apiKey.isEmpty || apiKey.count > 200 || apiKey.contains(where: \.isWhitespace) {
            throw ServiceError.validationFailed(
                "The analytics project key must be one word of at most 200 characters, such as phc_a1b2c3")
        }
        self.apiKey = apiKey
        self.host = host
    }

    /// No key and no host: what an install has before it is configured.
    public static let unset = AnalyticsSettings(checked: nil, host: nil)

    private init(checked apiKey: String?, host: URL?) {
        self.apiKey = apiKey
        self.host = host
    }

    /// The settings stored in `database` (migrated with ``AnalyticsSchema``); none when nothing was configured.
    public static func load(from database: AppDatabase) throws -> AnalyticsSettings {
        try database.writer.read { db in
            let key = try String.fetchOne(db, sql: "SELECT value FROM analytics_settings WHERE key = 'api_key'")
            let host = try String.fetchOne(db, sql: "SELECT value FROM analytics_settings WHERE key = 'host'").flatMap(
                URL.init(string:))
            return try AnalyticsSettings(apiKey: key, host: host)
        }
    }

    /// Stores these settings in `database`, replacing what was there (nil clears a setting).
    public func save(to database: AppDatabase) throws {
        try database.writer.write { db in
            for (name, value) in [("api_key", apiKey), ("host", host?.absoluteString)] {
                if let value {
                    try db.execute(
                        sql:
                            "INSERT INTO analytics_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                        arguments: [name, value])
                } else {
                    try db.execute(sql: "DELETE FROM analytics_settings WHERE key = ?", arguments: [name])
                }
            }
        }
    }

    /// `configuration` with this install's key and host where they are set.
    public func applied(to configuration: AnalyticsConfiguration) -> AnalyticsConfiguration {
        var configuration = configuration
        if let apiKey { configuration.apiKey = apiKey }
        if let host { configuration.host = host }
        return configuration
    }
}
