public import GRDB
public import HearthCloudModel

/// What an app tells the ``SyncEngine``: how its rows become records and how fetched records become rows.
///
/// Every method runs inside a database transaction the engine (or the app's own write) holds, so it must
/// be synchronous and use only `db`. Saves and deletions made here are the server's: the outbox does not
/// send them back. A page of fetched changes is applied at once; when a save or deletion throws, the
/// page's transaction is rolled back and the page applied again record by record, so these methods may
/// run more than once for a record and must have no effect outside `db`.
///
/// ```swift
/// struct NotesSync: SyncDelegate {
///     func record(for id: SyncRecordID, in db: Database) throws -> CloudRecord? {
///         guard let note = try Note.fetchOne(db, key: id.recordName) else { return nil }
///         return CloudRecord(recordName: note.id, recordType: "Note", fields: ["title": .string(note.title)])
///     }
///     …
/// }
/// ```
public protocol SyncDelegate: Sendable {
    /// The record for the local row `id` as it is now, or nil when the row no longer exists.
    /// Leave `zoneID` and `recordChangeTag` out: the engine fills them in.
    func record(for id: SyncRecordID, in db: Database) throws -> CloudRecord?

    /// Saves a record from the server (or the result of a merge) into the local row it maps to, creating
    /// the row when needed. Throw when the record cannot be applied (unknown type, bad field): the engine
    /// keeps it aside, reports it, and tries again after later fetches.
    func saveFetchedRecord(_ record: CloudRecord, in db: Database) throws

    /// Deletes the local row of a record deleted on the server. A row that is already gone is not an error.
    func deleteFetchedRecord(_ id: SyncRecordID, in db: Database) throws

    /// Every local row that syncs, for the first upload after signing in.
    func allRecordIDs(in db: Database) throws -> [SyncRecordID]
}
