import Foundation
import GRDB
import GRDBSQLite

extension Transaction {
    /// Reads the current row of `statement`, selected as ``FinanceRecord/selection`` (localID first),
    /// straight from SQLite's columns: the decoding of large fetches.
    init(statement: SQLiteStatement) throws {
        func text(_ column: Int32) -> String {
            guard let bytes = sqlite3_column_text(statement, column) else { return "" }
            return String(
                decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))),
                as: UTF8.self)
        }
        guard sqlite3_column_bytes(statement, 1) == 16, let blob = sqlite3_column_blob(statement, 1) else {
            throw PersistenceError(.fetchFailed, "A stored transaction id is not 16 bytes; the database is damaged")
        }
        let id = blob.withMemoryRebound(to: UInt8.self, capacity: 16) { b in
            UUID(
                uuid: (
                    b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
                ))
        }
        let category: TransactionCategory
        if let match = TransactionCategory.matching(
            sqlite3_column_text(statement, 5), count: Int(sqlite3_column_bytes(statement, 5)))
        {
            category = match
        } else {
            let name = text(5)
            guard let parsed = TransactionCategory.parse(name) else {
                throw PersistenceError(
                    .fetchFailed, "The stored category \"\(name)\" is not one of: \(TransactionCategory.displayNames)")
            }
            category = parsed
        }
        self.init(
            storedID: id, title: text(2), subtitle: text(3),
            amount: MinorUnits.decimal(sqlite3_column_int64(statement, 4)),
            category: category, date: Milliseconds.date(sqlite3_column_int64(statement, 6)),
            isRecurring: sqlite3_column_int64(statement, 7) != 0,
            tags: sqlite3_column_bytes(statement, 8) == 0 ? [] : ColumnCoding.tags(from: text(8)),
            updatedAt: Milliseconds.date(sqlite3_column_int64(statement, 9)))
    }
}

extension TransactionCategory {
    private static let utf8Names: [(TransactionCategory, [UInt8])] = allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// The category whose display name is exactly the `count` bytes at `bytes`, without building a string.
    static func matching(_ bytes: UnsafePointer<UInt8>?, count: Int) -> TransactionCategory? {
        guard let bytes else { return nil }
        for (category, name) in utf8Names where name.count == count {
            if name.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes, count) == 0 }) { return category }
        }
        return nil
    }
}
