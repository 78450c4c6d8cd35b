import Foundation
public import GRDB
public import HearthSync

/// Queues every finance change in a ``HearthSync/SyncOutbox``, inside the store's write transaction; in a
/// book shared with the user read-only it refuses the change instead, and the transaction rolls back
/// (``MoneyBook``).
public struct FinanceOutboxRecorder: FinanceChangeRecorder {
    public let outbox: SyncOutbox

    public init(outbox: SyncOutbox) {
        self.outbox = outbox
    }

    public func record(_ changes: [FinanceChange], in db: Database) throws {
        try MoneyBook.checkWritable(in: db)
        try outbox.enqueue(
            changes.map { change in
                SyncPendingChange(
                    id: SyncRecordID(
                        recordType: FinanceSync.recordType(of: change.entity),
                        recordName: change.id.uuidString.lowercased()),
                    isDeletion: change.kind == .deleted,
                    changedAt: change.changedAt
                )
            }, in: db)
    }
}
