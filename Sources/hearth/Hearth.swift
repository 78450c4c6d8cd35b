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
            Serve.self, DoctorCommand.self, BackupCommand.self, RestoreCommand.self, Report.self, Garage.self, Finance.self, Health.self, Pantry.self,
            Analytics.self,
        ]
    )
}

/// The folder the commands keep their databases in: HEARTH_DATA_DIR, else ./hearth-data.
func dataFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    let folder = environment["HEARTH_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "hearth-data"
    return URL(fileURLWithPath: (folder as NSString).expandingTildeInPath)
}

/// A path typed on the command line, with `~` expanded.
func expandedPath(_ path: String) -> URL {
    URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
}

/// Prints `value` as pretty JSON: with `encoder` when an app has its own (its dates, its money), else with sorted
/// keys, unescaped slashes and ISO 8601 dates. Every `--json` output goes through here.
func printJSON<T: Encodable>(_ value: T, encoder: JSONEncoder? = nil) throws {
    let encoder = encoder ?? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
    encoder.outputFormatting.insert(.prettyPrinted)
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}
