import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthStore
import Logging

extension SyncEngine {
    /// Sends ready changes batch by batch until none is ready. A batch the server finds too big is halved;
    /// throttling puts the batch off and ends the round; nothing leaves the outbox until the server has it.
    func sendAll(report: inout SyncReport) async throws {
        let applier = self.applier
        var rounds = 0
        while true {
            rounds += 1
            let limit = batchLimit
            let now = nowMilliseconds()
            let ready = try await database.read { db in try SyncTables.readyEntries(now: now, limit: limit * 4, in: db)
            }
            guard let first = ready.first else { return }
            let zone = first.zone
            let entries = Array(ready.lazy.filter { $0.zone == zone }.prefix(limit))
            let prepared = try await database.read { db in try applier.prepareSend(entries, in: db) }
            let keepsAncestors = prepared.contains {
                configuration.policy(for: $0.entry.recordType).keepsAncestor
                    && $0.operation.operationType != .forceDelete
            }
            let request = CloudRecordsModifyRequest(
                zoneID: zone.cloudZoneID, operations: prepared.map(\.operation), atomic: false,
                desiredKeys: keepsAncestors ? nil : []
            )
            let answer: CloudRecordsModifyResponse
            do {
                answer = try await cloud.database(zone.scope).modifyRecords(request)
            } catch let error as CloudError {
                switch error.serverErrorCode {
                case .limitExceeded where prepared.count > 1, .badRequest where prepared.count > 1:
                    // Too big (or one bad record spoils the request): halve until it goes, or the culprit is alone.
                    batchLimit = max(1, prepared.count / 2)
                    logger.info(
                        "Batch refused; halving",
                        metadata: ["sync.batch": "\(prepared.count)", "sync.reason": "\(error.reason)"])
                    continue
                case .limitExceeded, .badRequest, .quotaExceeded, .accessDenied, .validatingReferenceError:
                    let reason = "\(error.serverErrorCode): \(error.reason)"
                    try await database.write { db in try applier.park(prepared, zone: zone, reason: reason, in: db) }
                    for item in prepared { broadcast.publish(.failed(item.entry.id, reason: reason)) }
                    continue
                case .zoneNotFound where zone.scope == .private && rounds < 50:
                    try await recreateZone(zone)
                    continue
                case .zoneNotFound:
                    let reason = "The zone \(zone) is no longer shared with you."
                    try await database.write { db in try applier.park(prepared, zone: zone, reason: reason, in: db) }
                    continue
                case .throttled, .tryAgainLater, .internalError:
                    try await database.write { db in
                        try applier.deferAll(prepared, zone: zone, retryAfter: error.retryAfter, in: db)
                    }
                    report.throttled += 1
                    broadcast.publish(.throttled(retryAfter: error.retryAfter ?? 0))
                    logger.info(
                        "Server asked to wait",
                        metadata: [
                            "sync.retryAfter": "\(error.retryAfter ?? 0)", "sync.code": "\(error.serverErrorCode)",
                        ])
                    return
                default:
                    throw error
                }
            }
            guard answer.records.count == prepared.count else {
                throw CloudTransportError(
                    .invalidResponse,
                    "The server answered \(answer.records.count) results for \(prepared.count) operations.")
            }
            let outcome = try await database.write { db in
                try applier.recordResults(prepared, results: answer.records, zone: zone, in: db)
            }
            batchCounter += 1
            if batchLimit < configuration.maxBatchSize { batchLimit = min(configuration.maxBatchSize, batchLimit * 2) }
            report.sentBatches += 1
            report.sentSaves += outcome.savedIDs.count
            report.sentDeletions += outcome.deletedIDs.count
            report.conflictsResolved += outcome.conflicts.count
            if !outcome.savedIDs.isEmpty || !outcome.deletedIDs.isEmpty {
                broadcast.publish(
                    .sent(zone: zone, batch: batchCounter, saved: outcome.savedIDs, deleted: outcome.deletedIDs))
            }
            for (id, policy) in outcome.conflicts { broadcast.publish(.conflictResolved(id, policy: policy)) }
            for (id, reason) in outcome.failures { broadcast.publish(.failed(id, reason: reason)) }
            if outcome.zoneMissing {
                if zone.scope == .private && rounds < 50 { try await recreateZone(zone) } else { return }
            }
            if rounds > 100_000 { return }
        }
    }
}
