public import Foundation
public import GRDB

/// The one way garage records change: inside a write transaction, through these methods, which stamp
/// ``GarageRecord/modifiedAt`` and report each change to the store's ``GarageChangeRecorder`` before the
/// transaction commits.
///
/// Obtain one from ``GarageStore/write(_:)``; it is only valid inside that closure.
public final class GarageTransaction {
    /// The open write transaction, for reads and for local (unsynced) tables.
    public let db: Database
    /// The moment this transaction treats as now.
    public let now: Date
    private let recorder: any GarageChangeRecorder

    init(db: Database, now: Date, recorder: any GarageChangeRecorder) {
        self.db = db
        self.now = now
        self.recorder = recorder
    }

    /// Inserts `record`, stamped with the transaction's time.
    @discardableResult
    public func insert<R: GarageRecord>(_ record: R) throws -> R {
        var stamped = record
        stamped.modifiedAt = now
        try stamped.insert(db)
        try recorder.record(GarageChange(entity: R.entity, id: stamped.id, kind: .insert, modifiedAt: now), in: db)
        return stamped
    }

    /// Saves changes to `record`, stamped with the transaction's time.
    @discardableResult
    public func update<R: GarageRecord>(_ record: R) throws -> R {
        var stamped = record
        stamped.modifiedAt = now
        try stamped.update(db)
        try recorder.record(GarageChange(entity: R.entity, id: stamped.id, kind: .update, modifiedAt: now), in: db)
        return stamped
    }

    /// Deletes the `R` with `id`; returns whether there was one.
    @discardableResult
    public func delete<R: GarageRecord>(_ type: R.Type, id: UUID) throws -> Bool {
        guard try R.deleteOne(db, key: id) else { return false }
        try recorder.record(GarageChange(entity: R.entity, id: id, kind: .delete, modifiedAt: now), in: db)
        return true
    }

    /// Reports a change made with SQL of the caller's own (the importer's bulk inserts).
    public func recordChange(_ entity: GarageEntity, id: UUID, kind: GarageChange.Kind) throws {
        try recorder.record(GarageChange(entity: entity, id: id, kind: kind, modifiedAt: now), in: db)
    }
}
