import ArgumentParser
import Foundation
import HearthExchange
import HearthFinance

/// `hearth finance export`
struct FinanceExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write everything to JSON, or the transactions to CSV.")
    @OptionGroup var options: FinanceOptions
    @Option(name: [.short, .customLong("output")], help: "The file to write.") var output: String
    @Option(help: "json (everything) or csv (transactions); default: from the file's extension.") var format: String?

    func run() async throws {
        let url = URL(fileURLWithPath: (output as NSString).expandingTildeInPath)
        let format = try FinanceCLI.check { try FinanceFileFormat.resolve(self.format, for: url) }
        let progress = ProgressLine(
            enabled: !options.json, verb: "Exporting \(url.lastPathComponent)", noun: "transactions")
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
