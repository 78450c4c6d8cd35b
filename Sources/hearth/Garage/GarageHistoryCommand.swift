public import ArgumentParser
import Foundation
import HearthCore
import HearthGarage
import HearthReports

/// `hearth garage history VEHICLE -o FILE [--format pdf|html] [--attachments] [--no-total]`.
struct GarageHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Write a vehicle's service history as a PDF (or HTML) file.",
        discussion: """
            The history lists every logged service, oldest first, with its date, mileage, cost and notes, in the
            Checkpoint look (US Letter). Give a folder as -o to write <vehicle>_Service_History.pdf into it.
            DejaVu fonts are read from HEARTH_FONT_DIR, else /usr/share/fonts/truetype/dejavu.
            """
    )
    @OptionGroup var options: GarageOptions
    @Argument(help: "The vehicle: its name or the start of its id.") var vehicle: String
    @Option(name: .shortAndLong, help: "The file to write, or a folder to write <vehicle>_Service_History.pdf into.")
    var output: String
    @Option(help: "pdf or html (default: from the file's extension, else pdf).") var format: GarageReportFormat?
    @Flag(help: "Include the pictures attached to the log entries.") var attachments = false
    @Flag(name: .customLong("no-total"), help: "Leave out the total cost row.") var noTotal = false

    func run() async throws {
        let store = try options.openStore()
        let found = try await store.vehicle(matching: vehicle)
        let reports = ServiceHistoryPDFService(store: store, fonts: GarageReportOutput.fonts())
        let file = try await reports.writeHistory(
            for: found.id, to: GarageReportOutput.destination(output), format: format ?? .forFile(output),
            options: ServiceHistoryOptions(includeAttachments: attachments, includeTotal: !noTotal))
        try GarageReportOutput.announce(file, json: options.json)
    }
}
