public import Foundation
public import GRDB

/// A row the garage keeps and syncs: a UUID id, a modification time, and a table.
///
/// Every change to one goes through ``GarageTransaction``, which stamps ``modifiedAt`` and reports the change
/// to the store's ``GarageChangeRecorder`` in the same transaction.
public protocol GarageRecord: Codable, Sendable, Identifiable, FetchableRecord, PersistableRecord where ID == UUID {
    /// The kind of record, as the change log names it.
    static var entity: GarageEntity { get }
    /// The record's id.
    var id: UUID { get }
    /// When the record last changed.
    var modifiedAt: Date { get set }
}
