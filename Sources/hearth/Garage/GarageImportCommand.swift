import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthGarage

/// `hearth garage import FILE --vehicle V`, and `hearth garage import DIR|FILE.json` of a Hearth export.
struct GarageImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Import a CSV export from Fuelly (aCar or fuelly.com), Drivvo, Simply Auto, any CSV with --map, or a Hearth export.",
        discussion: """
            The app is recognised from the file. Importing the same file again adds nothing.
            A folder of CSV files or a .json file written by `hearth garage export` is imported whole (no --vehicle):
            every record as it was, or nothing when any value is bad.
            Use --dry-run to see what would be imported without writing anything.
            Any other CSV: --source generic --map date="Date" --map odometer="Odometer" --map cost="Amount" --map service="Work"
            """
    )
    @OptionGroup var options: GarageOptions
    @Argument(help: "The CSV file, or a Hearth export (a folder of CSV files, a .json file).") var file: String
    @Option(help: "The vehicle to import into: its name or the start of its id.") var vehicle: String?
    @Option(help: "auto, fuelly, drivvo, simplyauto or generic (default auto).") var source: ImportSource = .auto
    @Flag(name: .customLong("dry-run"), help: "Show what would be imported; write nothing.") var dryRun = false
    @Option(
        name: .customLong("from-vehicle"),
        help: "In a file with several vehicles, the one to import (default the first).")
    var fromVehicle: String?
    @Option(name: .customLong("distance-unit"), help: "mi or km, when the file does not say.") var distanceUnit:
        DistanceUnit?
    @Option(name: .customLong("date-order"), help: "month-first or day-first, when the file's dates do not settle it.")
    var dateOrder: DateOrder?
    @Option(
        name: .customLong("map"),
        help: "For --source generic: FIELD=HEADER, for date, odometer, cost, service, volume, notes.")
    var map: [String] = []
    @Option(help: "For --source generic: the field separator (default: detected).") var delimiter: String?

    func run() async throws {
        let store = try options.openStore()
        let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        if exists && isFolder.boolValue || url.pathExtension.lowercased() == "json" {
            guard vehicle == nil, !dryRun else {
                throw ValidationError(
                    "A Hearth export is imported whole: leave out --vehicle and --dry-run (it writes all or nothing).")
            }
            let summary = try await store.importArchive(from: url)
            if options.json { return try GarageOutput.json(summary) }
            var line = "Imported \(summary.countsDescription) from \(url.lastPathComponent)."
            if summary.unchanged > 0 {
                line += " Already in the garage (left as they were): \(GarageOutput.number(summary.unchanged))."
            }
            if summary.documentFiles > 0 { line += " Document files copied: \(summary.documentFiles)." }
            if summary.documentFilesLeftOut > 0 {
                line +=
                    " \(summary.documentFilesLeftOut) document\(summary.documentFilesLeftOut == 1 ? " has" : "s have") no file here (a JSON export carries none; a CSV export's documents/ folder does)."
            }
            return print(line)
        }
        guard let vehicle else {
            throw ValidationError("Give --vehicle NAME: the vehicle to import \(url.lastPathComponent) into.")
        }
        let target = try await store.vehicle(matching: vehicle)
        var separator: Character?
        if let delimiter {
            let value = delimiter == "\\t" || delimiter.lowercased() == "tab" ? "\t" : delimiter
            guard value.count == 1 else {
                throw ValidationError("--delimiter must be one character, such as ';' or tab.")
            }
            separator = value.first
        }
        let importOptions = ImportOptions(
            vehicleID: target.id, source: source, dryRun: dryRun, sourceVehicle: fromVehicle,
            distanceUnit: distanceUnit,
            dateOrder: dateOrder, mapping: map.isEmpty ? nil : try GenericMapping.parse(map), delimiter: separator
        )
        let name = url.lastPathComponent
        let progress = ProgressLine(enabled: !options.json, verb: "Importing \(name)")
        let report = try await GarageImporter(store: store).importFile(
            at: url, options: importOptions, progress: progress.update)
        progress.finish()
        if options.json { return try GarageOutput.json(report) }
        print(Self.summary(report, file: name, vehicle: target))
    }

    static func summary(_ report: ImportReport, file: String, vehicle: Vehicle) -> String {
        var lines: [String] = []
        let verb = report.dryRun ? "Dry run: would import" : "Imported"
        lines.append(
            "\(verb) \(GarageOutput.number(report.imported)) record\(report.imported == 1 ? "" : "s") into \(vehicle.displayName) from \(file) (\(report.format)): \(GarageOutput.number(report.fuelImported)) fill-up\(report.fuelImported == 1 ? "" : "s"), \(GarageOutput.number(report.servicesImported)) service log\(report.servicesImported == 1 ? "" : "s"), \(GarageOutput.number(report.expensesImported)) expense\(report.expensesImported == 1 ? "" : "s")."
        )
        if !report.servicesCreated.isEmpty {
            lines.append(
                "\(report.dryRun ? "Would add" : "Added") service\(report.servicesCreated.count == 1 ? "" : "s") to track: \(report.servicesCreated.joined(separator: ", "))."
            )
        }
        if report.alreadyImported > 0 {
            lines.append("Already in the garage (not added again): \(GarageOutput.number(report.alreadyImported)).")
        }
        if report.skipped > 0 {
            lines.append("Skipped \(GarageOutput.number(report.skipped)) row\(report.skipped == 1 ? "" : "s"):")
            lines += report.skippedRows.summaryLines(rows: 20)
            if report.skipped > 20 { lines.append("  … (--json lists the first \(SkippedRows.maximumListed))") }
        }
        if report.sourceVehicles.count > 1 {
            lines.append(
                "The file holds \(report.sourceVehicles.count) vehicles (\(report.sourceVehicles.joined(separator: ", "))); choose another with --from-vehicle."
            )
        }
        var reading = report.dateOrder.map { ["dates \($0.rawValue)"] } ?? []
        if report.distanceUnit == .kilometers { reading.append("kilometres converted to miles") }
        if !reading.isEmpty { lines.append("Read with " + reading.joined(separator: ", ") + ".") }
        lines += report.notes.map { "Note: \($0)" }
        if report.dryRun { lines.append("Nothing was written.") }
        return lines.joined(separator: "\n")
    }
}
