public import ArgumentParser
import Foundation
import HearthCore
import HearthGarage
import HearthReports

extension GarageReportFormat: ExpressibleByArgument {}

/// What the report commands share: where fonts come from, and how a written file is announced.
enum GarageReportOutput {
    /// DejaVu fonts from HEARTH_FONT_DIR, else the system's.
    static func fonts(environment: [String: String] = ProcessInfo.processInfo.environment) -> ReportFonts {
        environment["HEARTH_FONT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            .map { ReportFonts(directory: URL(fileURLWithPath: $0, isDirectory: true)) } ?? ReportFonts()
    }

    /// The -o path as a URL.
    static func destination(_ path: String) -> URL {
        URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
    }

    static func announce(_ file: GarageReportFile, json: Bool) throws {
        if json { return try GarageOutput.json(file) }
        let size = file.byteCount < 10_240 ? "\(file.byteCount) bytes" : "\(file.byteCount / 1024) KB"
        let pages = file.pageCount.map { "\($0) page\($0 == 1 ? "" : "s"), " } ?? ""
        print("Wrote \(file.url.path) (\(pages)\(size)).")
    }
}

/// `hearth garage history VEHICLE -o FILE [--format pdf|html] [--attachments] [--no-total]`.
struct GarageHistory: AsyncParsableCommand {
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
    @Option(name: .shortAndLong, help: "The file to write, or a folder to write <vehicle>_Service_History.pdf into.") var output: String
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

/// `hearth garage costs VEHICLE --year YEAR -o FILE [--format pdf|html]`.
struct GarageCosts: AsyncParsableCommand {
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
    @Option(name: .shortAndLong, help: "The file to write, or a folder to write <vehicle>_Costs_<year>.pdf into.") var output: String?
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
            print("\(found.displayName) in \(year): \(GarageOutput.money(summary.total)) over \(summary.entries.count) entr\(summary.entries.count == 1 ? "y" : "ies").")
            if !summary.categories.isEmpty {
                GarageOutput.table(["CATEGORY", "ENTRIES", "TOTAL"], summary.categories.map { [$0.label, String($0.count), GarageOutput.money($0.total)] })
            }
            return
        }
        let file = try await reports.writeCosts(for: found.id, year: year, to: GarageReportOutput.destination(output), format: format ?? .forFile(output))
        try GarageReportOutput.announce(file, json: options.json)
    }
}

/// `hearth garage attach VEHICLE FILE --service NAME [--date DAY] [--caption TEXT]`.
struct GarageAttach: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract: "Attach a file (a receipt photo, an invoice) to a service log entry; `history --attachments` shows pictures.",
        discussion: "The file stays where it is; its path is stored. Without --date, the newest entry of the service is used."
    )
    @OptionGroup var options: GarageOptions
    @Argument(help: "The vehicle.") var vehicle: String
    @Argument(help: "The file to attach.") var file: String
    @Option(help: "The service (or the title of a log entry without one).") var service: String
    @Option(help: "The day the work was done, yyyy-MM-dd.") var date: String?
    @Option(help: "A line describing the file.") var caption: String?

    func run() async throws {
        let store = try options.openStore()
        let found = try await store.vehicle(matching: vehicle)
        let day = try GarageArguments.day(date, "--date")
        let names = Dictionary(uniqueKeysWithValues: try await store.services(of: found.id).map { ($0.id, $0.name) })
        let wanted = service.trimmingCharacters(in: .whitespaces)
        let logs = try await store.logs(of: found.id).filter { log in
            let name = log.serviceID.flatMap { names[$0] } ?? log.title ?? ""
            return name.caseInsensitiveCompare(wanted) == .orderedSame && (day == nil || log.performedDate == day)
        }
        guard let log = logs.first else {
            let when = day.map { " on \($0.iso)" } ?? ""
            throw ServiceError(.notFound, "\(found.displayName) has no \(wanted) entry\(when); `hearth garage service list \(vehicle)` shows its history.")
        }
        let attachment = try await store.attach(file, to: log.id, caption: caption)
        if options.json { return try GarageOutput.json(attachment) }
        print("Attached \(attachment.fileName) to \(wanted) on \(log.performedDate.iso).")
    }
}
