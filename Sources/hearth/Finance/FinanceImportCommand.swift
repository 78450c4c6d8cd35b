import ArgumentParser
import Foundation
import HearthExchange
import HearthFinance

/// `hearth finance import`
struct FinanceImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a JSON export or a CSV of transactions; importing the same file twice adds nothing.",
        discussion:
            "CSV files need a header naming the columns: date, title and amount are required; id, subtitle, category, isRecurring, tags (separated by ;) and updatedAt are optional. A file with any bad row is not imported at all, and the message names the line."
    )
    @OptionGroup var options: FinanceOptions
    @Argument(help: "The file to read.") var file: String
    @Option(help: "json or csv; default: from the file's extension.") var format: String?

    func run() async throws {
        let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
        let format = try FinanceCLI.check { () throws -> FinanceFileFormat in
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw InputError("Cannot read \(url.path): the file does not exist or is not readable")
            }
            return try FinanceFileFormat.resolve(self.format, for: url)
        }
        let progress = ProgressLine(enabled: !options.json, verb: "Importing \(url.lastPathComponent)", noun: "values")
        try await FinanceCLI.run(options) { store in
            let summary: ImportSummary
            switch format {
            case .json: summary = try await store.importJSON(from: url, progress: progress.update)
            case .csv: summary = try await store.importTransactionsCSV(from: url, progress: progress.update)
            }
            progress.finish()
            if options.json { return try FinanceCLI.printJSON(summary) }
            let inserted = summary.inserted.values.reduce(0, +)
            let updated = summary.updated.values.reduce(0, +)
            let unchanged = summary.unchanged.values.reduce(0, +)
            print(
                "Imported \(url.lastPathComponent): \(inserted) added, \(updated) updated, \(unchanged) already up to date"
            )
        }
    }
}
