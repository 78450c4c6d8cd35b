import Foundation
import GRDB

extension FinancePersistenceService {
    @discardableResult
    public func undo() async throws -> HistoryStep? {
        try await step(from: "undo", mode: .undo)
    }

    @discardableResult
    public func redo() async throws -> HistoryStep? {
        try await step(from: "redo", mode: .redo)
    }

    /// The label of the step undo would undo next, or nil.
    nonisolated public func nextUndo() async throws -> String? {
        try await read {
            try String.fetchOne(
                $0, sql: "SELECT label FROM financeHistory WHERE stack = 'undo' ORDER BY seq DESC LIMIT 1")
        }
    }

    /// The label of the step redo would redo next, or nil.
    nonisolated public func nextRedo() async throws -> String? {
        try await read {
            try String.fetchOne(
                $0, sql: "SELECT label FROM financeHistory WHERE stack = 'redo' ORDER BY seq DESC LIMIT 1")
        }
    }

    private func step(from stack: String, mode: FinanceWriteContext.HistoryMode) async throws -> HistoryStep? {
        do {
            return try await write("", .update, mode: mode) { context -> HistoryStep? in
                guard
                    let row = try Row.fetchOne(
                        context.db,
                        sql: """
                            SELECT seq, label, inserted, snapshots FROM financeHistory WHERE stack = ? ORDER BY seq DESC LIMIT 1
                            """, arguments: [stack])
                else { return nil }
                let seq: Int64 = row[0]
                let label: String = row[1]
                let entry = try HistoryEntry(insertedBlob: row[2], snapshotsBlob: row[3])
                try context.db.execute(sql: "DELETE FROM financeHistory WHERE seq = ?", arguments: [seq])
                try context.apply(entry, seq: seq)
                context.label = label
                return HistoryStep(label: label, rowCount: entry.count)
            }
        } catch let error as PersistenceError
            where error.code == .updateFailed
            && (error.underlying as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT
        {
            // A foreign key: a row this step puts back or removes is named by a later change.
            throw PersistenceError.relationshipError(
                "Cannot \(stack) this step: later changes depend on it (\(error.underlying.map { "\($0)" } ?? error.message))"
            )
        }
    }
}
