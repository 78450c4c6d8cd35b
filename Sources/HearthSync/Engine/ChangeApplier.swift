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

    /// What applying something did, for the report and events.
    struct Outcome: Sendable {
        var saved: [SyncRecordID] = []
        var deleted: [SyncRecordID] = []
        var conflicts: [(SyncRecordID, String)] = []
        var failures: [(SyncRecordID, String)] = []
    }

    // MARK: Fetched changes

    /// Applies one page of a zone's changes and saves the zone's new token, in the caller's transaction.
    ///
    /// A record this device already has (same change tag) is skipped; one with a pending local edit is
    /// settled by policy; a deletion wins over a pending edit unless the policy is client-wins. During a
    /// full refetch (`generation` set) each record seen is marked, and on the last page every record not
    /// seen — deleted on the server while this device's token was stale — is deleted locally.
    func applyPage(_ page: CloudRecordChangesResponse, zone: SyncZone, generation: Int64?, in db: Database) throws -> Outcome {
        var outcome = Outcome()
        try outbox.applyingChanges(on: db) {
            let hasDeferred = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM syncDeferred)") ?? false
            for record in page.records {
                try apply(record, zone: zone, generation: generation, hasDeferred: hasDeferred, outcome: &outcome, in: db)
            }
            var finishedRefetch = false
            if let generation, !page.moreComing {
                try sweep(zone, generation: generation, outcome: &outcome, in: db)
                finishedRefetch = true
            }
            try SyncTables.saveZone(zone, token: page.syncToken, refetchGeneration: finishedRefetch ? nil : generation, in: db)
            if hasDeferred || !outcome.failures.isEmpty { try retryDeferred(outcome: &outcome, in: db) }
        }
        return outcome
    }

    private func apply(_ record: CloudRecord, zone: SyncZone, generation: Int64?, hasDeferred: Bool, outcome: inout Outcome, in db: Database) throws {
        let name = record.recordName
        let meta = try SyncTables.meta(zone, name, in: db)
        let type = meta?.recordType ?? record.recordType
        let id = SyncRecordID(recordType: type, recordName: name)
        let policy = configuration.policy(for: type)
        let pending = try SyncTables.entry(zone, name, in: db)

        if record.deleted {
            if let meta, meta.changeTag != nil, meta.changeTag == record.recordChangeTag {
                // This device's own deletion coming back: nothing to do (a row made again since stays).
                try SyncTables.deleteMeta(zone, name, in: db)
                return
            }
            if let pending, !pending.isDeletion, case .clientWins = policy.kind {
                // The local edit brings the record back; send it as new.
                try SyncTables.deleteMeta(zone, name, in: db)
                outcome.conflicts.append((id, policy.description))
                return
            }
            if pending != nil { try SyncTables.removeEntry(zone, name, ifSeq: nil, in: db) }
            if try applyDeletion(id, zone: zone, outcome: &outcome, in: db) {
                try SyncTables.deleteMeta(zone, name, in: db)
            }
            return
        }

        if let meta, meta.changeTag == record.recordChangeTag {
            if let generation { try SyncTables.markSeen(zone, name, generation: generation, in: db) }
            return
        }
        let ancestor = policy.keepsAncestor ? record : nil
        if let pending {
            if pending.isDeletion {
                // The local deletion wins; it is sent as a forced delete.
                try SyncTables.saveMeta(RecordMeta(zone: zone, recordName: name, recordType: type, changeTag: record.recordChangeTag, ancestor: ancestor), generation: generation, in: db)
                return
            }
            if let client = try delegate.record(for: id, in: db) {
                try settle(id, pending: pending, meta: meta, client: client, server: record, zone: zone, generation: generation, outcome: &outcome, in: db)
                return
            }
        }
        if try applySave(record, id: id, zone: zone, hasDeferred: hasDeferred, outcome: &outcome, in: db) {
            try SyncTables.saveMeta(RecordMeta(zone: zone, recordName: name, recordType: type, changeTag: record.recordChangeTag, ancestor: ancestor), generation: generation, in: db)
        }
    }

    /// Settles a pending local edit against the server's version; the entry stays to send the result
    /// unless the result is the server's.
    func settle(
        _ id: SyncRecordID, pending: OutboxEntry, meta: RecordMeta?, client: CloudRecord, server: CloudRecord, zone: SyncZone,
        generation: Int64?, outcome: inout Outcome, in db: Database
    ) throws {
        let policy = configuration.policy(for: id.recordType)
        let resolution: ConflictResolver.Resolution
        do {
            resolution = try ConflictResolver(policy: policy).resolve(ancestor: meta?.ancestor, client: client, server: server, localTimes: pending.fieldTimes)
        } catch {
            let reason = "The merge of \(id) failed: \(error). The local change is kept and tried again."
            try SyncTables.deferEntry(zone, id.recordName, notBefore: now() + configuration.parkedRetryInterval.milliseconds, parked: true, error: reason, in: db)
            outcome.failures.append((id, reason))
            return
        }
        if resolution.changesLocal {
            var merged = server
            merged.fields = resolution.fields
            merged.zoneID = zone.cloudZoneID
            guard try applySave(merged, id: id, zone: zone, hasDeferred: false, outcome: &outcome, in: db) else { return }
        }
        try SyncTables.saveMeta(
            RecordMeta(zone: zone, recordName: id.recordName, recordType: id.recordType, changeTag: server.recordChangeTag, ancestor: policy.keepsAncestor ? server : nil),
            generation: generation, in: db)
        if resolution.matchesServer {
            try SyncTables.removeEntry(zone, id.recordName, ifSeq: nil, in: db)
        } else {
            try SyncTables.updateEntryFields(zone, id.recordName, fieldTimes: resolution.remainingTimes, snapshot: policy.tracksFieldTimes ? resolution.fields : nil, in: db)
        }
        outcome.conflicts.append((id, policy.description))
    }

    /// Saves a server record into the local row; on failure keeps it aside. Returns whether it was applied.
    private func applySave(_ record: CloudRecord, id: SyncRecordID, zone: SyncZone, hasDeferred: Bool, outcome: inout Outcome, in db: Database) throws -> Bool {
        var local = record
        local.fields = SyncCoding.appFields(record.fields)
        local.zoneID = zone.cloudZoneID
        do {
            try db.inSavepoint {
                try delegate.saveFetchedRecord(local, in: db)
                return .commit
            }
        } catch {
            let reason = Self.describe(error)
            try SyncTables.deferIncoming(zone, id, record: record, reason: reason, in: db)
            outcome.failures.append((id, reason))
            return false
        }
        if hasDeferred { try SyncTables.removeDeferred(zone, id.recordName, in: db) }
        outcome.saved.append(id)
        return true
    }

    /// Deletes the local row of a record deleted on the server; on failure keeps the deletion aside.
    private func applyDeletion(_ id: SyncRecordID, zone: SyncZone, outcome: inout Outcome, in db: Database) throws -> Bool {
        do {
            try db.inSavepoint {
                try delegate.deleteFetchedRecord(id, in: db)
                return .commit
            }
        } catch {
            let reason = Self.describe(error)
            try SyncTables.deferIncoming(zone, id, record: nil, reason: reason, in: db)
            outcome.failures.append((id, reason))
            return false
        }
        try SyncTables.removeDeferred(zone, id.recordName, in: db)
        outcome.deleted.append(id)
        return true
    }

    /// After a full refetch: records not seen are gone from the server. A record with a pending local
    /// save stays (and is sent as new); every other one is deleted locally.
    private func sweep(_ zone: SyncZone, generation: Int64, outcome: inout Outcome, in db: Database) throws {
        for id in try SyncTables.unseen(zone, generation: generation, in: db) {
            if let pending = try SyncTables.entry(zone, id.recordName, in: db), !pending.isDeletion {
                try SyncTables.deleteMeta(zone, id.recordName, in: db)
                continue
            }
            try SyncTables.removeEntry(zone, id.recordName, ifSeq: nil, in: db)
            if try applyDeletion(id, zone: zone, outcome: &outcome, in: db) {
                try SyncTables.deleteMeta(zone, id.recordName, in: db)
            }
        }
    }

    /// Tries the fetched changes kept aside again (a record whose parent arrived later applies now).
    func retryDeferred(outcome: inout Outcome, in db: Database) throws {
        try outbox.applyingChanges(on: db) {
            var progress = true
            var rounds = 0
            while progress && rounds < 8 {
                progress = false
                rounds += 1
                for (zone, id, record) in try SyncTables.deferredIncoming(in: db) {
                    var attempt = Outcome()
                    if let record {
                        if try applySave(record, id: id, zone: zone, hasDeferred: true, outcome: &attempt, in: db) {
                            let policy = configuration.policy(for: id.recordType)
                            try SyncTables.saveMeta(RecordMeta(zone: zone, recordName: id.recordName, recordType: id.recordType, changeTag: record.recordChangeTag, ancestor: policy.keepsAncestor ? record : nil), generation: nil, in: db)
                        }
                    } else if try applyDeletion(id, zone: zone, outcome: &attempt, in: db) {
                        try SyncTables.deleteMeta(zone, id.recordName, in: db)
                    }
                    if attempt.failures.isEmpty {
                        progress = true
                        outcome.saved += attempt.saved
                        outcome.deleted += attempt.deleted
                        outcome.failures.removeAll { $0.0 == id }
                    }
                }
            }
        }
    }

    /// Deletes every local row of a zone that is gone (deleted, or no longer shared with this user).
    func removeZone(_ zone: SyncZone, in db: Database) throws -> Outcome {
        var outcome = Outcome()
        try outbox.applyingChanges(on: db) {
            for id in try SyncTables.records(in: zone, db: db) {
                if let pending = try SyncTables.entry(zone, id.recordName, in: db), !pending.isDeletion, zone.scope == .private {
                    continue
                }
                try SyncTables.removeEntry(zone, id.recordName, ifSeq: nil, in: db)
                _ = try applyDeletion(id, zone: zone, outcome: &outcome, in: db)
            }
            if zone.scope == .shared {
                try db.execute(sql: "DELETE FROM syncOutbox WHERE scope = ? AND zoneName = ? AND zoneOwner = ?", arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey])
            }
            try SyncTables.forgetZone(zone, in: db)
        }
        return outcome
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
                let kind: CloudRecordOperationType = if case .clientWins = policy.kind { .forceReplace } else { .replace }
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
    func recordResults(_ prepared: [Prepared], results: [CloudItemResult<CloudRecord>], zone: SyncZone, in db: Database) throws -> SendOutcome {
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
                        try SyncTables.saveMeta(RecordMeta(zone: zone, recordName: id.recordName, recordType: id.recordType, changeTag: tag, ancestor: nil), generation: nil, in: db)
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
                    try SyncTables.saveMeta(RecordMeta(zone: zone, recordName: id.recordName, recordType: id.recordType, changeTag: saved.recordChangeTag, ancestor: ancestor), generation: nil, in: db)
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
                        try SyncTables.saveMeta(RecordMeta(zone: zone, recordName: id.recordName, recordType: id.recordType, changeTag: server.recordChangeTag, ancestor: nil), generation: nil, in: db)
                        continue
                    }
                    try outbox.applyingChanges(on: db) {
                        if let client = try delegate.record(for: id, in: db) {
                            var applied = Outcome()
                            try settle(id, pending: current, meta: meta, client: client, server: server, zone: zone, generation: nil, outcome: &applied, in: db)
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
                    try SyncTables.deferEntry(zone, id.recordName, notBefore: now + wait, parked: false, error: nil, in: db)
                case .validatingReferenceError where entry.attempts < 5:
                    // The record it refers to may come in a later batch.
                    try SyncTables.deferEntry(zone, id.recordName, notBefore: now + backoff(attempt: entry.attempts).milliseconds, parked: false, error: error.reason, in: db)
                default:
                    let reason = "\(error.serverErrorCode): \(error.reason)"
                    try SyncTables.deferEntry(zone, id.recordName, notBefore: now + configuration.parkedRetryInterval.milliseconds, parked: true, error: reason, in: db)
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
            try SyncTables.deferEntry(zone, item.entry.recordName, notBefore: now + wait, parked: false, error: nil, in: db)
        }
    }

    /// Parks the entries of a request the server refused as a whole, with its reason.
    func park(_ prepared: [Prepared], zone: SyncZone, reason: String, in db: Database) throws {
        let until = now() + configuration.parkedRetryInterval.milliseconds
        for item in prepared {
            try SyncTables.deferEntry(zone, item.entry.recordName, notBefore: until, parked: true, error: reason, in: db)
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
