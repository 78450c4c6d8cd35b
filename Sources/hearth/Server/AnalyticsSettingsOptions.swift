import ArgumentParser
import Foundation
import HearthAnalytics
import HearthCloud
import HearthCore
import HearthStore
import Logging

/// The options of the commands on this install's analytics settings.
struct AnalyticsSettingsOptions: ParsableArguments {
    @Option(
        name: .customLong("db"),
        help:
            "The app database holding the analytics settings (default: garage.sqlite in HEARTH_DATA_DIR, else ./hearth-data)."
    )
    var database: String?

    @Option(
        name: .customLong("api-key"),
        help:
            "The project key the app sends with (default: HEARTH_ANALYTICS_KEY, else the one set with `hearth analytics configure`); without one analytics is off."
    )
    var apiKey: String?

    /// The app database the settings are kept in.
    func appDatabase() throws -> AppDatabase {
        let url =
            database.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
            ?? dataFolder().appendingPathComponent("garage.sqlite")
        return try AppDatabase.open(at: url, schemas: [AnalyticsSchema.self])
    }

    func service() throws -> AnalyticsService {
        let appDatabase = try appDatabase()
        var configuration = CommandAnalytics.configuration(
            database: appDatabase, environment: ProcessInfo.processInfo.environment)
        if let apiKey { configuration.apiKey = apiKey }
        return AnalyticsService(configuration: configuration, database: appDatabase)
    }
}
