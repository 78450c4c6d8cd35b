import ArgumentParser
import Foundation
import HearthCore
import HearthGarage
import HearthReports

/// `hearth garage report --all [--year YEAR] [-o FILE] [--format pdf|html]`.
struct GarageReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the fleet report: every vehicle's costs, miles, cost per mile and next due service.",
        discussion: """
            Without -o, prints the figures (with --json, the whole summary). Give a folder as -o to write
            Fleet_Report.pdf (Fleet_Report_<year>.pdf with --year) into it. One vehicle's reports are
            `hearth garage history VEHICLE` and `hearth garage costs VEHICLE`.
            """
    )
    @OptionGroup var options: GarageOptions
    @Flag(help: "Every vehicle (the fleet report).") var all = false
    @Option(help: "One calendar year (default: everything recorded).") var year: Int?
    @Option(name: .shortAndLong, help: "The file to write, or a folder to write Fleet_Report.pdf into.")
    var output: String?
    @Option(help: "pdf or html (default: from the file's extension, else pdf).") var format: GarageReportFormat?

    func validate() throws {
        guard all else {
            throw ValidationError(
                "Give --all for the fleet report; one vehicle's reports are `hearth garage history VEHICLE` and `hearth garage costs VEHICLE`."
            )
        }
        if let year, !(1900...9999).contains(year) {
            throw ValidationError("--year \(year) is not a year; give one such as 2025.")
        }
    }

    func run() async throws {
        let store = try options.openStore()
        let reports = ServiceHistoryPDFService(store: store, fonts: GarageReportOutput.fonts())
        guard let output else {
            let summary = try await reports.fleetSummary(year: year)
            if options.json { return try GarageOutput.json(summary) }
            guard !summary.rows.isEmpty else {
                return print("No vehicles yet. Add one with `hearth garage vehicle add`.")
            }
            let perMile = summary.costPerMile.map { ", \(Formatting.currency($0, fractionDigits: 3)) a mile" } ?? ""
            print(
                "\(summary.rows.count) vehicle\(summary.rows.count == 1 ? "" : "s") \(year.map { "in \($0)" } ?? "in everything recorded"): "
                    + "\(GarageOutput.money(summary.total)) over \(GarageOutput.number(summary.distance)) miles\(perMile)."
            )
            GarageOutput.table(
                ["VEHICLE", "TOTAL", "MILES", "PER MILE", "NEXT DUE"],
                summary.rows.map { row in
                    [
                        row.vehicle, GarageOutput.money(row.cost), row.distance.map(GarageOutput.number) ?? "—",
                        row.costPerMile.map { Formatting.currency($0, fractionDigits: 3) } ?? "—",
                        row.nextDue.map {
                            "\($0.service) (\($0.status.label)\($0.expected.map { ", \($0.iso)" } ?? ""))"
                        }
                            ?? "—",
                    ]
                })
            return
        }
        let file = try await reports.writeFleet(
            year: year, to: GarageReportOutput.destination(output), format: format ?? .forFile(output))
        try GarageReportOutput.announce(file, json: options.json)
    }
}
