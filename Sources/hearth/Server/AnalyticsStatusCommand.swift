import ArgumentParser
import Foundation
import HearthAnalytics
import HearthCloud
import HearthCore
import HearthStore
import Logging

/// `hearth analytics status`.
struct AnalyticsStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Whether analytics is on for this install, and what waits to be sent.")

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
        let state =
            !status.isConfigured ? "off (no project key configured)" : status.isOptedOut ? "off (opted out)" : "on"
        print("Analytics: \(state)")
        print("Queued events: \(status.queued)")
        print("Dropped when the queue was full: \(status.dropped)")
        print("Install id: \(status.installID ?? "none yet")")
    }
}
