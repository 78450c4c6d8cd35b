public import Foundation
import GRDB

extension FinancePersistenceService {
    // MARK: JSON

    nonisolated public func exportJSON(to url: URL) async throws {
        let exportedAt = currentDate()
        try await read { db in
            let output = try FileOutput(url)
            do {
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
                // Transactions stream through a cursor: memory stays flat however many there are.
                let rows = try Row.fetchCursor(db, sql: "\(Transaction.selectSQL) ORDER BY date, localID")
                try section("transactions", last: true) { try rows.next().map(Transaction.init(row:)) }
                try output.commit()
            } catch {
                output.discard()
                throw error
            }
        }
    }

    @discardableResult
    public func importJSON(from url: URL, progress: (@Sendable (Int) -> Void)?) async throws -> ImportSummary {
        let reader = UncheckedSendable(try JSONMemberReader(url: url))
        return try await write("Import \(url.lastPathComponent)", keepsTimestamps: true) { context in
            let count = try FinanceDocument.import(reader.value, file: url.lastPathComponent, into: context, progress: progress)
            progress?(count)
            return context.outcomes
        }
    }

    // MARK: CSV

    @discardableResult
    nonisolated public func exportTransactionsCSV(to url: URL, progress: (@Sendable (Int) -> Void)? = nil) async throws -> Int {
        try await read { db in
            let output = try FileOutput(url)
            do {
                try output.append(TransactionCSV.appendHeader)
                let rows = try Row.fetchCursor(db, sql: """
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
                        TransactionCSV.appendField(title, to: &bytes)
                        TransactionCSV.comma(&bytes)
                        TransactionCSV.appendField(subtitle, to: &bytes)
                        TransactionCSV.comma(&bytes)
                        TransactionCSV.appendAmount(cents: amount, to: &bytes)
                        TransactionCSV.comma(&bytes)
                        TransactionCSV.appendField(category, to: &bytes)
                        TransactionCSV.comma(&bytes)
                        bytes.append(contentsOf: (isRecurring ? "true" : "false").utf8)
                        TransactionCSV.comma(&bytes)
                        TransactionCSV.appendField(ColumnCoding.tags(from: tags).joined(separator: ";"), to: &bytes)
                        TransactionCSV.comma(&bytes)
                        Timestamp.append(milliseconds: updatedAt, to: &bytes)
                        bytes.append(UInt8(ascii: "\n"))
                    }
                    count += 1
                    if count % 10_000 == 0 { progress?(count) }
                }
                try output.commit()
                progress?(count)
                return count
            } catch {
                output.discard()
                throw error
            }
        }
    }

    @discardableResult
    public func importTransactionsCSV(from url: URL, progress: (@Sendable (Int) -> Void)? = nil) async throws -> ImportSummary {
        let reader = UncheckedSendable(try CSVRowReader(url: url))
        let calendar = self.calendar
        return try await write("Import \(url.lastPathComponent)", keepsTimestamps: true) { context in
            guard let names = try reader.value.next() else {
                throw PersistenceError.validationFailed("\(url.lastPathComponent) is empty; a CSV file starts with a header row naming its columns")
            }
            let header = try TransactionCSV.Header(names)
            var occurrences: [UUID: Int] = [:]
            var row = 0
            while let fields = try reader.value.next() {
                if fields.count == 1, fields[0].isEmpty { continue } // a blank line
                row += 1
                let line = reader.value.rowLine
                let transaction = try TransactionCSV.transaction(
                    fields, header: header, line: line, calendar: calendar, now: context.now, occurrences: &occurrences)
                do {
                    try context.save(transaction)
                } catch let error as PersistenceError {
                    throw PersistenceError(error.code, "Line \(line): \(error.message)", entityID: error.entityID)
                }
                if row % 10_000 == 0 { progress?(row) }
            }
            progress?(row)
            return context.outcomes
        }
    }
}

/// Hands a value that is used by one task at a time across an isolation boundary.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
