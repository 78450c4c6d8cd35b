import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage widget`: writes the widget's data file.
struct GarageWidgetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget",
        abstract:
            "Write the widget's snapshot: per vehicle, its mileage, status and next services due (JSON, replaced whole).",
        discussion: "With --follow it rewrites the file whenever garage data changes, until Ctrl-C."
    )
    @OptionGroup var options: GarageOptions
    @Option(name: .shortAndLong, help: "The file to write (default: widget.json beside the database).") var output:
        String?
    @Flag(help: "Keep the file current as data changes.") var follow = false

    func run() async throws {
        let store = try options.openStore()
        let url =
            output.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
            ?? options.databaseURL().deletingLastPathComponent().appendingPathComponent("widget.json")
        let service = WidgetDataService(store: store, fileURL: url)
        let snapshot = try await service.writeSnapshot()
        if options.json {
            try GarageOutput.json(snapshot)
        } else {
            print("Wrote \(url.path): \(snapshot.vehicles.count) vehicle\(snapshot.vehicles.count == 1 ? "" : "s").")
        }
        if follow { try await service.run() }
    }
}
