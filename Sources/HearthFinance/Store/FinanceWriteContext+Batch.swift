import Foundation
import GRDB
import GRDBSQLite
import HearthSQLite

extension FinanceWriteContext {
    /// Inserts new transactions with one prepared statement: the fast path for imports and bulk loads.
    ///
    /// Each row is validated like ``save(_:)-(Transaction)`` does, stamped with ``now``, journaled for undo
    /// and reported to the change recorder, exactly as single saves are; only the binding is done directly
    /// on the SQLite statement, so that no intermediate values are built per row.
    /// - Throws: ``PersistenceError``: validation failed (naming the position), or save failed when an id
    ///   already exists.
    @discardableResult
    public func insertTransactions(_ transactions: [Transaction]) throws -> Int {
        guard !transactions.isEmpty else { return 0 }
        let statement = try db.cachedStatement(sql: Transaction.insertSQL)
        // Setting GRDB arguments once marks the statement as bound; later rows rebind its parameters in
        // place, and GRDB still runs every step (so database observation sees the inserts).
        statement.setUncheckedArguments(
            StatementArguments(Array(repeating: DatabaseValue.null, count: Transaction.columns.count)))
        let handle = statement.sqliteStatement
        let stamp = Milliseconds.from(now)
        if journals {
            touched.reserveCapacity(touched.count + transactions.count)
            history.inserted.reserveCapacity(history.inserted.count + transactions.count)
        }
        if recordsChanges { changes.reserveCapacity(changes.count + transactions.count) }
        for (index, transaction) in transactions.enumerated() {
            let checked: (title: String, tags: [String], cents: Int64)
            do {
                checked = try FinanceValidation.check(transaction)
            } catch let error as PersistenceError {
                throw PersistenceError(
                    error.code, "Transaction \(index + 1) of \(transactions.count): \(error.message)")
            }
            Self.bind(transaction, checked: checked, updatedAt: stamp, to: handle)
            do {
                try statement.execute()
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                throw PersistenceError(
                    .saveFailed,
                    "Transaction \(transaction.id.uuidString) already exists; a batch insert only adds new ones (save it to change it).",
                    underlying: error)
            }
            let key = EntityKey(entity: .transaction, id: transaction.id)
            if journals, touched.insert(key).inserted { history.inserted.append(key) }
            if recordsChanges {
                changes.append(FinanceChange(entity: .transaction, id: transaction.id, kind: .inserted, changedAt: now))
            }
        }
        return transactions.count
    }

    /// Saves `transaction` as ``save(_:)-(Transaction)`` does, the quick way when it is new: checked the same
    /// way, then inserted through a prepared insert bound directly (as ``insertTransactions(_:)`` does),
    /// stamped with ``now`` unless the context keeps timestamps, and reported like any save. When one with
    /// its id is already stored, the insert does nothing and ``save(_:)-(Transaction)`` updates it.
    func saveFetched(_ transaction: Transaction) throws {
        let checked = try FinanceValidation.check(transaction)
        let statement = try db.cachedStatement(sql: Self.insertUnlessStoredSQL)
        // Other writes may have used the statement with GRDB arguments since: mark it bound again.
        statement.setUncheckedArguments(Self.nullTransactionArguments)
        let stamp = keepsTimestamps ? transaction.updatedAt : now
        Self.bind(transaction, checked: checked, updatedAt: Milliseconds.from(stamp), to: statement.sqliteStatement)
        try statement.execute()
        guard db.changesCount > 0 else {
            try save(transaction)
            return
        }
        outcomes.inserted[.transaction, default: 0] += 1
        try note(.transaction, transaction.id, before: nil as Transaction?, kind: .inserted, at: stamp)
    }

    private static let insertUnlessStoredSQL = Transaction.insertSQL + " ON CONFLICT (id) DO NOTHING"
    private static let nullTransactionArguments = StatementArguments(
        Array(repeating: DatabaseValue.null, count: Transaction.columns.count))

    /// Binds `transaction`, checked by ``FinanceValidation``, to the parameters of ``Transaction/insertSQL``.
    static func bind(
        _ transaction: Transaction, checked: (title: String, tags: [String], cents: Int64), updatedAt: Int64,
        to handle: SQLiteStatement
    ) {
        let binder = SQLiteBinder(handle)
        binder.reset()
        binder.bind(1, transaction.id)
        binder.bind(2, checked.title)
        binder.bind(3, transaction.subtitle)
        binder.bind(4, checked.cents)
        binder.bind(5, transaction.category.rawValue)
        binder.bind(6, Milliseconds.from(transaction.date))
        binder.bind(7, Int64(transaction.isRecurring ? 1 : 0))
        binder.bind(8, ColumnCoding.tags(checked.tags))
        binder.bind(9, updatedAt)
        if let currency = transaction.currency { binder.bind(10, currency.code) } else { binder.bindNull(10) }
    }
}
