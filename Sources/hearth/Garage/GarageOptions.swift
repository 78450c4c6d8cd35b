import ArgumentParser
import Foundation
import HearthAnalytics
import HearthCore
import HearthGarage

/// The options every garage command takes.
struct GarageOptions: ParsableArguments {
    @Option(
        name: .customLong("db"),
        help: "The garage database file (default: garage.sqlite in HEARTH_DATA_DIR, else ./hearth-data).")
    var database: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    /// The database path: --db, else garage.sqlite in HEARTH_DATA_DIR or ./hearth-data.
    func databaseURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let database, !database.isEmpty { return URL(fileURLWithPath: (database as NSString).expandingTildeInPath) }
        return dataFolder(environment: environment).appendingPathComponent("garage.sqlite")
    }

    /// Opens (creating when needed) the garage database.
    func openStore() throws -> GarageStore {
        let url = databaseURL()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ServiceError.validationFailed(
                "--db \(url.path) is a folder; give a file path such as \(url.appendingPathComponent("garage.sqlite").path)"
            )
        }
        // Opened with the sync tables, so every change is queued for `hearth garage sync` once sync is on.
        return try GarageSync.open(at: url, extraSchemas: [AnalyticsSchema.self]).store.tracked()
    }
}

extension GarageStore {
    /// This store, recording what the user does as analytics events (see ``CommandAnalytics``).
    func tracked() -> GarageStore {
        tracking(with: CommandAnalytics.make(database: database))
    }
}
