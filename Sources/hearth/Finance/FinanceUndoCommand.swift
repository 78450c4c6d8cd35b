import ArgumentParser
import Foundation
import HearthExchange
import HearthFinance

/// `hearth finance undo`
struct FinanceUndoCommand: AsyncParsableCommand {
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
