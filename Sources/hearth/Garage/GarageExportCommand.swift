import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage export --format csv|json -o DIR|FILE`.
struct GarageExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every garage record as CSV files (one per kind) or one JSON file.",
        discussion: """
            CSV: a folder with vehicles.csv, service-presets.csv, services.csv, service-records.csv,
            attachments.csv, odometer-records.csv, fuel-records.csv, expenses.csv and reminders.csv (what is due),
            with LubeLogger's column names where it has them. JSON: everything in one file.
            `hearth garage import DIR|FILE.json` reads either back, exactly as it was.
            """
    )
    @OptionGroup var options: GarageOptions
    @Option(help: "csv or json (default: json for a file ending in .json, else csv).") var format: GarageArchiveFormat?
    @Option(name: .shortAndLong, help: "The folder for CSV files, or the JSON file (a folder gets garage.json).")
    var output: String

    func run() async throws {
        let store = try options.openStore()
        var url = GarageReportOutput.destination(output)
        let format = self.format ?? (url.pathExtension.lowercased() == "json" ? .json : .csv)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        if format == .json, exists, isFolder.boolValue { url = url.appendingPathComponent("garage.json") }
        if format == .csv, exists, !isFolder.boolValue {
            throw ValidationError("-o \(output) is a file; CSV goes into a folder (one file per kind of record).")
        }
        let summary = try await store.exportArchive(format: format, to: url)
        if options.json { return try GarageOutput.json(summary) }
        print("Exported \(summary.countsDescription) to \(summary.path).")
    }
}
