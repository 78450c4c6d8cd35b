import Foundation
public import GRDB
import HearthCloudModel
import HearthCore
import Synchronization

/// The queue of local changes waiting to be sent, kept in the app's database.
///
/// A domain store calls ``enqueue(_:in:)`` from inside the transaction that changes its rows, so the row
/// and its pending change commit together: no edit can be lost between the write and the send, even if
/// the process dies right after. One entry is kept per record (later edits update it); for record types
/// whose policy is last-writer-wins, the entry also records when each field last changed.
///
/// Nothing is queued until sync has been turned on for the database (the first sign-in queues every
/// existing row), and nothing is queued while the engine itself applies changes from the server.
///
/// ```swift
/// let outbox = SyncOutbox(configuration: SyncConfiguration(zones: ["notes"]), delegate: NotesSync())
/// try await database.write { db in
///     try note.save(db)
///     try outbox.enqueue([.save(SyncRecordID(recordType: "Note", recordName: note.id), at: .now)], in: db)
/// }
/// ```
public final class SyncOutbox: Sendable {
    /// What is synced and how.
    public let configuration: SyncConfiguration
    /// Turns rows into records and back.
    public let delegate: any SyncDelegate
    private let applying = Mutex<[ObjectIdentifier: Int]>([:])

    public init(configuration: SyncConfiguration, delegate: any SyncDelegate) {
        self.configuration = configuration
        self.delegate = delegate
    }

    /// Queues `changes` inside the caller's transaction. Does nothing before sync is turned on, or while
    /// the engine is applying changes from the server on this connection.
    public func enqueue(_ changes: [SyncPendingChange], in db: Database) throws {
        guard !changes.isEmpty, !isApplying(db), try SyncTables.isEnabled(db) else { return }
        try write(changes, bulk: false, in: db)
    }

    /// Whether sync has been turned on for this database (an account signed in once).
    public static func isEnabled(in db: Database) throws -> Bool {
        try SyncTables.isEnabled(db)
    }

    /// How many local changes wait to be sent.
    public static func pendingCount(in db: Database) throws -> Int {
        try SyncTables.pendingCount(in: db)
    }

    /// The `userRecordName` of the account sync was last turned on for — the owner of the app's private
    /// zones — or nil before the first sign-in. A delegate that must name the zone of its own records (to
    /// sign or encrypt them for it) reads it here, inside the transaction it runs in.
    public static func signedInAccount(in db: Database) throws -> String? {
        try SyncTables.state("account", in: db)
    }

    /// The zone the record named `recordName` lives in, as far as this database knows (it was fetched or
    /// queued), or nil for a record it has never seen. A zone with an owner is one another user shared.
    public static func zone(ofRecord recordName: String, in db: Database) throws -> SyncZone? {
        try SyncTables.knownZone(ofRecord: recordName, in: db)
    }

    // MARK: Engine side

    /// Runs `body` with queueing turned off on `db`: what it writes came from the server.
    func applyingChanges<T>(on db: Database, _ body: () throws -> T) rethrows -> T {
        let key = ObjectIdentifier(db)
        applying.withLock { $0[key, default: 0] += 1 }
        defer {
            applying.withLock { depths in
                let depth = (depths[key] ?? 1) - 1
                depths[key] = depth > 0 ? depth : nil
            }
        }
        return try body()
    }

    private func isApplying(_ db: Database) -> Bool {
        let key = ObjectIdentifier(db)
        return applying.withLock { $0[key] != nil }
    }

    /// Writes outbox entries. `bulk` (the first upload of every row) records no field times: the server's
    /// version wins any field-level conflict with a row nobody edited since sync began.
    func write(_ changes: [SyncPendingChange], bulk: Bool, in db: Database) throws {
        var seq = try SyncTables.reserveSequence(changes.count, in: db)
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO syncOutbox (scope, zoneName, zoneOwner, recordName, seq, recordType, isDeletion, changedAt, fieldTimes, snapshot)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (scope, zoneName, zoneOwner, recordName) DO UPDATE SET
                    seq = excluded.seq, recordType = excluded.recordType, isDeletion = excluded.isDeletion,
                    changedAt = excluded.changedAt, fieldTimes = excluded.fieldTimes, snapshot = excluded.snapshot,
                    notBefore = CASE WHEN parked = 1 THEN 0 ELSE notBefore END,
                    attempts = CASE WHEN parked = 1 THEN 0 ELSE attempts END,
                    parked = 0, lastError = NULL
                """)
        for change in changes {
            let zone =
                try change.zone ?? SyncTables.knownZone(ofRecord: change.id.recordName, in: db)
                ?? change.parent.flatMap { try SyncTables.knownZone(ofRecord: $0, in: db) }
                ?? configuration.defaultZone
            let changedAt = SyncCoding.milliseconds(change.changedAt)
            var fieldTimes: [String: Int64]?
            var snapshot: [String: CloudFieldValue]?
            if configuration.policy(for: change.id.recordType).tracksFieldTimes && !change.isDeletion {
                if bulk {
                    fieldTimes = [:]
                } else {
                    (fieldTimes, snapshot) = try fieldChanges(change, zone: zone, at: changedAt, in: db)
                }
            }
            try statement.execute(arguments: [
                zone.scope.rawValue, zone.zoneName, zone.ownerKey, change.id.recordName, seq, change.id.recordType,
                change.isDeletion, changedAt, fieldTimes.map(SyncCoding.encodeTimes),
                try snapshot.map(SyncCoding.encodeFields),
            ])
            seq += 1
        }
    }

    /// Which fields this edit changed, against the previous unsent edit or else the last synced version,
    /// stamped with the edit's time on top of the times of earlier unsent edits.
    private func fieldChanges(_ change: SyncPendingChange, zone: SyncZone, at time: Int64, in db: Database) throws -> (
        [String: Int64], [String: CloudFieldValue]?
    ) {
        let pending = try SyncTables.entry(zone, change.id.recordName, in: db)
        let ancestor =
            pending?.snapshot == nil ? try SyncTables.meta(zone, change.id.recordName, in: db)?.ancestor : nil
        // A record the server has never seen: every field is new, stamped with the entry's time when sent.
        // (This keeps batch inserts cheap: no row is read back.)
        if pending?.snapshot == nil && ancestor == nil { return (pending?.fieldTimes ?? [:], nil) }
        guard let record = try delegate.record(for: change.id, in: db) else { return ([:], nil) }
        let current = SyncCoding.appFields(record.fields)
        var times = pending?.fieldTimes ?? [:]
        let base = pending?.snapshot ?? ancestor.map { SyncCoding.appFields($0.fields) }
        for name in Set(current.keys).union(base.map { Array($0.keys) } ?? []) where current[name] != base?[name] {
            times[name] = time
        }
        return (times, current)
    }
}
