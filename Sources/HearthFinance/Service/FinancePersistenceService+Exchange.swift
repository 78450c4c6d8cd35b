public import Foundation
import GRDB
import HearthCore
public import HearthExchange

extension FinancePersistenceService {
    // MARK: JSON

    nonisolated public func exportJSON(to url: URL) async throws {
        let exportedAt = currentDate()
        try await read { db in
            try Self.writeFile(url) { output in
                let encoder = FinanceDocument.encoder()
                try output.write("{\"format\":\"\(FinanceDocument.format)\",\"version\":\(FinanceDocument.version),")
                try output.write("\"exportedAt\":\"\(Timestamp.format(exportedAt))\",\n")
                /// Writes `"name":[…]` with one value per line, taking values from `next` until it returns nil.
                func section<R: Encodable>(_ name: String, last: Bool = false, _ next: () throws -> R?) throws {
                    try output.write("\"\(name)\":[")
                    var first = true
                    while let value = try next() {
                        try output.write(first ? "\n" : ",\n")
                        try output.write(data: try encoder.encode(value))
                        first = false
                    }
                    try output.write(first ? "]" : "\n]")
                    try output.write(last ? "}\n" : ",\n")
                }
                func section<R: Encodable>(_ name: String, _ values: [R]) throws {
                    var iterator = values.makeIterator()
                    try section(name) { iterator.next() }
                }
                try section("people", try FinanceQueries.all(Person.self, FinanceQueries.peopleByName)(db))
                try section("subscriptions", try FinanceQueries.all(Subscription.self, "ORDER BY name, localID")(db))
                let groups = try FinanceQueries.all(Group.self, "ORDER BY name, localID")(db)
                try section("groups", try FinanceQueries.withExpenses(groups, db))
                // Budgets and the reminders they made appear only when there are some, so a store without
                // budgets exports exactly as before.
                let budgets = try FinanceQueries.all(Budget.self, "ORDER BY category")(db)
                if !budgets.isEmpty { try section("budgets", budgets) }
                let reminders = try BudgetQueries.reminders(month: nil, pendingOnly: false, db)
                if !reminders.isEmpty { try section("budgetReminders", reminders) }
                // Transactions stream through a cursor: memory stays flat however many there are.
                let rows = try Row.fetchCursor(db, sql: "\(Transaction.selectSQL) ORDER BY date, localID")
                try section("transactions", last: true) { try rows.next().map(Transaction.init(row:)) }
            }
        }
    }

    /// Imports a JSON export: everything it holds, in one transaction (one undo step). A file with any bad
    /// value imports nothing, and the message names the value (`transactions[12].amount`).
    /// - Parameter progress: hears the values read every 10,000, with the bytes read.
    @discardableResult
    public func importJSON(from url: URL, progress: ExchangeProgressHandler?) async throws -> ImportSummary {
        let reader = UncheckedSendable(try Self.exchange { try JSONStreamReader(url: url) })
        return try await write("Import \(url.lastPathComponent)", keepsTimestamps: true) { context in
            let count = try context.withImportCache {
                try Self.exchange {
                    try FinanceDocument.import(
                        reader.value, file: url.lastPathComponent, into: context, progress: progress)
                }
            }
            progress?(
                ExchangeProgress(items: count, bytes: reader.value.bytesRead, totalBytes: reader.value.totalBytes))
            return context.outcomes
        }
    }

    // MARK: CSV

    @discardableResult
    nonisolated public func exportTransactionsCSV(to url: URL, progress: ExchangeProgressHandler? = nil) async throws
        -> Int
    {
        try await read { db in
            try Self.writeFile(url) { output in
                try output.append(TransactionCSV.appendHeader)
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT id, date, title, subtitle, amount, category, isRecurring, tags, updatedAt
                        FROM financeTransaction ORDER BY date, localID
                        """)
                var count = 0
                while let row = try rows.next() {
                    let id: UUID = row[0]
                    let date: Int64 = row[1]
                    let title: String = row[2]
                    let subtitle: String = row[3]
                    let amount: Int64 = row[4]
                    let category: String = row[5]
                    let isRecurring: Bool = row[6]
                    let tags: String = row[7]
                    let updatedAt: Int64 = row[8]
                    try output.append { bytes in
                        bytes.append(contentsOf: id.uuidString.utf8)
                        TransactionCSV.comma(&bytes)
                        Timestamp.append(milliseconds: date, to: &bytes)
                        TransactionCSV.comma(&bytes)
                        CSVWriting.appendField(title, to: &bytes)
                        TransactionCSV.comma(&bytes)
                        CSVWriting.appendField(subtitle, to: &bytes)
                        TransactionCSV.comma(&bytes)
                        TransactionCSV.appendAmount(cents: amount, to: &bytes)
                        TransactionCSV.comma(&bytes)
                        CSVWriting.appendField(category, to: &bytes)
                        TransactionCSV.comma(&bytes)
                        bytes.append(contentsOf: (isRecurring ? "true" : "false").utf8)
                        TransactionCSV.comma(&bytes)
                        CSVWriting.appendField(ColumnCoding.tags(from: tags).joined(separator: ";"), to: &bytes)
                        TransactionCSV.comma(&bytes)
                        Timestamp.append(milliseconds: updatedAt, to: &bytes)
                        bytes.append(UInt8(ascii: "\n"))
                    }
                    count += 1
                    if count % 10_000 == 0 { progress?(ExchangeProgress(items: count)) }
                }
                progress?(ExchangeProgress(items: count))
                return count
            }
        }
    }

    /// Imports transactions from CSV (see ``exportTransactionsCSV(to:progress:)`` for the columns), in one
    /// transaction (one undo step). A file with any bad row imports nothing, and the message names the line.
    /// - Parameter progress: hears the rows read every 10,000, with the bytes read.
    @discardableResult
    public func importTransactionsCSV(from url: URL, progress: ExchangeProgressHandler? = nil) async throws
        -> ImportSummary
    {
        let reader = UncheckedSendable(try Self.exchange { try CSVReader(url: url, quoting: .strict) })
        let calendar = self.calendar
        let file = url.lastPathComponent
        return try await write("Import \(file)", keepsTimestamps: true) { context in
            var header: TransactionCSV.Header?
            var rows = 0
            let seen = ContentOccurrences(db: context.db)
            try context.withImportCache {
                try Self.exchange {
                    try reader.value.forEachRow { row in
                        guard let columns = header else {
                            header = try TransactionCSV.Header(row.strings)
                            return true
                        }
                        rows += 1
                        let transaction = try TransactionCSV.transaction(
                            row, header: columns, calendar: calendar, now: context.now, occurrence: seen.next)
                        do {
                            try context.importTransaction(transaction)
                        } catch let error as PersistenceError {
                            throw PersistenceError(
                                error.code, "Line \(row.line): \(error.message)", entityID: error.entityID)
                        }
                        if rows % 10_000 == 0 {
                            progress?(
                                ExchangeProgress(
                                    items: rows, bytes: reader.value.bytesRead, totalBytes: reader.value.totalBytes))
                        }
                        return true
                    }
                }
            }
            try seen.drop()
            guard header != nil else {
                throw PersistenceError.validationFailed(
                    "\(file) is empty; a CSV file starts with a header row naming its columns")
            }
            progress?(ExchangeProgress(items: rows, bytes: reader.value.bytesRead, totalBytes: reader.value.totalBytes))
            return context.outcomes
        }
    }

    // MARK: Files

    /// Runs `body`, turning the exchange layer's errors into finance errors with the same message: bad or
    /// missing input fails validation; a file that cannot be written is a context error.
    static func exchange<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ServiceError where error.code == .validationFailed || error.code == .notFound {
            throw PersistenceError.validationFailed(error.message)
        } catch let error as ServiceError {
            throw PersistenceError.contextError(error.message, underlying: error)
        }
    }

    /// Writes `url` through an ``HearthExchange/AtomicFileWriter``: all of it, or nothing.
    static func writeFile<T>(_ url: URL, _ body: (AtomicFileWriter) throws -> T) throws -> T {
        let output = try exchange { try AtomicFileWriter(url) }
        do {
            let result = try exchange { try body(output) }
            try exchange { try output.commit() }
            return result
        } catch {
            output.discard()
            throw error
        }
    }
}

/// Hands a value that is used by one task at a time across an isolation boundary.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
