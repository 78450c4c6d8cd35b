import ArgumentParser
import Foundation
import HearthFinance

/// `hearth finance settings [--currency CODE]`
struct FinanceSettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the finance settings: the book currency.",
        discussion:
            "The book currency is what amounts without a currency of their own are in: everything entered without --currency, and everything stored before currencies existed. It is EUR until set; set it once to the currency you enter amounts in."
    )
    @OptionGroup var options: FinanceOptions
    @Option(help: "Set the book currency: an ISO 4217 code such as EUR, USD or GBP (case ignored).")
    var currency: String?

    struct Output: Encodable {
        let currency: CurrencyCode
    }

    func run() async throws {
        let code = try FinanceCLI.check { try currency.map { try FinanceCLI.currency($0, option: "--currency") } }
        try await FinanceCLI.run(options) { store in
            if let code { try await store.setBookCurrency(code) }
            let output = Output(currency: try await store.bookCurrency())
            if options.json { return try FinanceCLI.printJSON(output) }
            print("Book currency: \(output.currency)")
        }
    }
}
