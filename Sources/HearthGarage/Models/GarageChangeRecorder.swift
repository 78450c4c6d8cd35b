import Foundation
public import GRDB

/// Hears about every change to a garage record, inside the transaction that makes it.
///
/// A sync engine implements this to write its outbox in the same transaction as the change, so a local write
/// and its pending upload commit (or roll back) together. Throwing rolls the whole write back.
public protocol GarageChangeRecorder: Sendable {
    /// Records `change`, using `db` (the open write transaction) for any storage.
    func record(_ change: GarageChange, in db: Database) throws
}
