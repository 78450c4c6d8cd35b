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
        subcommands: [Serve.self, Report.self, Garage.self, Finance.self, Health.self, Pantry.self, Analytics.self]
    )
}

/// The folder the commands keep their databases in: HEARTH_DATA_DIR, else ./hearth-data.
func dataFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    let folder = environment["HEARTH_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "hearth-data"
    return URL(fileURLWithPath: (folder as NSString).expandingTildeInPath)
}
