import ArgumentParser
import Foundation
import HearthCore

/// The `hearth` command: runs the server and the apps' services from a terminal.
@main
struct Hearth: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hearth",
        abstract: "Hearth: personal records for health, pantry, garage and finance, with a self-hosted cloud.",
        discussion: """
            Start the server with `hearth serve` (it keeps its data in ./hearth-data by default).
            Run `hearth help <subcommand>` for the options of each subcommand.
            """,
        version: HearthVersion.current,
        subcommands: [
            ServeCommand.self, DoctorCommand.self, BackupCommand.self, RestoreCommand.self, ReportCommand.self,
            GarageCommand.self, FinanceCommand.self, HealthCommand.self, PantryCommand.self,
            AnalyticsCommand.self,
        ]
    )
}
