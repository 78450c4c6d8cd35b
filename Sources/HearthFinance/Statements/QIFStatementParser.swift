import Foundation
import HearthCore
import HearthExchange

/// The cash-account transactions (`!Type:Bank`, `Cash`, `CCard`, `Oth A`, `Oth L`) of a QIF file, one
/// `^`-ended record at a time; records of other types are reported as left out.
final class QIFStatementParser: StatementParser {
    private let reader: LineReader
    private let file: String
    private let days: StatementDays
    private let options: StatementImportOptions

    var bytesRead: Int { reader.bytesRead }
    var totalBytes: Int { reader.totalBytes }

    init(url: URL, calendar: Calendar, options: StatementImportOptions) throws {
        reader = try FinancePersistenceService.exchange { try LineReader(url: url) }
        file = url.lastPathComponent
        days = StatementDays(calendar: calendar)
        self.options = options
    }

    private static let cashTypes: Set<String> = ["bank", "cash", "ccard", "oth a", "oth l"]
    /// Lists rather than transactions: left out without a word.
    private static let listTypes: Set<String> = ["cat", "class", "memorized", "security", "prices", "template"]
    /// The most fields one record may have (splits included): a bound on what a record keeps in memory.
    private static let maximumFields = 4_096

    func read(_ body: (StatementEvent) throws -> Void) throws {
        var type: String?
        var inAccountBlock = false
        var accountName = options.account ?? ""
        var fields: [(code: UInt8, value: String)] = []
        var recordLine = 0
        var sawHeader = false
        try FinancePersistenceService.exchange {
            try reader.forEachLine { bytes, line in
                let trimmed = FieldBytes.trimmed(bytes)
                guard let code = trimmed.first else { return true }
                if code == UInt8(ascii: "!") {
                    let header = Self.text(trimmed).lowercased()
                    if !fields.isEmpty {
                        throw refuse(
                            file, line: line,
                            "\(header) begins before the transaction from line \(recordLine) ends with ^; the file is damaged — export it again."
                        )
                    }
                    sawHeader = true
                    if header.hasPrefix("!type:") {
                        type = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
                        inAccountBlock = false
                    } else if header.hasPrefix("!account") {
                        inAccountBlock = true
                    }
                    // !Option:AutoSwitch, !Clear:AutoSwitch and the like change nothing here.
                    return true
                }
                guard sawHeader else {
                    throw PersistenceError.validationFailed(
                        "\(file) is not a QIF file: line \(line) comes before any !Type: header; export the account as QIF, or pass --format for what the file is. Nothing was imported."
                    )
                }
                if code == UInt8(ascii: "^") {
                    defer { fields.removeAll(keepingCapacity: true) }
                    if inAccountBlock {
                        if options.account == nil, let name = fields.first(where: { $0.code == UInt8(ascii: "N") }) {
                            accountName = name.value
                        }
                        try body(.account(accountName))
                        return true
                    }
                    guard !fields.isEmpty else { return true }
                    try finish(fields, line: recordLine, type: type, account: accountName, body)
                    return true
                }
                if fields.isEmpty { recordLine = line }
                guard fields.count < Self.maximumFields else {
                    throw refuse(
                        file, line: line,
                        "the transaction from line \(recordLine) has more than \(Self.maximumFields) lines without a ^; the file is damaged."
                    )
                }
                fields.append((code, Self.text(UnsafeBufferPointer(rebasing: trimmed.dropFirst()))))
                return true
            }
        }
        guard sawHeader else {
            throw PersistenceError.validationFailed(
                "\(file) is not a QIF file: it has no !Type: header; export the account as QIF, or pass --format for what the file is. Nothing was imported."
            )
        }
        if !fields.isEmpty {
            throw PersistenceError.validationFailed(
                "\(file) ends in the middle of the transaction that begins on line \(recordLine) (no closing ^): the file is cut short. Export it again; nothing was imported."
            )
        }
    }

    private func finish(
        _ fields: [(code: UInt8, value: String)], line: Int, type: String?, account: String,
        _ body: (StatementEvent) throws -> Void
    ) throws {
        func value(_ code: Character) -> String? {
            fields.first { $0.code == code.asciiValue! }?.value
        }
        guard let type, Self.cashTypes.contains(type) else {
            if let type, Self.listTypes.contains(type) { return }
            try body(.skipped(line: line, reason: StatementSkip.notBank, detail: "!Type:\(type ?? "none")"))
            return
        }
        guard let dateText = value("D") else {
            throw refuse(
                file, line: line, "the transaction has no D (date) line; the file is damaged — export it again.")
        }
        let date: Date
        switch StatementValues.date(dateText, dayFirst: options.dayFirst, days: days) {
        case .success(let value): date = value
        case .failure(let problem): throw refuse(file, line: line, Self.dateProblem(problem, dateText))
        }
        guard let amountText = value("T") ?? value("U"), !amountText.isEmpty else {
            try body(.skipped(line: line, reason: StatementSkip.noAmount, detail: value("P")))
            return
        }
        guard let amount = StatementValues.amount(amountText, decimalComma: options.decimalComma) else {
            throw refuse(
                file, line: line,
                "\"\(amountText)\" is not an amount\(options.decimalComma ? " with a decimal comma (such as -1.234,50)" : "; if the file writes amounts like -12,50, import it with --decimal-comma")."
            )
        }
        guard amount != 0 else {
            try body(.skipped(line: line, reason: StatementSkip.zeroAmount, detail: value("P")))
            return
        }
        var category = TransactionCategory.other
        if let label = value("L"), !label.isEmpty {
            if label.hasPrefix("[") {
                category = .transfer
            } else if let match = TransactionCategory.parse(label)
                ?? TransactionCategory.parse(String(label.split(separator: ":").first ?? ""))
            {
                category = match
            }
        }
        try body(
            .entry(
                StatementEntry(
                    line: line, account: account, fitID: nil, date: date, amount: amount, payee: value("P") ?? "",
                    memo: value("M") ?? "", category: category)))
    }
}
