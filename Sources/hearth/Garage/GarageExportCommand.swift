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
            attachments.csv, odometer-records.csv, fuel-records.csv, expenses.csv, documents.csv and reminders.csv
            (what is due), with LubeLogger's column names where it has them, and the vehicle documents' files in
            documents/. JSON: every record in one file (without the documents' files).
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
        var line = "Exported \(summary.countsDescription) to \(summary.path)."
        if summary.documentFiles > 0 { line += " Document files copied into documents/: \(summary.documentFiles)." }
        if summary.documentFilesLeftOut > 0 {
            line +=
                format == .json
                ? " The \(summary.documentFilesLeftOut) document file\(summary.documentFilesLeftOut == 1 ? " is" : "s are") not in a JSON export; --format csv copies them too."
                : " \(summary.documentFilesLeftOut) document file\(summary.documentFilesLeftOut == 1 ? " is" : "s are") kept on another device, not here."
        }
        print(line)
    }
}
