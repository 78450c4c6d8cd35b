import Foundation
import GRDB
import HearthCloudModel

// Applying fetched changes: pages of a zone's changes feed, changes kept aside, zones that are gone.

extension ChangeApplier {
    /// A record the app refused while a page was applied without a savepoint per record: the page's
    /// transaction must be rolled back and the page applied again record by record, which keeps the refused
    /// record aside and applies the others.
    struct RecordRefused: Error {
        var id: SyncRecordID
        var underlying: any Error
    }

    /// This applier, applying each fetched record without a savepoint of its own: the fast way for whole
    /// pages, where a refused record throws ``RecordRefused`` instead of being kept aside.
    var pageAtOnce: ChangeApplier {
        var applier = self
        applier.savepointPerRecord = false
        return applier
    }

    /// This applier, applying each record in a savepoint of its own.
    var recordByRecord: ChangeApplier {
        var applier = self
        applier.savepointPerRecord = true
        return applier
    }

    /// Applies one page of a zone's changes and saves the zone's new token, in the caller's transaction.
    ///
    /// A record this device already has (same change tag) is skipped; one with a pending local edit is
    /// settled by policy; a deletion wins over a pending edit unless the policy is client-wins. During a
    /// full refetch (`generation` set) each record seen is marked, and on the last page every record not
    /// seen — deleted on the server while this device's token was stale — is deleted locally.
    func applyPage(_ fetched: FetchedPage, zone: SyncZone, generation: Int64?, in db: Database) throws -> Outcome {
        let page = fetched.response
        var outcome = Outcome()
        try outbox.applyingChanges(on: db) {
            let hasDeferred = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM syncDeferred)") ?? false
            var known = try KnownRecords(page.records.map(\.recordName), zone: zone, in: db)
            for (record, ancestor) in zip(page.records, fetched.ancestors) {
                let incoming = Incoming(record: record, encodedAncestor: ancestor)
                try apply(
                    incoming, zone: zone, generation: generation, hasDeferred: hasDeferred, known: known,
                    outcome: &outcome, in: db)
                known.didApply(record.recordName)
            }
            var finishedRefetch = false
            if let generation, !page.moreComing {
                try sweep(zone, generation: generation, outcome: &outcome, in: db)
                finishedRefetch = true
            }
            try SyncTables.saveZone(
                zone, token: page.syncToken, refetchGeneration: finishedRefetch ? nil : generation, in: db)
            if hasDeferred || !outcome.failures.isEmpty { try retryDeferred(outcome: &outcome, in: db) }
        }
        return outcome
    }

    /// A fetched record, and its stored form as an ancestor when that was made ahead.
    private struct Incoming {
        var record: CloudRecord
        var encodedAncestor: Data?
    }

    private func apply(
        _ incoming: Incoming, zone: SyncZone, generation: Int64?, hasDeferred: Bool, known: KnownRecords,
        outcome: inout Outcome, in db: Database
    ) throws {
        let record = incoming.record
        let name = record.recordName
        let meta = known.mayBeSynced(name) ? try SyncTables.meta(zone, name, in: db) : nil
        let type = meta?.recordType ?? record.recordType
        let id = SyncRecordID(recordType: type, recordName: name)
        let policy = configuration.policy(for: type)
        let pending = known.mayBePending(name) ? try SyncTables.entry(zone, name, in: db) : nil

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
                try SyncTables.saveMeta(
                    RecordMeta(
                        zone: zone, recordName: name, recordType: type, changeTag: record.recordChangeTag,
                        ancestor: ancestor), encodedAncestor: incoming.encodedAncestor, generation: generation, in: db)
                return
            }
            if let client = try delegate.record(for: id, in: db) {
                try settle(
                    id, pending: pending, meta: meta, client: client, server: record, zone: zone,
                    generation: generation, outcome: &outcome, in: db)
                return
            }
        }
        if try applySave(record, id: id, zone: zone, hasDeferred: hasDeferred, outcome: &outcome, in: db) {
            try SyncTables.saveMeta(
                RecordMeta(
                    zone: zone, recordName: name, recordType: type, changeTag: record.recordChangeTag,
                    ancestor: ancestor), encodedAncestor: incoming.encodedAncestor, generation: generation, in: db)
        }
    }

    /// Settles a pending local edit against the server's version; the entry stays to send the result
    /// unless the result is the server's.
    func settle(
        _ id: SyncRecordID, pending: OutboxEntry, meta: RecordMeta?, client: CloudRecord, server: CloudRecord,
        zone: SyncZone,
        generation: Int64?, outcome: inout Outcome, in db: Database
    ) throws {
        let policy = configuration.policy(for: id.recordType)
        let resolution: ConflictResolver.Resolution
        do {
            resolution = try ConflictResolver(policy: policy).resolve(
                ancestor: meta?.ancestor, client: client, server: server, localTimes: pending.fieldTimes)
        } catch {
            let reason = "The merge of \(id) failed: \(error). The local change is kept and tried again."
            try SyncTables.deferEntry(
                zone, id.recordName, notBefore: now() + configuration.parkedRetryInterval.milliseconds, parked: true,
                error: reason, in: db)
            outcome.failures.append((id, reason))
            return
        }
        if resolution.changesLocal {
            var merged = server
            merged.fields = resolution.fields
            merged.zoneID = zone.cloudZoneID
            guard try applySave(merged, id: id, zone: zone, hasDeferred: false, outcome: &outcome, in: db) else {
                return
            }
        }
        try SyncTables.saveMeta(
            RecordMeta(
                zone: zone, recordName: id.recordName, recordType: id.recordType, changeTag: server.recordChangeTag,
                ancestor: policy.keepsAncestor ? server : nil),
            generation: generation, in: db)
        if resolution.matchesServer {
            try SyncTables.removeEntry(zone, id.recordName, ifSeq: nil, in: db)
        } else {
            try SyncTables.updateEntryFields(
                zone, id.recordName, fieldTimes: resolution.remainingTimes,
                snapshot: policy.tracksFieldTimes ? resolution.fields : nil, in: db)
        }
        outcome.conflicts.append((id, policy.description))
    }

    /// Saves a server record into the local row; on failure keeps it aside. Returns whether it was applied.
    /// Without a savepoint per record, a failure throws ``RecordRefused`` instead, for the caller to roll
    /// back and apply again record by record.
    private func applySave(
        _ record: CloudRecord, id: SyncRecordID, zone: SyncZone, hasDeferred: Bool, outcome: inout Outcome,
        in db: Database
    ) throws -> Bool {
        var local = record
        local.fields = SyncCoding.appFields(record.fields)
        local.zoneID = zone.cloudZoneID
        do {
            if savepointPerRecord {
                try db.inSavepoint {
                    try delegate.saveFetchedRecord(local, in: db)
                    return .commit
                }
            } else {
                try delegate.saveFetchedRecord(local, in: db)
            }
        } catch {
            if !savepointPerRecord { throw RecordRefused(id: id, underlying: error) }
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
    private func applyDeletion(_ id: SyncRecordID, zone: SyncZone, outcome: inout Outcome, in db: Database) throws
        -> Bool
    {
        do {
            if savepointPerRecord {
                try db.inSavepoint {
                    try delegate.deleteFetchedRecord(id, in: db)
                    return .commit
                }
            } else {
                try delegate.deleteFetchedRecord(id, in: db)
            }
        } catch {
            if !savepointPerRecord { throw RecordRefused(id: id, underlying: error) }
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
        // These changes failed before and may fail again: each is tried in a savepoint of its own.
        try recordByRecord.retryEachDeferred(outcome: &outcome, in: db)
    }

    private func retryEachDeferred(outcome: inout Outcome, in db: Database) throws {
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
                            try SyncTables.saveMeta(
                                RecordMeta(
                                    zone: zone, recordName: id.recordName, recordType: id.recordType,
                                    changeTag: record.recordChangeTag, ancestor: policy.keepsAncestor ? record : nil),
                                generation: nil, in: db)
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

    /// Deletes every local row of a zone that is gone (deleted, or no longer shared with this user), each
    /// in a savepoint of its own.
    func removeZone(_ zone: SyncZone, in db: Database) throws -> Outcome {
        try recordByRecord.removeEachRow(of: zone, in: db)
    }

    private func removeEachRow(of zone: SyncZone, in db: Database) throws -> Outcome {
        var outcome = Outcome()
        try outbox.applyingChanges(on: db) {
            var remaining: [SyncRecordID] = []
            for id in try SyncTables.records(in: zone, db: db) {
                if let pending = try SyncTables.entry(zone, id.recordName, in: db), !pending.isDeletion,
                    zone.scope == .private
                {
                    continue
                }
                try SyncTables.removeEntry(zone, id.recordName, ifSeq: nil, in: db)
                remaining.append(id)
            }
            // Rows refer to one another (a group to its people): a row whose deletion is refused while another
            // still refers to it is tried again once the others are gone, until a pass removes nothing more.
            while !remaining.isEmpty {
                var refused: [SyncRecordID] = []
                for id in remaining {
                    do {
                        try db.inSavepoint {
                            try delegate.deleteFetchedRecord(id, in: db)
                            return .commit
                        }
                        try SyncTables.removeDeferred(zone, id.recordName, in: db)
                        outcome.deleted.append(id)
                    } catch {
                        refused.append(id)
                    }
                }
                if refused.count == remaining.count {
                    for id in refused { _ = try applyDeletion(id, zone: zone, outcome: &outcome, in: db) }
                    break
                }
                remaining = refused
            }
            if zone.scope == .shared {
                try db.execute(
                    sql: "DELETE FROM syncOutbox WHERE scope = ? AND zoneName = ? AND zoneOwner = ?",
                    arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey])
            }
            try SyncTables.forgetZone(zone, in: db)
        }
        return outcome
    }
}
