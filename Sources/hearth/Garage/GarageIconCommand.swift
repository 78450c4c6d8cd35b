import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage icon [list|set NAME]`.
struct GarageIconCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icon", abstract: "Choose the app icon.", subcommands: [List.self, Set.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the icons; the chosen one is marked.")
        @OptionGroup var options: GarageOptions

        func run() async throws {
            let service = AppIconService(store: try options.openStore())
            let current = try await service.current()
            if options.json {
                struct Listing: Encodable {
                    var current: AppIcon
                    var icons: [AppIcon]
                }
                return try GarageOutput.json(Listing(current: current, icons: service.icons()))
            }
            GarageOutput.table(
                ["", "ICON", "NAME", "LOOK"],
                service.icons().map { [$0 == current ? "*" : "", $0.id, $0.displayName, $0.summary] })
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Choose an icon by its id or name.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The icon, such as midnight.") var icon: String

        func run() async throws {
            let chosen = try await AppIconService(store: try options.openStore()).choose(icon)
            if options.json { return try GarageOutput.json(chosen) }
            print("The app icon is now \(chosen.displayName).")
        }
    }
}
