import Foundation
import GRDB
import HearthCloudModel

/// The engine's database work, synchronous, inside one transaction each: applying a fetched page,
/// recording what a send did, and settling conflicts. Kept apart from the actor so that every step that
/// must commit together does.
struct ChangeApplier: Sendable {
    let outbox: SyncOutbox
    var configuration: SyncConfiguration { outbox.configuration }
    var delegate: any SyncDelegate { outbox.delegate }
    /// Whether each fetched record is applied in a savepoint of its own, so that one the app refuses is
    /// rolled back alone and kept aside. Whole pages go without (``pageAtOnce``): a savepoint per record
    /// runs two more statements and copies each database page the record touches into SQLite's statement
    /// journal, a temporary file once it passes 64 KiB.
    var savepointPerRecord = true

    /// What applying something did, for the report and events.
    struct Outcome: Sendable {
        var saved: [SyncRecordID] = []
        var deleted: [SyncRecordID] = []
        var conflicts: [(SyncRecordID, String)] = []
        var failures: [(SyncRecordID, String)] = []
    }

    // MARK: Sending

    /// One operation of a send, with the entry it came from.
    struct Prepared: Sendable {
        var entry: OutboxEntry
        var operation: CloudRecordOperation
    }

    /// Builds the operations for `entries` from the rows as they are now.
    func prepareSend(_ entries: [OutboxEntry], in db: Database) throws -> [Prepared] {
        try entries.map { entry in
            let meta = try SyncTables.meta(entry.zone, entry.recordName, in: db)
            let policy = configuration.policy(for: entry.recordType)
            if !entry.isDeletion, var record = try delegate.record(for: entry.id, in: db) {
                record.recordName = entry.recordName
                record.recordType = entry.recordType
                record.zoneID = nil
                record.fields = SyncCoding.appFields(record.fields)
                record.recordChangeTag = meta?.changeTag
                if policy.tracksFieldTimes {
                    var times = SyncCoding.times(of: meta?.ancestor)
                    let stamp = entry.changedAt
                    if let pending = entry.fieldTimes {
                        times.merge(pending) { max($0, $1) }
                    }
                    for name in record.fields.keys where times[name] == nil { times[name] = stamp }
                    times = times.filter { record.fields[$0.key] != nil || entry.fieldTimes?[$0.key] != nil }
                    record.fields[SyncCoding.fieldTimesKey] = .string(SyncCoding.encodeTimes(times))
                }
                let kind: CloudRecordOperationType =
                    if case .clientWins = policy.kind { .forceReplace } else { .replace }
                return Prepared(entry: entry, operation: CloudRecordOperation(operationType: kind, record: record))
            }
            let record = CloudRecord(recordName: entry.recordName, recordType: entry.recordType)
            return Prepared(entry: entry, operation: CloudRecordOperation(operationType: .forceDelete, record: record))
        }
    }

    /// How a send's per-record results were handled.
    struct SendOutcome: Sendable {
        var savedIDs: [SyncRecordID] = []
        var deletedIDs: [SyncRecordID] = []
        var conflicts: [(SyncRecordID, String)] = []
        var failures: [(SyncRecordID, String)] = []
        var zoneMissing = false
    }

    /// Records the results of a send: saved records get their new change tag (and ancestor); entries are
    /// removed unless edited again meanwhile; conflicts are settled; everything else is put off, never dropped.
    func recordResults(_ prepared: [Prepared], results: [CloudItemResult<CloudRecord>], zone: SyncZone, in db: Database)
        throws -> SendOutcome
    {
        var outcome = SendOutcome()
        let now = now()
        for (item, result) in zip(prepared, results) {
            let entry = item.entry
            let id = entry.id
            let policy = configuration.policy(for: id.recordType)
            switch result {
            case .success(let saved):
                if item.operation.operationType == .forceDelete {
                    // Keep the tombstone's tag until the deletion comes back in the changes feed, so that it
                    // is known as this device's own and does not delete a row made again meanwhile.
                    if let tag = saved.recordChangeTag {
                        try SyncTables.saveMeta(
                            RecordMeta(
                                zone: zone, recordName: id.recordName, recordType: id.recordType, changeTag: tag,
                                ancestor: nil), generation: nil, in: db)
                    } else {
                        try SyncTables.deleteMeta(zone, id.recordName, in: db)
                    }
                    outcome.deletedIDs.append(id)
                } else {
                    var ancestor: CloudRecord?
                    if policy.keepsAncestor {
                        ancestor = saved
                        if saved.fields.isEmpty { ancestor?.fields = item.operation.record.fields }
                    }
                    try SyncTables.saveMeta(
                        RecordMeta(
                            zone: zone, recordName: id.recordName, recordType: id.recordType,
                            changeTag: saved.recordChangeTag, ancestor: ancestor), generation: nil, in: db)
                    outcome.savedIDs.append(id)
                }
                try SyncTables.removeEntry(zone, id.recordName, ifSeq: entry.seq, in: db)

            case .failure(let error):
                switch error.serverErrorCode {
                case .conflict where error.serverRecord != nil, .exists where error.serverRecord != nil:
                    let server = error.serverRecord!
                    let meta = try SyncTables.meta(zone, id.recordName, in: db)
                    guard let current = try SyncTables.entry(zone, id.recordName, in: db) else { continue }
                    if current.isDeletion {
                        try SyncTables.saveMeta(
                            RecordMeta(
                                zone: zone, recordName: id.recordName, recordType: id.recordType,
                                changeTag: server.recordChangeTag, ancestor: nil), generation: nil, in: db)
                        continue
                    }
                    try outbox.applyingChanges(on: db) {
                        if let client = try delegate.record(for: id, in: db) {
                            var applied = Outcome()
                            try settle(
                                id, pending: current, meta: meta, client: client, server: server, zone: zone,
                                generation: nil, outcome: &applied, in: db)
                            outcome.conflicts += applied.conflicts
                            outcome.failures += applied.failures
                        }
                    }
                case .notFound where item.operation.operationType == .forceDelete:
                    try SyncTables.deleteMeta(zone, id.recordName, in: db)
                    try SyncTables.removeEntry(zone, id.recordName, ifSeq: entry.seq, in: db)
                    outcome.deletedIDs.append(id)
                case .zoneNotFound:
                    outcome.zoneMissing = true
                case .throttled, .tryAgainLater, .internalError, .atomicError:
                    let wait = retryWait(retryAfter: error.retryAfter, attempt: entry.attempts)
                    try SyncTables.deferEntry(
                        zone, id.recordName, notBefore: now + wait, parked: false, error: nil, in: db)
                case .validatingReferenceError where entry.attempts < 5:
                    // The record it refers to may come in a later batch.
                    try SyncTables.deferEntry(
                        zone, id.recordName, notBefore: now + backoff(attempt: entry.attempts).milliseconds,
                        parked: false, error: error.reason, in: db)
                default:
                    let reason = "\(error.serverErrorCode): \(error.reason)"
                    try SyncTables.deferEntry(
                        zone, id.recordName, notBefore: now + configuration.parkedRetryInterval.milliseconds,
                        parked: true, error: reason, in: db)
                    outcome.failures.append((id, reason))
                }
            }
        }
        return outcome
    }

    /// Puts every entry of a failed request off by `wait` (at least), counting the attempt.
    func deferAll(_ prepared: [Prepared], zone: SyncZone, retryAfter: Int?, in db: Database) throws {
        let now = now()
        for item in prepared {
            let wait = retryWait(retryAfter: retryAfter, attempt: item.entry.attempts)
            try SyncTables.deferEntry(
                zone, item.entry.recordName, notBefore: now + wait, parked: false, error: nil, in: db)
        }
    }

    /// Parks the entries of a request the server refused as a whole, with its reason.
    func park(_ prepared: [Prepared], zone: SyncZone, reason: String, in db: Database) throws {
        let until = now() + configuration.parkedRetryInterval.milliseconds
        for item in prepared {
            try SyncTables.deferEntry(
                zone, item.entry.recordName, notBefore: until, parked: true, error: reason, in: db)
        }
    }

    // MARK: Helpers

    /// Exponential backoff from `retryBase` to `retryCeiling`, with up to 25% jitter.
    func backoff(attempt: Int) -> Duration {
        Backoff.delay(attempt: attempt, base: configuration.retryBase, ceiling: configuration.retryCeiling)
    }

    /// How long (ms) a put-off change waits: the backoff for its attempt, never less than the server asked.
    func retryWait(retryAfter: Int?, attempt: Int) -> Int64 {
        max(Int64(retryAfter ?? 0) * 1000, backoff(attempt: attempt).milliseconds)
    }

    func now() -> Int64 { SyncCoding.milliseconds(clockNow()) }
    var clockNow: @Sendable () -> Date = { Date() }

    static func describe(_ error: any Error) -> String {
        String(describing: error)
    }
}
