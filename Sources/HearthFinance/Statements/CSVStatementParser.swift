import Foundation
import HearthCore
import HearthExchange

/// The rows of a bank's CSV export, read through a ``StatementImportOptions/CSVMapping``.
final class CSVStatementParser: StatementParser {
    private let reader: CSVReader
    private let file: String
    private let days: StatementDays
    private let options: StatementImportOptions

    var bytesRead: Int { reader.bytesRead }
    var totalBytes: Int { reader.totalBytes }

    /// The longest row accepted, in bytes.
    static let maximumRowBytes = 1 << 16

    init(url: URL, calendar: Calendar, options: StatementImportOptions) throws {
        let delimiter = try options.csv.delimiter ?? Self.guessDelimiter(url)
        reader = try FinancePersistenceService.exchange { try CSVReader(url: url, delimiter: delimiter) }
        reader.maximumRowBytes = Self.maximumRowBytes
        file = url.lastPathComponent
        days = StatementDays(calendar: calendar)
        self.options = options
    }

    /// `;` or a tab when the first line holds more of them than commas, else `,`.
    static func guessDelimiter(_ url: URL) throws -> UInt8 {
        let head = try FinancePersistenceService.exchange { () throws -> [UInt8] in
            var bytes: [UInt8] = []
            try ChunkedInput(url: url).forEachChunk { chunk in
                bytes = Array(chunk.prefix { $0 != 10 && $0 != 13 })
                return false
            }
            return bytes
        }
        let counts = [UInt8(ascii: ","), UInt8(ascii: ";"), 9].map { byte in (byte, head.count { $0 == byte }) }
        let best = counts.max { $0.1 < $1.1 }!
        return best.1 > 0 ? best.0 : UInt8(ascii: ",")
    }

    /// Where the mapped columns are.
    private struct Columns {
        var date: Int
        var amount: Int?
        var debit: Int?
        var credit: Int?
        var payee: Int?
        var memo: Int?
        var names: [Int: String]

        var highest: Int { [date, amount, debit, credit, payee, memo].compactMap { $0 }.max() ?? 0 }
        func name(_ index: Int) -> String { names[index] ?? "column \(index + 1)" }
    }

    func read(_ body: (StatementEvent) throws -> Void) throws {
        var columns: Columns?
        if !options.csv.hasHeader { columns = try resolve(header: nil) }
        let account = options.account ?? ""
        try FinancePersistenceService.exchange {
            try reader.forEachRow { row in
                guard let mapped = columns else {
                    columns = try resolve(header: (0..<row.count).map { Self.text(row[$0]) })
                    return true
                }
                guard row.count > mapped.highest else {
                    throw refuse(
                        file, line: row.line,
                        "the row has \(row.count) field\(row.count == 1 ? "" : "s"), but the mapping reads field \(mapped.highest + 1) (\(mapped.name(mapped.highest))); check the delimiter (--delimiter) and the column options."
                    )
                }
                func value(_ index: Int?) -> String {
                    guard let index else { return "" }
                    return Self.text(FieldBytes.trimmed(row[index]))
                }
                let dateText = value(mapped.date)
                guard !dateText.isEmpty else {
                    try body(.skipped(line: row.line, reason: StatementSkip.noDate, detail: nil))
                    return true
                }
                let date: Date
                switch StatementValues.date(dateText, dayFirst: options.dayFirst, days: days) {
                case .success(let parsed): date = parsed
                case .failure(let problem):
                    throw refuse(
                        file, line: row.line,
                        "column \(mapped.name(mapped.date)): " + Self.dateProblem(problem, dateText))
                }
                func amount(_ index: Int?) throws -> Decimal? {
                    let text = value(index)
                    guard !text.isEmpty, let index else { return nil }
                    guard let parsed = StatementValues.amount(text, decimalComma: options.decimalComma) else {
                        throw refuse(
                            file, line: row.line,
                            "column \(mapped.name(index)): \"\(text)\" is not an amount\(options.decimalComma ? " with a decimal comma (such as -1.234,50)" : "; if the file writes amounts like -12,50, import it with --decimal-comma")."
                        )
                    }
                    return parsed
                }
                var total: Decimal?
                if mapped.amount != nil {
                    total = try amount(mapped.amount)
                } else {
                    let debit = try amount(mapped.debit)
                    let credit = try amount(mapped.credit)
                    if debit != nil || credit != nil {
                        total = (credit.map { abs($0) } ?? 0) - (debit.map { abs($0) } ?? 0)
                    }
                }
                let payee = value(mapped.payee)
                guard let total else {
                    try body(.skipped(line: row.line, reason: StatementSkip.noAmount, detail: payee))
                    return true
                }
                guard total != 0 else {
                    try body(.skipped(line: row.line, reason: StatementSkip.zeroAmount, detail: payee))
                    return true
                }
                try body(
                    .entry(
                        StatementEntry(
                            line: row.line, account: account, fitID: nil, date: date, amount: total, payee: payee,
                            memo: value(mapped.memo))))
                return true
            }
        }
        if columns == nil {
            throw PersistenceError.validationFailed(
                "\(file) is empty; a bank's CSV export starts with a header row naming its columns. Nothing was imported."
            )
        }
    }

    /// The mapped columns in `header` (nil: a file without a header, whose columns are numbers).
    private func resolve(header: [String]?) throws -> Columns {
        let mapping = options.csv
        let names = header.map { $0.map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        let listing = header == nil ? "it has no header row" : "its columns: \(names.joined(separator: ", "))"
        func find(_ given: String?, option: String, guesses: [String] = []) throws -> Int? {
            if let given {
                if let index = names.firstIndex(where: { $0.caseInsensitiveCompare(given) == .orderedSame }) {
                    return index
                }
                if let number = Int(given), number >= 1, number <= 1_000 { return number - 1 }
                throw PersistenceError.validationFailed(
                    "\(file) has no column \"\(given)\" (\(listing)); name the column with \(option) as the header writes it, or by its number (1 for the first). Nothing was imported."
                )
            }
            for guess in guesses {
                if let index = names.firstIndex(where: { $0.lowercased().contains(guess) }) { return index }
            }
            return nil
        }
        guard
            let date = try find(
                mapping.dateColumn, option: "--date-column", guesses: ["date", "datum", "buchungstag", "fecha"])
        else {
            throw PersistenceError.validationFailed(
                "\(file) has no date column (\(listing)); name it with --date-column. Nothing was imported.")
        }
        var amount = try find(mapping.amountColumn, option: "--amount-column")
        var debit = try find(mapping.debitColumn, option: "--debit-column")
        var credit = try find(mapping.creditColumn, option: "--credit-column")
        if amount == nil, debit == nil, credit == nil {
            amount = try find(nil, option: "", guesses: ["amount", "betrag", "montant", "importe", "bedrag"])
            if amount == nil {
                debit = try find(
                    nil, option: "", guesses: ["debit", "withdrawal", "paid out", "money out", "soll", "ausgang"])
                credit = try find(
                    nil, option: "", guesses: ["credit", "deposit", "paid in", "money in", "haben", "eingang"])
            }
        }
        guard amount != nil || (debit != nil && credit != nil) else {
            throw PersistenceError.validationFailed(
                "\(file) has no amount column (\(listing)); name it with --amount-column, or name --debit-column and --credit-column when money out and in have columns of their own. Nothing was imported."
            )
        }
        let payee = try find(
            mapping.payeeColumn, option: "--payee-column",
            guesses: [
                "payee", "name", "description", "beneficiary", "merchant", "counterparty", "empfänger",
                "auftraggeber", "bénéficiaire", "libellé",
            ])
        let memo = try find(
            mapping.memoColumn, option: "--memo-column",
            guesses: ["memo", "note", "reference", "details", "verwendungszweck", "purpose"])
        var labels: [Int: String] = [:]
        for (index, name) in names.enumerated() where !name.isEmpty { labels[index] = "\"\(name)\"" }
        return Columns(
            date: date, amount: amount, debit: debit, credit: credit, payee: payee,
            memo: memo == payee ? nil : memo, names: labels)
    }
}
