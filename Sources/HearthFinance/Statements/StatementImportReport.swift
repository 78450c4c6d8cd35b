public import Foundation
public import HearthExchange

/// What importing a bank statement did: the transactions added, and the entries left out and why.
public struct StatementImportReport: Sendable, Codable, Equatable {
    /// One transaction added, with the line of the file it came from.
    public struct Added: Sendable, Codable, Equatable {
        public var line: Int
        public var id: UUID
        public var date: Date
        public var amount: Decimal
        public var title: String
    }

    /// The file's name.
    public var file: String
    public var format: StatementFormat
    /// Whether nothing was written (``StatementImportOptions/dryRun``).
    public var dryRun: Bool
    /// The accounts the file's transactions were filed under.
    public var accounts: [String] = []
    /// How many transactions were added (or, in a dry run, would be).
    public var added = 0
    /// The first ``SkippedRows/maximumListed`` transactions added.
    public var addedListed: [Added] = []
    /// Entries not added: already imported, repeated in the file, zero amounts, rows without an amount.
    public var skipped = SkippedRows()

    /// How many entries were left out.
    public var skippedCount: Int { skipped.count }
    /// The entries left out, up to ``SkippedRows/maximumListed``: each one's line and why.
    public var skippedLines: [(line: Int, reason: String)] { skipped.listed.map { ($0.line, $0.reason) } }

    init(file: String, format: StatementFormat, dryRun: Bool) {
        self.file = file
        self.format = format
        self.dryRun = dryRun
    }

    mutating func add(_ transaction: Transaction, line: Int) {
        added += 1
        if addedListed.count < SkippedRows.maximumListed {
            addedListed.append(
                Added(
                    line: line, id: transaction.id, date: transaction.date, amount: transaction.amount,
                    title: transaction.title))
        }
    }

    mutating func note(account: String) {
        if !account.isEmpty, accounts.count < 100, !accounts.contains(account) { accounts.append(account) }
    }
}

/// Why entries of a statement are left out.
enum StatementSkip {
    static let alreadyImported = "already imported"
    static let repeated = "repeated in this file"
    static let zeroAmount = "amount is zero"
    static let noAmount = "no amount"
    static let noDate = "no date"
    static let notBank = "not a bank transaction"
}
