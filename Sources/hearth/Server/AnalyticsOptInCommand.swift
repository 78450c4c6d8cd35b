import ArgumentParser
import Foundation
import HearthAnalytics
import HearthCloud
import HearthCore
import HearthStore
import Logging

/// `hearth analytics opt-in`.
struct AnalyticsOptInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "opt-in",
        abstract: "Send analytics from this install again (only categories and yes/no values, never personal data).")

    @OptionGroup var options: AnalyticsSettingsOptions

    func run() async throws {
        try await options.service().setOptedOut(false)
        print("Analytics is on for this install.")
    }
}
