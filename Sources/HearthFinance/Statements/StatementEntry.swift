import Foundation

/// One transaction read from a statement, before it becomes a ``Transaction``.
struct StatementEntry {
    /// The line of the file it starts on.
    var line: Int
    /// The account it belongs to, as the file names it (an OFX `ACCTID`), or "".
    var account: String
    /// The bank's id of the transaction (OFX `FITID`), unique within its account.
    var fitID: String?
    var date: Date
    var amount: Decimal
    var payee: String
    var memo: String
    var category: TransactionCategory = .other
    /// The currency the file names for it (OFX `CURRENCY` or the statement's `CURDEF`), as written; nil when
    /// the file does not say.
    var currency: String?

    /// The transaction, with an id that the same entry gets on every import: from the account and the
    /// bank's id when there is one, else from the account, date, amount, payee, memo and `occurrence` (how
    /// many identical entries came before it in the file).
    func transaction(tag: String?, currency: CurrencyCode? = nil, occurrence: Int = 0) -> Transaction {
        let id: UUID
        if let fitID, !fitID.isEmpty {
            id = NameBasedID.make(namespace: "hearth.statement-fitid") { input in
                NameBasedID.append(account, to: &input)
                NameBasedID.append(fitID, to: &input)
            }
        } else {
            id = NameBasedID.make(namespace: "hearth.statement-entry") { input in
                NameBasedID.append(account, to: &input)
                withUnsafeBytes(of: Milliseconds.from(date).bigEndian) { input.append(contentsOf: $0) }
                NameBasedID.append("\(amount)", to: &input)
                NameBasedID.append(payee, to: &input)
                NameBasedID.append(memo, to: &input)
                if occurrence > 0 {
                    withUnsafeBytes(of: Int64(occurrence).bigEndian) { input.append(contentsOf: $0) }
                }
            }
        }
        let title = [payee, memo].first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "Bank transaction"
        return Transaction(
            id: id, title: title, subtitle: title == memo ? "" : memo, amount: amount, category: category,
            date: date, tags: tag.map { [$0] } ?? [], currency: currency)
    }
}
