import ArgumentParser
import Foundation
import HearthExchange
import HearthFinance

/// `hearth finance statements …`
struct FinanceStatementsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statements",
        abstract: "Import bank statements (OFX, QIF or a bank's CSV export) as transactions.",
        subcommands: [Import.self]
    )

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a bank statement; importing it again, or an overlapping one, adds nothing.",
            discussion:
                "The format is read from the file (an OFX header, a QIF !Type: line), else its extension. CSV columns are found by their header (a date column, \"amount\" or debit and credit columns, payee, memo) unless named with the column options, by header or by number. A file that is cut short, is not what it claims, or holds a value that cannot be read is not imported at all, and the message names the line."
        )
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The statement file.") var file: String
        @Option(help: "ofx, qif or csv; default: from the file's content or extension.") var format: String?
        @Option(help: "CSV: the date column, by header or number.") var dateColumn: String?
        @Option(help: "CSV: the signed amount column.") var amountColumn: String?
        @Option(help: "CSV: the money-out column (with --credit-column).") var debitColumn: String?
        @Option(help: "CSV: the money-in column (with --debit-column).") var creditColumn: String?
        @Option(help: "CSV: the payee column (the transaction's title).") var payeeColumn: String?
        @Option(help: "CSV: the memo column (the transaction's subtitle).") var memoColumn: String?
        @Flag(help: "CSV: the first row is data, and columns are named by number.") var noHeader = false
        @Option(help: "CSV: the field separator, such as ';' or tab; default: guessed from the first line.")
        var delimiter: String?
        @Flag(help: "QIF and CSV: dates put the day first (31/12/2025); default: month first.") var dayFirst = false
        @Flag(help: "QIF and CSV: amounts use a decimal comma (-1.234,50).") var decimalComma = false
        @Option(help: "The account the statement is for: tags its transactions (OFX files name their own).")
        var account: String?
        @Flag(help: "Read and check everything, report what would be added, write nothing.") var dryRun = false
        @Option(
            help:
                "The ISO 4217 currency of a QIF or CSV file, such as USD (default: the book currency; OFX files name their own)."
        )
        var currency: String?

        func run() async throws {
            let url = URL(fileURLWithPath: (file as NSString).expandingTildeInPath)
            let importOptions = try FinanceCLI.check { () throws -> StatementImportOptions in
                guard FileManager.default.isReadableFile(atPath: url.path) else {
                    throw InputError("Cannot read \(url.path): the file does not exist or is not readable")
                }
                let format = try self.format.map { text -> StatementFormat in
                    guard let value = StatementFormat(rawValue: text.lowercased()) else {
                        throw InputError("--format \"\(text)\" is not ofx, qif or csv")
                    }
                    return value
                }
                if (debitColumn == nil) != (creditColumn == nil) {
                    throw InputError("--debit-column and --credit-column go together; name both, or --amount-column")
                }
                if amountColumn != nil, debitColumn != nil {
                    throw InputError("name either --amount-column, or --debit-column and --credit-column, not both")
                }
                return StatementImportOptions(
                    format: format,
                    csv: .init(
                        dateColumn: dateColumn, amountColumn: amountColumn, debitColumn: debitColumn,
                        creditColumn: creditColumn, payeeColumn: payeeColumn, memoColumn: memoColumn,
                        hasHeader: !noHeader, delimiter: try delimiter.map(Self.delimiterByte)),
                    dayFirst: dayFirst, decimalComma: decimalComma, account: account, dryRun: dryRun,
                    currency: try currency.map { text in
                        do {
                            return try CurrencyCode(text)
                        } catch let error as PersistenceError {
                            throw InputError("--currency \(error.message)")
                        }
                    })
            }
            let progress = ProgressLine(
                enabled: !options.json, verb: "Importing \(url.lastPathComponent)", noun: "transactions")
            try await FinanceCLI.run(options) { store in
                let report = try await store.importStatement(
                    from: url, options: importOptions, progress: progress.update)
                progress.finish()
                if options.json { return try FinanceCLI.printJSON(report) }
                let accounts = report.accounts.isEmpty ? "" : ", \(report.accounts.joined(separator: ", "))"
                let verb = report.dryRun ? "Would import" : "Imported"
                print(
                    "\(verb) \(report.file) (\(report.format.rawValue.uppercased())\(accounts)): \(report.added) added, \(report.skipped.count) skipped"
                        + (report.dryRun ? " — a dry run, nothing was written" : ""))
                for line in report.skipped.summaryLines() { print(line) }
            }
        }

        /// `;`, `,`, `|`, `tab` or `\t` as the byte it names.
        static func delimiterByte(_ text: String) throws -> UInt8 {
            if text == "tab" || text == "\\t" || text == "\t" { return 9 }
            guard text.utf8.count == 1, let byte = text.utf8.first, byte != UInt8(ascii: "\""), byte >= 0x20 else {
                throw InputError("--delimiter \"\(text)\" is not one character; use ',', ';', '|' or tab")
            }
            return byte
        }
    }
}
