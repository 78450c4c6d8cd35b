public import Foundation
import GRDB
import HearthCore
public import HearthExchange

extension FinancePersistenceService {
    /// Imports a bank statement — OFX (1.x SGML or 2.x XML), QIF, or a bank's CSV export — as transactions,
    /// in one database transaction (one undo step), so they sync and count in summaries like any other.
    ///
    /// The file is read as a stream and each transaction inserted as it is read, so memory stays flat on a
    /// file of any size. Importing the same statement again, or one that overlaps it, adds nothing: a
    /// transaction's id follows from its account and the bank's `FITID`, or, without one, from its account,
    /// date, amount, payee and memo; a transaction already stored is left as it is (and reported as skipped).
    /// A file that is not what it claims, is cut short, or holds a value that cannot be read is refused whole,
    /// and the message names the file, the line and what to do.
    ///
    /// ```swift
    /// let report = try await store.importStatement(from: URL(fileURLWithPath: "march.ofx"))
    /// print(report.added, report.skipped.count)
    /// ```
    /// - Parameter progress: hears the transactions read every 10,000, with the bytes read.
    public func importStatement(
        from url: URL, options: StatementImportOptions = StatementImportOptions(),
        progress: ExchangeProgressHandler? = nil
    ) async throws -> StatementImportReport {
        let format = try options.format ?? StatementFormat.detect(url)
        let calendar = self.calendar
        let parser: any StatementParser
        switch format {
        case .ofx: parser = try OFXStatementParser(url: url, calendar: calendar)
        case .qif: parser = try QIFStatementParser(url: url, calendar: calendar, options: options)
        case .csv: parser = try CSVStatementParser(url: url, calendar: calendar, options: options)
        }
        let reading = UncheckedSendable(parser)
        let file = url.lastPathComponent
        do {
            return try await write("Import \(file)") { context in
                var report = StatementImportReport(file: file, format: format, dryRun: options.dryRun)
                let seen = ContentOccurrences(db: context.db)
                var entries = 0
                let book = try Self.bookCurrency(context.db)
                var currencies: [String: CurrencyCode] = [:]
                /// The currency an entry's amount is in; nil for the book currency.
                func currency(of entry: StatementEntry) throws -> CurrencyCode? {
                    var code = options.currency
                    if let text = entry.currency, !text.isEmpty {
                        if let known = currencies[text] {
                            code = known
                        } else {
                            do {
                                code = try CurrencyCode(text)
                            } catch let error as PersistenceError {
                                throw PersistenceError.validationFailed(
                                    "\(file), line \(entry.line): the file's currency \(error.message). Nothing was imported."
                                )
                            }
                            if currencies.count < 256 { currencies[text] = code }
                        }
                    }
                    return code == book ? nil : code
                }
                try context.withImportCache {
                    try reading.value.read { event in
                        switch event {
                        case .account(let account):
                            report.note(account: options.account ?? account)
                        case .skipped(let line, let reason, let detail):
                            report.skipped.skip(line: line, reason: reason, detail: detail)
                        case .entry(let entry):
                            entries += 1
                            let tag = options.account ?? (entry.account.isEmpty ? nil : entry.account)
                            if let tag { report.note(account: tag) }
                            func insert(_ transaction: Transaction) throws -> Bool {
                                do {
                                    return try context.insertImported(transaction)
                                } catch let error as PersistenceError {
                                    throw PersistenceError(
                                        error.code,
                                        "\(file), line \(entry.line): \(error.message). Nothing was imported.",
                                        entityID: error.entityID)
                                }
                            }
                            let money = try currency(of: entry)
                            var transaction = entry.transaction(tag: tag, currency: money)
                            var inserted = try insert(transaction)
                            if !inserted, entry.fitID?.isEmpty ?? true {
                                // An entry without the bank's id whose content is stored: identical entries of
                                // one file are told apart by how many came before. Only such entries are
                                // counted, so a first import of distinct entries counts nothing.
                                let earlier =
                                    try seen.next(transaction.id)
                                    + (context.storedByThisImport(transaction.id) ? 1 : 0)
                                if earlier > 0 {
                                    transaction = entry.transaction(tag: tag, currency: money, occurrence: earlier)
                                    inserted = try insert(transaction)
                                }
                            }
                            if inserted {
                                report.add(transaction, line: entry.line)
                            } else {
                                let repeated = try context.storedByThisImport(transaction.id)
                                report.skipped.skip(
                                    line: entry.line,
                                    reason: repeated ? StatementSkip.repeated : StatementSkip.alreadyImported,
                                    detail: "\(transaction.title) \(transaction.amount)")
                            }
                            if entries % 10_000 == 0 {
                                progress?(
                                    ExchangeProgress(
                                        items: entries, bytes: reading.value.bytesRead,
                                        totalBytes: reading.value.totalBytes))
                            }
                        }
                    }
                }
                try seen.drop()
                progress?(
                    ExchangeProgress(
                        items: entries, bytes: reading.value.bytesRead, totalBytes: reading.value.totalBytes))
                // A dry run reads and checks everything inside the transaction, then rolls it back.
                if options.dryRun { throw DryRunFinished(report: report) }
                return report
            }
        } catch let finished as DryRunFinished {
            return finished.report
        }
    }
}

/// Ends a dry run's transaction, rolling back what it wrote, with the report of what it would have done.
private struct DryRunFinished: Error {
    let report: StatementImportReport
}
