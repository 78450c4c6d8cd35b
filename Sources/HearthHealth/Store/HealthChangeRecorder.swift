public import GRDB

/// Hears about every change ``HealthRecordService`` makes to a record, inside the write transaction that
/// makes it, so a sync outbox commits with the change (see ``HealthOutboxRecorder``).
public protocol HealthChangeRecorder: Sendable {
    /// `record` was saved; `previous` is what was stored before, nil for a new record.
    func recordSaved(_ record: MedicalRecord, previous: MedicalRecord?, in db: Database) throws

    /// An entry of `record` was added, changed or removed (and the record saved with its new `updatedAt`).
    func entriesChanged(of record: MedicalRecord, in db: Database) throws

    /// `record` (as it was) was deleted with its entries.
    func recordDeleted(_ record: MedicalRecord, in db: Database) throws
}
