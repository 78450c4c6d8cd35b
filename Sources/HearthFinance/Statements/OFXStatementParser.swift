import Foundation
import HearthCore
import HearthExchange

/// The bank and credit card statements (`STMTRS`, `CCSTMTRS`) of an OFX file, one `STMTTRN` at a time.
final class OFXStatementParser: StatementParser {
    private let reader: OFXReader
    private let file: String
    private let days: StatementDays

    var bytesRead: Int { reader.bytesRead }
    var totalBytes: Int { reader.totalBytes }

    init(url: URL, calendar: Calendar) throws {
        reader = try FinancePersistenceService.exchange { try OFXReader(url: url) }
        file = url.lastPathComponent
        days = StatementDays(calendar: calendar)
    }

    /// The elements of the `STMTTRN` being read.
    private struct Pending {
        let line: Int
        var fields: [String: String] = [:]
        var payee: String?
        /// The `CURSYM` of the transaction's `CURRENCY` aggregate: the currency its amount is in.
        var currency: String?
    }

    func read(_ body: (StatementEvent) throws -> Void) throws {
        var account = ""
        var statements = 0
        var inAccount = false
        var inPayee = false
        /// The statement's default currency (`CURDEF`), and which currency aggregate is open.
        var statementCurrency: String?
        var inCurrency = false
        var inOriginalCurrency = false
        var pending: Pending?
        try FinancePersistenceService.exchange {
            try reader.forEachToken { token, line in
                switch token {
                case .start(let name):
                    switch name {
                    case "STMTRS", "CCSTMTRS":
                        statements += 1
                        account = ""
                        statementCurrency = nil
                    case "BANKACCTFROM", "CCACCTFROM":
                        if pending == nil { inAccount = true }
                    case "STMTTRN":
                        if let open = pending {
                            throw refuse(
                                file, line: line,
                                "a transaction begins inside the one from line \(open.line), which never ends; the file is damaged — download the statement again."
                            )
                        }
                        pending = Pending(line: line)
                    case "PAYEE" where pending != nil:
                        inPayee = true
                    case "CURRENCY" where pending != nil:
                        inCurrency = true
                    case "ORIGCURRENCY" where pending != nil:
                        inOriginalCurrency = true
                    default:
                        break
                    }
                case .end(let name):
                    switch name {
                    case "BANKACCTFROM", "CCACCTFROM":
                        if inAccount {
                            inAccount = false
                            try body(.account(account))
                        }
                    case "PAYEE":
                        inPayee = false
                    case "CURRENCY":
                        inCurrency = false
                    case "ORIGCURRENCY":
                        inOriginalCurrency = false
                    case "STMTTRN":
                        guard let open = pending else { return }
                        pending = nil
                        inCurrency = false
                        inOriginalCurrency = false
                        try finish(open, account: account, currency: statementCurrency, body)
                    case "BANKTRANLIST", "STMTRS", "CCSTMTRS", "OFX":
                        if let open = pending {
                            throw refuse(
                                file, line: line,
                                "</\(name)> comes before the transaction from line \(open.line) ends with </STMTTRN>; the file is damaged — download the statement again."
                            )
                        }
                    default:
                        break
                    }
                case .element(let name, let value):
                    if inAccount, name == "ACCTID" {
                        account = value
                    } else if pending == nil, name == "CURDEF" {
                        statementCurrency = value
                    } else if pending != nil {
                        if inCurrency || inOriginalCurrency {
                            // An ORIGCURRENCY says what the amount was before the bank converted it into the
                            // statement's currency, which it is now in; only CURRENCY changes the currency.
                            if inCurrency, name == "CURSYM" { pending!.currency = value }
                        } else if inPayee {
                            if name == "NAME" { pending!.payee = value }
                        } else if pending!.fields[name] == nil, pending!.fields.count < 64 {
                            pending!.fields[name] = value
                        }
                    }
                }
            }
        }
        guard statements > 0 else {
            throw PersistenceError.validationFailed(
                "\(file) holds no bank or credit card statement (no <STMTRS> or <CCSTMTRS>); download the account's transactions as OFX. Nothing was imported."
            )
        }
    }

    private func finish(
        _ entry: Pending, account: String, currency: String?, _ body: (StatementEvent) throws -> Void
    ) throws {
        let line = entry.line
        guard let dateText = entry.fields["DTPOSTED"] ?? entry.fields["DTUSER"] else {
            throw refuse(file, line: line, "the transaction has no <DTPOSTED> date; the file is damaged.")
        }
        guard let date = StatementValues.ofxDate(dateText, days: days) else {
            throw refuse(
                file, line: line,
                "<DTPOSTED> \"\(dateText)\" is not an OFX date (such as 20251231 or 20251231120000[-5:EST]); the file is damaged — download the statement again."
            )
        }
        guard let amountText = entry.fields["TRNAMT"] else {
            throw refuse(file, line: line, "the transaction has no <TRNAMT> amount; the file is damaged.")
        }
        guard let amount = StatementValues.ofxAmount(amountText) else {
            throw refuse(
                file, line: line,
                "<TRNAMT> \"\(amountText)\" is not an amount (such as -12.50 or -12,50); the file is damaged — download the statement again."
            )
        }
        guard amount != 0 else {
            try body(.skipped(line: line, reason: StatementSkip.zeroAmount, detail: entry.fields["NAME"]))
            return
        }
        try body(
            .entry(
                StatementEntry(
                    line: line, account: account, fitID: entry.fields["FITID"], date: date, amount: amount,
                    payee: entry.payee ?? entry.fields["NAME"] ?? "", memo: entry.fields["MEMO"] ?? "",
                    currency: entry.currency ?? currency)))
    }
}
