import ArgumentParser
import Foundation
import HearthAnalytics
import HearthCloud
import HearthCore
import HearthStore
import Logging

/// `hearth analytics configure`.
struct AnalyticsConfigureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "configure",
        abstract:
            "Say where this install sends its analytics: a project key and a host (a Hearth server started with --analytics-key, or PostHog).",
        discussion:
            "The settings are kept in the app database. Events hold only categories and yes/no values, never personal data; hearth analytics opt-out stops them. --clear forgets the key and host, which turns analytics off."
    )

    @Option(
        name: .customLong("db"),
        help:
            "The app database holding the analytics settings (default: garage.sqlite in HEARTH_DATA_DIR, else ./hearth-data)."
    )
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
            guard let url = URL(string: host) else {
                throw ValidationError("--host \"\(host)\" is not a URL; give one such as https://hearth.example.com")
            }
            settings = try AnalyticsSettings(apiKey: settings.apiKey, host: url)
        }
        if let key { settings = try AnalyticsSettings(apiKey: key, host: settings.host) }
        try settings.save(to: appDatabase)
        if clear { return print("Analytics settings cleared; analytics is off for this install.") }
        let status = try await options.service().status()
        print(
            "Analytics for this install go to \(settings.host.map { Redaction.url($0) } ?? "PostHog (https://us.i.posthog.com)")"
                + (settings.apiKey == nil ? ", but no project key is set: give --key." : "."))
        if status.isOptedOut { print("This install opted out: nothing is sent until hearth analytics opt-in.") }
    }
}
