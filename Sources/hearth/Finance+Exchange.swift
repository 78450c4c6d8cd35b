import ArgumentParser
import Foundation
import HearthExchange
import HearthFinance

/// The file formats export and import understand.
enum FinanceFileFormat: String {
    case json, csv

    /// `flag`, or else what `url`'s extension says (CSV for `.csv`, JSON otherwise).
    static func resolve(_ flag: String?, for url: URL) throws -> FinanceFileFormat {
        if let flag {
            guard let format = FinanceFileFormat(rawValue: flag.lowercased()) else {
                throw InputError("--format \"\(flag)\" is not json or csv")
            }
            return format
        }
        return url.pathExtension.lowercased() == "csv" ? .csv : .json
    }
}

/// `hearth finance export`
struct FinanceExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write everything to JSON, or the transactions to CSV.")
    @OptionGroup var options: FinanceOptions
    @Option(name: [.short, .customLong("output")], help: "The file to write.") var output: String
    @Option(help: "json (everything) or csv (transactions); default: from the file's extension.") var format: String?

    func run() async throws {
        let url = URL(fileURLWithPath: (output as NSString).expandingTildeInPath)
        let format = try FinanceCLI.check { try FinanceFileFormat.resolve(self.format, for: url) }
        let progress = ProgressLine(enabled: !options.json, verb: "Exporting \(url.lastPathComponent)", noun: "transactions")
        try await FinanceCLI.run(options) { store in
            switch format {
            case .json:
                try await store.exportJSON(to: url)
                if options.json { return try FinanceCLI.printJSON(["file": url.path]) }
                print("Exported everything to \(url.path)")
            case .csv:
                let count = try await store.exportTransactionsCSV(to: url, progress: progress.update)
                progress.finish()
                if options.json { return try FinanceCLI.printJSON(["file": url.path, "transactions": "\(count)"]) }
                print("Exported \(count) transaction\(count == 1 ? "" : "s") to \(url.path)")
            }
        }
    }
}

/// `hearth finance import`
struct FinanceImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a JSON export or a CSV of transactions; importing the same file twice adds nothing.",
        discussion: "CSV files need a header naming the columns: date, title and amount are required; id, subtitle, category, isRecurring, tags (separated by ;) and updatedAt are optional. A file with any bad row is not imported at all, and the message names the line."
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
            print("Imported \(url.lastPathComponent): \(inserted) added, \(updated) updated, \(unchanged) already up to date")
        }
    }
}

/// `hearth finance undo`
struct FinanceUndo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undo", abstract: "Undo the last change.")
    @OptionGroup var options: FinanceOptions

    func run() async throws {
        try await FinanceCLI.run(options) { store in
            let step = try await store.undo()
            if options.json { return try FinanceCLI.printJSON(step) }
            print(step.map { "Undid: \($0.label)" } ?? "Nothing to undo.")
        }
    }
}

/// `hearth finance redo`
struct FinanceRedo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "redo", abstract: "Redo the last undone change.")
    @OptionGroup var options: FinanceOptions

    func run() async throws {
        try await FinanceCLI.run(options) { store in
            let step = try await store.redo()
            if options.json { return try FinanceCLI.printJSON(step) }
            print(step.map { "Redid: \($0.label)" } ?? "Nothing to redo.")
        }
    }
}
