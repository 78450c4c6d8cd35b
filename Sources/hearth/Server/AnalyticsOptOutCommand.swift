import ArgumentParser
import Foundation
import HearthAnalytics
import HearthCloud
import HearthCore
import HearthStore
import Logging

/// `hearth analytics opt-out`.
struct AnalyticsOptOutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "opt-out", abstract: "Stop sending analytics from this install, and drop what is queued.")

    @OptionGroup var options: AnalyticsSettingsOptions

    func run() async throws {
        try await options.service().setOptedOut(true)
        print("Analytics is off for this install; queued events were dropped.")
    }
}
