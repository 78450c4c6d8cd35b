public import Foundation
import GRDB

/// The one way finance data changes: every save, update and delete runs through a context, inside one
/// database transaction.
///
/// A context validates each value, checks its relationships, stamps `updatedAt`, writes the row, keeps the
/// row's previous state for undo, and reports each change to the store's ``FinanceChangeRecorder`` before
/// the transaction commits. When anything throws, the whole transaction rolls back: nothing is written,
/// recorded or journaled.
///
/// You get a context from ``FinancePersistenceService/transaction(_:_:)``; it is valid only inside that
/// closure.
///
/// ```swift
/// try await store.transaction("Trip") { context in
///     let ada = try context.save(Person(name: "Ada"))
///     try context.save(Group(name: "Trip", members: [ada.id]))
/// }
/// ```
public final class FinanceWriteContext {
    let db: Database
    /// The time every change made through this context is stamped with.
    public let now: Date
    /// The calendar date logic (months, renewals) uses.
    public let calendar: Calendar

    /// Receives the changes, inside the transaction; nil when nothing records them.
    let recorder: (any FinanceChangeRecorder)?
    var recordsChanges: Bool { recorder != nil }
    /// Whether values keep the `updatedAt` they carry (imports) instead of being stamped with ``now``.
    let keepsTimestamps: Bool
    var changes: [FinanceChange] = []
    var history = HistoryEntry()
    var touched = Set<EntityKey>()
    /// A label that replaces the one the step was started with (undo and redo reuse the original's).
    var label: String?
    /// What each ``put(_:)`` did, for import summaries.
    var outcomes = ImportSummary()
    /// Transactions inserted by ``importTransaction(_:)``: consecutive local ids, journaled as one range.
    var importedRange: ClosedRange<Int64>?
    /// The prepared insert of ``importTransaction(_:)``, bound once.
    var importStatement: Statement?

    /// Whether the step is journaled for undo; when not, no previous state is kept or encoded.
    let journals: Bool

    init(
        db: Database, now: Date, calendar: Calendar, recorder: (any FinanceChangeRecorder)?,
        keepsTimestamps: Bool = false, journals: Bool = true
    ) {
        self.db = db
        self.now = now.roundedToMilliseconds
        self.calendar = calendar
        self.recorder = recorder
        self.keepsTimestamps = keepsTimestamps
        self.journals = journals
    }

    // MARK: The write path every operation shares

    func load<R: FinanceRecord>(_ type: R.Type, id: UUID) throws -> R? {
        let statement = try db.cachedStatement(sql: "\(R.selectSQL) WHERE id = ?")
        return try Row.fetchOne(statement, arguments: [id]).map(R.init(row:))
    }

    func exists<R: FinanceRecord>(_ type: R.Type, id: UUID) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM \(R.table) WHERE id = ?)"), arguments: [id]) ?? false
    }

    /// Inserts or updates `value`, stamped with ``now`` unless the context keeps timestamps. Storing a value identical
    /// to the stored one (apart from its timestamp) changes nothing and records nothing.
    @discardableResult
    func put<R: FinanceRecord>(_ value: R) throws -> R {
        let before = try load(R.self, id: value.id)
        if let before, before.hasSameContent(as: value) {
            outcomes.unchanged[R.entity, default: 0] += 1
            return before
        }
        let stored = keepsTimestamps ? value : value.withUpdatedAt(now)
        if before == nil {
            outcomes.inserted[R.entity, default: 0] += 1
        } else {
            outcomes.updated[R.entity, default: 0] += 1
        }
        if before == nil {
            try db.cachedStatement(sql: R.insertSQL).execute(arguments: StatementArguments(try stored.databaseValues()))
        } else {
            var values = try stored.databaseValues()
            values.append(values.removeFirst())  // the id moves to the WHERE clause
            try db.cachedStatement(sql: R.updateSQL).execute(arguments: StatementArguments(values))
        }
        try note(R.entity, stored.id, before: before, kind: before == nil ? .inserted : .updated, at: stored.updatedAt)
        return stored
    }

    /// Deletes the row of `type` with `id`, returning what it held.
    /// - Throws: ``PersistenceError`` (entity not found) when there is none.
    @discardableResult
    func remove<R: FinanceRecord>(_ type: R.Type, id: UUID) throws -> R {
        guard let before = try load(R.self, id: id) else {
            throw PersistenceError.entityNotFound(id, entity: R.entity.displayName)
        }
        try db.cachedStatement(sql: "DELETE FROM \(R.table) WHERE id = ?").execute(arguments: [id])
        try note(R.entity, id, before: before, kind: .deleted, at: now)
        return before
    }

    func note<R: FinanceRecord>(
        _ entity: FinanceEntity, _ id: UUID, before: R?, kind: FinanceChange.Kind, at date: Date
    ) throws {
        let key = EntityKey(entity: entity, id: id)
        if journals, touched.insert(key).inserted {
            if let before {
                history.snapshots.append(.init(entity: entity, id: id, json: try HistoryEntry.encoder.encode(before)))
            } else {
                history.inserted.append(key)
            }
        }
        if recordsChanges { try record(FinanceChange(entity: entity, id: id, kind: kind, changedAt: date)) }
    }

    /// Queues `change` for the recorder, handing the queue over every 10,000 changes so that memory stays
    /// flat however many rows one step changes.
    func record(_ change: FinanceChange) throws {
        changes.append(change)
        if changes.count >= 10_000 { try flushChanges() }
    }

    private func flushChanges() throws {
        guard let recorder, !changes.isEmpty else { return }
        try recorder.record(changes, in: db)
        changes.removeAll(keepingCapacity: true)
    }

    // MARK: Finishing: history and change recording

    /// How a finished write enters the undo history.
    enum HistoryMode {
        /// A new step: it goes on the undo stack and clears the redo stack.
        case record
        /// An undo: its inverse goes on the redo stack.
        case undo
        /// A redo: its inverse goes back on the undo stack.
        case redo
    }

    /// Journals this context's step and reports its changes; called last, inside the transaction.
    func finish(label: String, mode: HistoryMode, undoLimit: Int) throws {
        if journals, let importedRange { history.transactionRange = importedRange }
        if !history.isEmpty, undoLimit > 0 {
            let stack = mode == .undo ? "redo" : "undo"
            if mode == .record { try db.execute(sql: "DELETE FROM financeHistory WHERE stack = 'redo'") }
            try db.execute(
                sql: "INSERT INTO financeHistory (stack, label, createdAt, inserted, snapshots) VALUES (?, ?, ?, ?, ?)",
                arguments: [stack, label, Milliseconds.from(now), history.insertedBlob(), history.snapshotsBlob()])
            let seq = db.lastInsertedRowID
            try db.execute(
                sql: """
                    DELETE FROM financeHistory WHERE stack = ? AND seq NOT IN (
                        SELECT seq FROM financeHistory WHERE stack = ? ORDER BY seq DESC LIMIT ?)
                    """, arguments: [stack, stack, undoLimit])
            try settleArchive(entry: seq)
        }
        try recordBudgetReminders()
        try flushChanges()
    }

    // MARK: Undo and redo

    /// Puts back the state `entry` (stored as history row `seq`) holds; this context's own history becomes
    /// the inverse entry.
    func apply(_ entry: HistoryEntry, seq: Int64) throws {
        // Rows are put back one table at a time; foreign keys are checked when the transaction commits.
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        if let range = entry.transactionRange { try removeTransactions(in: range) }
        if entry.archivedTransactions > 0 { try restoreArchivedTransactions(of: seq) }
        for key in entry.inserted.sorted(by: { $0.entity.restoreOrder > $1.entity.restoreOrder }) {
            try removeIfPresent(key)
        }
        for snapshot in entry.snapshots.sorted(by: { $0.entity.restoreOrder < $1.entity.restoreOrder }) {
            try restore(snapshot)
        }
    }

    private func removeIfPresent(_ key: EntityKey) throws {
        switch key.entity {
        case .person:
            guard try exists(Person.self, id: key.id) else { return }
            try requireUnreferenced(personID: key.id)
            try remove(Person.self, id: key.id)
        case .subscription:
            if try exists(Subscription.self, id: key.id) { try remove(Subscription.self, id: key.id) }
        case .transaction:
            if try exists(Transaction.self, id: key.id) { try remove(Transaction.self, id: key.id) }
        case .group:
            if try exists(Group.self, id: key.id) { try remove(Group.self, id: key.id) }
        case .groupExpense:
            if try exists(StoredExpense.self, id: key.id) { try remove(StoredExpense.self, id: key.id) }
        case .budget:
            if try exists(Budget.self, id: key.id) { try remove(Budget.self, id: key.id) }
        }
    }

    private func restore(_ snapshot: HistoryEntry.Snapshot) throws {
        let decoder = HistoryEntry.decoder
        switch snapshot.entity {
        case .person: try put(try decoder.decode(Person.self, from: snapshot.json))
        case .subscription: try put(try decoder.decode(Subscription.self, from: snapshot.json))
        case .transaction: try put(try decoder.decode(Transaction.self, from: snapshot.json))
        case .group: try put(try decoder.decode(Group.self, from: snapshot.json))
        case .groupExpense: try put(try decoder.decode(StoredExpense.self, from: snapshot.json))
        case .budget: try put(try decoder.decode(Budget.self, from: snapshot.json))
        }
    }

    // MARK: Relationships

    /// The name of the person with `id`, or the id when there is none: for messages.
    func personName(_ id: UUID) throws -> String {
        let name = try String.fetchOne(
            db.cachedStatement(sql: "SELECT name FROM financePerson WHERE id = ?"), arguments: [id])
        return name.map { "\"\($0)\"" } ?? id.uuidString
    }

    /// - Throws: ``PersistenceError`` (relationship error) when a group or subscription still names the person.
    func requireUnreferenced(personID: UUID) throws {
        let idText = personID.uuidString
        if let group = try String.fetchOne(
            db,
            sql: """
                SELECT name FROM financeGroup
                WHERE EXISTS (SELECT 1 FROM json_each(financeGroup.members) WHERE json_each.value = ?)
                ORDER BY name LIMIT 1
                """, arguments: [idText])
        {
            throw PersistenceError.relationshipError(
                "\(try personName(personID)) is a member of group \"\(group)\"; remove them from the group first")
        }
        if let subscription = try String.fetchOne(
            db,
            sql: """
                SELECT name FROM financeSubscription
                WHERE EXISTS (SELECT 1 FROM json_each(financeSubscription.sharedWith) WHERE json_each.value = ?)
                ORDER BY name LIMIT 1
                """, arguments: [idText])
        {
            throw PersistenceError.relationshipError(
                "\(try personName(personID)) shares subscription \"\(subscription)\"; remove them from it first")
        }
    }

    /// - Throws: ``PersistenceError`` (relationship error) naming the first id that is not a saved person.
    func requirePeople(_ ids: [UUID], _ describe: (UUID) -> String) throws {
        for id in ids where try !exists(Person.self, id: id) {
            throw PersistenceError.relationshipError(describe(id))
        }
    }
}
