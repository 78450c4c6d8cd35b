public import GRDB
public import HearthCloudModel

/// Seals the health fields of records on their way to the server and opens them on the way back.
///
/// ``HealthSyncDelegate`` calls it synchronously inside the sync engine's GRDB transaction: ``seal(_:in:db:)``
/// on every record it produces (to send, and to compare with what was sent before), ``open(_:db:)`` on every
/// `MedicalRecord` it receives (a fetched record, or the result of settling a conflict), and
/// ``saveFetched(_:db:)`` on every fetched record of another type. ``PlaintextProtection`` passes records
/// through unchanged; end-to-end encryption plugs in here.
public protocol HealthRecordProtection: Sendable {
    /// The record to send for `record`, which lives in `zone` (its owner filled in: the signed-in user's
    /// record name for the user's own records).
    func seal(_ record: CloudRecord, in zone: CloudZoneID, db: Database) throws -> CloudRecord
    /// The plaintext of a fetched `record` (its `zoneID` says where it came from, with the owner).
    func open(_ record: CloudRecord, db: Database) throws -> CloudRecord
    /// Handles a fetched record of a type that is not `MedicalRecord` (key material); false when unknown.
    func saveFetched(_ record: CloudRecord, db: Database) throws -> Bool
}
