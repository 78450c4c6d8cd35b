public import GRDB

/// Hears about every change ``HealthRecordService`` makes to a record, inside the write transaction that
/// makes it, so a sync outbox commits with the change (see ``HealthOutboxRecorder``).
///
/// An entry added, changed or removed counts as a change of its record.
public protocol HealthChangeRecorder: Sendable {
    /// `record` was saved; `previous` is what was stored before, nil for a new record.
    func recordSaved(_ record: MedicalRecord, previous: MedicalRecord?, in db: Database) throws

    /// `record` (as it was) was deleted with its entries.
    func recordDeleted(_ record: MedicalRecord, in db: Database) throws
}
