import ArgumentParser
import Foundation
import HearthFinance

/// `hearth finance rates …`
struct FinanceRatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rates",
        abstract: "Exchange rates by day: import the European Central Bank's, add your own, list them.",
        discussion:
            "Rates are units of a currency per 1 unit of the base, EUR unless --base says otherwise, as the European Central Bank publishes them. Conversions use the rate of each amount's own day, or the latest of the 7 days before it (weekends, holidays).",
        subcommands: [Add.self, Import.self, List.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add or correct one rate: hearth finance rates add --day 2026-11-02 USD 1.0832")
        @OptionGroup var options: FinanceOptions
        @Option(help: "The day, YYYY-MM-DD (default: today).") var day: String?
        @Option(help: "The base currency (default EUR).") var base: String = "EUR"
        @Argument(help: "The quoted currency, such as USD.") var currency: String
        @Argument(help: "Units of the currency per 1 unit of the base, such as 1.0832.") var rate: String

        func run() async throws {
            let exchangeRate = try FinanceCLI.check {
                guard let value = ExchangeRate.parseRate(rate) else {
                    throw InputError(
                        "RATE \"\(rate)\" is not a rate; write a number greater than 0 such as 1.0832 (units of \(currency.uppercased()) per 1 \(base.uppercased()))"
                    )
                }
                return try ExchangeRate(
                    base: try FinanceCLI.currency(base, option: "--base"),
                    quote: try FinanceCLI.currency(currency, option: "CURRENCY"),
                    day: try day.map { try FinanceCLI.rateDay($0, option: "--day") } ?? FinanceCLI.today, rate: value)
            }
            try await FinanceCLI.run(options) { store in
                let summary = try await store.saveExchangeRates([exchangeRate])
                if options.json { return try FinanceCLI.printJSON(exchangeRate) }
                let verb = summary.added > 0 ? "Added" : summary.updated > 0 ? "Updated" : "Unchanged"
                print(
                    "\(verb) \(exchangeRate.day): 1 \(exchangeRate.base) = \(exchangeRate.rate) \(exchangeRate.quote)")
            }
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import eurofxref-hist.csv (or eurofxref.csv) from the European Central Bank.",
            discussion:
                "Download eurofxref-hist.zip from the bank's euro reference rates page and unzip it. Importing again adds only new days and corrects revised values; a file with any fault is refused whole, naming the line."
        )
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The CSV file.") var file: String

        func run() async throws {
            let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
            try await FinanceCLI.run(options) { store in
                let summary = try await store.importECBRates(from: url)
                if options.json { return try FinanceCLI.printJSON(summary) }
                print(
                    "Imported \(url.lastPathComponent): \(summary.days) days, \(summary.added) rates added, \(summary.updated) updated, \(summary.unchanged) unchanged."
                )
                if !summary.skippedCurrencies.isEmpty {
                    print("Skipped currencies no longer in use: \(summary.skippedCurrencies.joined(separator: ", ")).")
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List stored rates, newest day first.")
        @OptionGroup var options: FinanceOptions
        @Option(help: "Only rates of this currency.") var currency: String?
        @Option(help: "From this day on, YYYY-MM-DD.") var from: String?
        @Option(help: "Up to and including this day, YYYY-MM-DD.") var to: String?
        @Option(help: "How many to show (1–10000, default 50).") var limit: Int = 50

        func run() async throws {
            let (code, start, end) = try FinanceCLI.check {
                guard (1...10_000).contains(limit) else { throw InputError("--limit must be between 1 and 10000") }
                return (
                    try currency.map { try FinanceCLI.currency($0, option: "--currency") },
                    try from.map { try FinanceCLI.rateDay($0, option: "--from") },
                    try to.map { try FinanceCLI.rateDay($0, option: "--to") }
                )
            }
            try await FinanceCLI.run(options) { store in
                let rates = try await store.exchangeRates(currency: code, from: start, through: end, limit: limit)
                if options.json { return try FinanceCLI.printJSON(rates) }
                guard !rates.isEmpty else {
                    return print(
                        "No rates stored; import them with `hearth finance rates import eurofxref-hist.csv` or add one with `hearth finance rates add`."
                    )
                }
                FinanceCLI.table(
                    ["DAY", "BASE", "CURRENCY", "RATE"],
                    rates.map { [$0.day.description, $0.base.code, $0.quote.code, "\($0.rate)"] })
            }
        }
    }
}
