import Foundation
import GRDB

extension FinanceWriteContext {
    /// Adds `transaction`, or updates the stored one with its id: the write path of imports.
    ///
    /// A new transaction is inserted through one prepared statement and journaled as part of one range of
    /// local ids, so an import's memory and undo entry do not grow with its rows. A transaction whose id is
    /// already stored goes through ``save(_:)-(Transaction)``: unchanged when its content is the same,
    /// updated (and snapshotted for undo) when not. Validation and messages are those of `save`.
    func importTransaction(_ transaction: Transaction) throws {
        guard try !insertImported(transaction) else { return }
        // The id is stored already. A row this import inserted is covered by its range: updating it again
        // needs no snapshot, since undo removes it whole.
        if try storedByThisImport(transaction.id) {
            touched.insert(EntityKey(entity: .transaction, id: transaction.id))
        }
        _ = try save(transaction)
    }

    /// Inserts `transaction` when no transaction with its id is stored, and says whether it did: the write
    /// path of statement imports, which leave a stored transaction as it is (its owner may have edited it).
    ///
    /// Checked like ``save(_:)-(Transaction)``, bound to one prepared insert with ``bind(_:checked:updatedAt:to:)``,
    /// journaled as part of one range of local ids and reported to the change recorder.
    func insertImported(_ transaction: Transaction) throws -> Bool {
        let checked = try FinanceValidation.check(transaction)
        let statement: Statement
        if let prepared = importStatement {
            statement = prepared
        } else {
            statement = try db.cachedStatement(sql: Transaction.insertSQL + " ON CONFLICT(id) DO NOTHING")
            // Setting GRDB arguments once marks the statement as bound; later rows rebind its parameters in
            // place, and GRDB still runs every step (so database observation sees the inserts).
            statement.setUncheckedArguments(
                StatementArguments(Array(repeating: DatabaseValue.null, count: Transaction.columns.count)))
            importStatement = statement
        }
        let stamp = keepsTimestamps ? transaction.updatedAt : now
        Self.bind(transaction, checked: checked, updatedAt: Milliseconds.from(stamp), to: statement.sqliteStatement)
        try statement.execute()
        guard db.changesCount == 1 else { return false }
        let localID = db.lastInsertedRowID
        outcomes.inserted[.transaction, default: 0] += 1
        if let range = importedRange, range.upperBound + 1 == localID {
            importedRange = range.lowerBound...localID
        } else if importedRange == nil {
            importedRange = localID...localID
        } else if journals {
            // Not next to the range (never expected: SQLite gives the next local id): journal it by id.
            let key = EntityKey(entity: .transaction, id: transaction.id)
            if touched.insert(key).inserted { history.inserted.append(key) }
        }
        if recordsChanges {
            try record(FinanceChange(entity: .transaction, id: transaction.id, kind: .inserted, changedAt: stamp))
        }
        return true
    }

    /// Whether the stored transaction with `id` was inserted by this import (its local id is in the range).
    func storedByThisImport(_ id: UUID) throws -> Bool {
        guard let importedRange,
            let localID = try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT localID FROM financeTransaction WHERE id = ?"), arguments: [id])
        else { return false }
        return importedRange.contains(localID)
    }

    /// Runs `body` (an import) with a page cache of 32 MiB on this connection instead of SQLite's 2 MiB, then
    /// puts the usual size back: the unique index on ids is written in random order, and a cache that holds
    /// more of it saves most of the reads and spills a large import would otherwise make. Memory stays
    /// bounded by the cache, whatever the size of the file.
    func withImportCache<T>(_ body: () throws -> T) throws -> T {
        let previous = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = -32768")
        do {
            let result = try body()
            try db.execute(sql: "PRAGMA cache_size = \(previous)")
            return result
        } catch {
            // The import failed and rolls back; the cache size goes back all the same.
            try db.execute(sql: "PRAGMA cache_size = \(previous)")
            throw error
        }
    }

    /// Removes the transactions whose local ids are in `range` (an undone import), moving them to the archive
    /// under this step's history entry when the step is journaled.
    func removeTransactions(in range: ClosedRange<Int64>) throws {
        let bounds: StatementArguments = [range.lowerBound, range.upperBound]
        if recordsChanges {
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id FROM financeTransaction WHERE localID BETWEEN ? AND ?", arguments: bounds)
            while let row = try rows.next() {
                try record(FinanceChange(entity: .transaction, id: row[0], kind: .deleted, changedAt: now))
            }
        }
        if journals {
            try db.execute(
                sql: """
                    INSERT INTO financeHistoryArchive (seq, localID, \(Transaction.columns.joined(separator: ", ")))
                    SELECT -1, localID, \(Transaction.columns.joined(separator: ", ")) FROM financeTransaction
                    WHERE localID BETWEEN ? AND ?
                    """, arguments: bounds)
            history.archivedTransactions += Int64(db.changesCount)
        }
        try db.execute(sql: "DELETE FROM financeTransaction WHERE localID BETWEEN ? AND ?", arguments: bounds)
    }

    /// Puts back the transactions archived under history entry `seq` (a redone import), as new consecutive
    /// local ids that this step journals as its range.
    func restoreArchivedTransactions(of seq: Int64) throws {
        let base = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(localID), 0) FROM financeTransaction") ?? 0
        let columns = Transaction.columns.joined(separator: ", ")
        try db.execute(
            sql: """
                INSERT INTO financeTransaction (\(columns))
                SELECT \(columns) FROM financeHistoryArchive WHERE seq = ? ORDER BY localID
                """, arguments: [seq])
        let count = Int64(db.changesCount)
        try db.execute(sql: "DELETE FROM financeHistoryArchive WHERE seq = ?", arguments: [seq])
        guard count > 0 else { return }
        let range = (base + 1)...(base + count)
        if recordsChanges {
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, updatedAt FROM financeTransaction WHERE localID BETWEEN ? AND ?",
                arguments: [range.lowerBound, range.upperBound])
            while let row = try rows.next() {
                try record(
                    FinanceChange(
                        entity: .transaction, id: row[0], kind: .inserted, changedAt: Milliseconds.date(row[1])))
            }
        }
        importedRange =
            importedRange.map { min($0.lowerBound, range.lowerBound)...max($0.upperBound, range.upperBound) } ?? range
    }

    /// Files the rows this step archived under its history entry `seq`, and drops archived rows whose entry
    /// is gone (a redo stack cleared by a new step, or entries past the undo limit).
    func settleArchive(entry seq: Int64) throws {
        if history.archivedTransactions > 0 {
            try db.execute(sql: "UPDATE financeHistoryArchive SET seq = ? WHERE seq = -1", arguments: [seq])
        }
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM financeHistoryArchive)") == true else { return }
        try db.execute(sql: "DELETE FROM financeHistoryArchive WHERE seq NOT IN (SELECT seq FROM financeHistory)")
    }
}
