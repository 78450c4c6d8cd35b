import ArgumentParser
import Foundation
import HearthExchange
import HearthFinance

/// `hearth finance report`
struct FinanceReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "A monthly or yearly report as PDF or HTML: income, expenses, spending by category, trend, budgets.")
    @OptionGroup var options: FinanceOptions
    @Option(help: "Report on this month, YYYY-MM.") var month: String?
    @Option(help: "Report on this calendar year, YYYY.") var year: String?
    @Option(help: "pdf or html (default: from the file's extension, else pdf).") var format: String?
    @Option(name: [.short, .customLong("output")], help: "The file to write.") var output: String
    @Option(
        help:
            "Show amounts in this currency (ISO 4217, such as USD), each transaction converted with the rate of its own day."
    ) var currency: String?

    struct Output: Encodable {
        let file: String
        let format: String
        let pages: Int?
        let bytes: Int
        let summary: FinanceReportSummary
    }

    func run() async throws {
        let url = URL(fileURLWithPath: (output as NSString).expandingTildeInPath)
        let target = try FinanceCLI.check { try currency.map { try FinanceCLI.currency($0, option: "--currency") } }
        let (period, format) = try FinanceCLI.check { () throws -> (FinanceReportPeriod, FinanceReportFormat) in
            let period: FinanceReportPeriod
            switch (month, year) {
            case (let month?, nil): period = .month(try FinanceBudgetCommand.month(month, option: "--month"))
            case (nil, let year?):
                guard year.count == 4, let value = Int(year), value >= 1970 else {
                    throw InputError("--year \"\(year)\" is not a year; write YYYY, such as 2026")
                }
                period = .year(value)
            default: throw InputError("Give either --month YYYY-MM or --year YYYY")
            }
            if let format = self.format {
                guard let chosen = FinanceReportFormat(rawValue: format.lowercased()) else {
                    throw InputError("--format \"\(format)\" is not pdf or html")
                }
                return (period, chosen)
            }
            let lower = url.pathExtension.lowercased()
            return (period, lower == "html" || lower == "htm" ? .html : .pdf)
        }
        try await FinanceCLI.run(options) { store in
            var reports = FinanceReportService(store: store)
            // Amounts in other currencies than the book's are converted even without --currency.
            reports.currency = target
            if target == nil, try await store.holdsOtherCurrencies() {
                reports.currency = try await store.bookCurrency()
            }
            let written = try await reports.write(period, to: url, format: format)
            if options.json {
                return try FinanceCLI.printJSON(
                    Output(
                        file: url.path, format: format.rawValue, pages: written.pageCount, bytes: written.byteCount,
                        summary: try await reports.summary(for: period)))
            }
            let pages = written.pageCount.map { $0 == 1 ? ", 1 page" : ", \($0) pages" } ?? ""
            print("Wrote the \(period.title) report to \(url.path)\(pages).")
        }
    }
}
