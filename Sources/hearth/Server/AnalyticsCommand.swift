import ArgumentParser
import Foundation
import HearthAnalytics
import HearthCloud
import HearthCore
import HearthStore
import Logging

/// `hearth analytics …`: the events the server's collector stored, and this install's analytics settings.
struct AnalyticsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analytics",
        abstract:
            "Analytics: read the events `hearth serve` collected, and opt this install out of (or into) analytics.",
        discussion: """
            `hearth serve --analytics-key KEY` collects events sent in PostHog's protocol (PostHog's own clients
            work); `hearth analytics events` reads them back from the server's database.
            `hearth analytics configure|status|opt-out|opt-in` work on an app database (default garage.sqlite in the
            data directory): `configure --host URL --key KEY` says where this install sends its events (a Hearth
            server's collector or PostHog); every hearth garage command then sends the events of what it did.
            """,
        subcommands: [
            AnalyticsEventsCommand.self, AnalyticsConfigureCommand.self, AnalyticsStatusCommand.self,
            AnalyticsOptOutCommand.self, AnalyticsOptInCommand.self,
        ]
    )
}
