import ArgumentParser
import Foundation
import HearthExchange
import HearthFinance

/// `hearth finance redo`
struct FinanceRedoCommand: AsyncParsableCommand {
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
