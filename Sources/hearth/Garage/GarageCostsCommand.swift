public import ArgumentParser
import Foundation
import HearthCore
import HearthGarage
import HearthReports

/// `hearth garage costs VEHICLE --year YEAR -o FILE [--format pdf|html]`.
struct GarageCostsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "costs",
        abstract: "Write what a vehicle's services cost in a year, by category, as a PDF (or HTML) report.",
        discussion: """
            Without -o, prints the totals by category (with --json, the whole summary).
            Give a folder as -o to write <vehicle>_Costs_<year>.pdf into it.
            """
    )
    @OptionGroup var options: GarageOptions
    @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String
    @Option(help: "The calendar year (default: last year).") var year: Int?
    @Option(name: .shortAndLong, help: "The file to write, or a folder to write <vehicle>_Costs_<year>.pdf into.")
    var output: String?
    @Option(help: "pdf or html (default: from the file's extension, else pdf).") var format: GarageReportFormat?

    func validate() throws {
        if let year, !(1900...9999).contains(year) {
            throw ValidationError("--year \(year) is not a year; give one such as 2025.")
        }
    }

    func run() async throws {
        let store = try options.openStore()
        let found = try await store.vehicle(matching: vehicle)
        let reports = ServiceHistoryPDFService(store: store, fonts: GarageReportOutput.fonts())
        let year = self.year ?? store.today.year - 1
        guard let output else {
            let summary = try await reports.costSummary(for: found.id, year: year)
            if options.json { return try GarageOutput.json(summary) }
            print(
                "\(found.displayName) in \(year): \(GarageOutput.money(summary.total)) over \(summary.entries.count) entr\(summary.entries.count == 1 ? "y" : "ies")."
            )
            if !summary.categories.isEmpty {
                GarageOutput.table(
                    ["CATEGORY", "ENTRIES", "TOTAL"],
                    summary.categories.map { [$0.label, String($0.count), GarageOutput.money($0.total)] })
            }
            return
        }
        let file = try await reports.writeCosts(
            for: found.id, year: year, to: GarageReportOutput.destination(output), format: format ?? .forFile(output))
        try GarageReportOutput.announce(file, json: options.json)
    }
}
