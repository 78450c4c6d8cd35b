import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthStore
import Logging

extension SyncEngine {
    /// Fetches what `pendingFetch` asks for, or (with `everything`) every database the engine syncs.
    func fetch(everything: Bool, report: inout SyncReport) async throws {
        var requests = pendingFetch
        pendingFetch = [:]
        if everything {
            for scope in configuration.scopes { requests[scope] = .everything }
        }
        do {
            for scope in configuration.scopes {
                guard let request = requests[scope] else { continue }
                switch request {
                case .everything:
                    try await fetchDatabase(scope, report: &report)
                case .zones(let zones):
                    let known = try await database.read { db in
                        try zones.filter { try SyncTables.zoneToken($0, in: db) != nil }
                    }
                    if known.count < zones.count {
                        // A zone this device has not seen yet (a new share): list the database's zones.
                        try await fetchDatabase(scope, report: &report)
                    } else {
                        for zone in known.sorted(by: { $0.description < $1.description }) {
                            try await fetchZone(zone, report: &report)
                        }
                    }
                }
                requests[scope] = nil
            }
        } catch {
            // What was not fetched is asked for again.
            for (scope, request) in requests { requestFetch(scope, request) }
            throw error
        }
    }

    /// Lists the zones of `scope` that changed since the database token and fetches each.
    func fetchDatabase(_ scope: CloudDatabaseScope, report: inout SyncReport) async throws {
        let key = "databaseToken." + scope.rawValue
        let stored = try await database.read { db in try SyncTables.state(key, in: db) }
        var token = stored.map(CloudSyncToken.init(rawValue:))
        var changed: [SyncZone] = []
        var deleted: [SyncZone] = []
        let remote = cloud.database(scope)
        while true {
            let answer: CloudDatabaseChangesResponse
            do {
                let since = token
                answer = try await retrying(report: &report) { try await remote.databaseChanges(since: since) }
            } catch let error as CloudError
                where token != nil
                && (error.serverErrorCode == .changeTokenExpired || error.serverErrorCode == .badRequest)
            {
                token = nil
                continue
            }
            for change in answer.zones where configuration.syncs(change.zoneID) {
                let zone = SyncZone(
                    scope: scope, zoneName: change.zoneID.zoneName, ownerRecordName: change.zoneID.ownerRecordName)
                if change.deleted { deleted.append(zone) } else { changed.append(zone) }
            }
            token = answer.syncToken
            if !answer.moreComing { break }
        }
        // Zones never fetched, or in the middle of a refetch, are fetched whatever the token says.
        let unfinished = try await database.read { db -> [SyncZone] in
            let known = try SyncTables.knownZones(in: db)
            let refetching = try known.filter { try SyncTables.zoneToken($0, in: db)?.refetchGeneration != nil }
            return refetching
        }
        var zones = changed + unfinished.filter { $0.scope == scope }
        if scope == .private {
            let neverFetched = try await database.read { db in
                try self.configuration.zones.map(SyncZone.private).filter {
                    try SyncTables.zoneToken($0, in: db) == nil
                }
            }
            zones += neverFetched
        }
        let deletedSet = Set(deleted)
        var seen = Set<SyncZone>()
        for zone in deleted where seen.insert(zone).inserted {
            try await removeZone(zone, report: &report)
        }
        for zone in zones where !deletedSet.contains(zone) && seen.insert(zone).inserted {
            try await fetchZone(zone, report: &report)
        }
        if let token {
            try await database.write { db in try SyncTables.setState(key, token.rawValue, in: db) }
        }
    }

    /// Fetches one zone's changes page by page, each page applied with its token in one transaction. A
    /// fetch of more than one page runs with the write connection set up for bulk work
    /// (``BulkApplySettings``), put back when it ends, however it ends.
    func fetchZone(_ zone: SyncZone, report: inout SyncReport) async throws {
        var settings: BulkApplySettings?
        do {
            try await fetchPages(of: zone, report: &report, settings: &settings)
        } catch {
            await restore(settings)
            throw error
        }
        await restore(settings)
    }

    private func restore(_ settings: BulkApplySettings?) async {
        guard let settings else { return }
        let database = self.database
        do {
            // In a task of its own, so that a cancelled fetch still puts the settings back.
            try await Task { try await settings.restore(on: database) }.value
        } catch {
            logger.warning(
                "Could not put the database's cache and checkpoint settings back after a large fetch",
                metadata: ["error": "\(error)"])
        }
    }

    /// The pages of `zone`, the next fetched while one is applied; `settings` holds what to put back once
    /// the bulk settings are on.
    private func fetchPages(of zone: SyncZone, report: inout SyncReport, settings: inout BulkApplySettings?)
        async throws
    {
        let remote = cloud.database(zone.scope)
        let pageSize = configuration.fetchPageSize
        // The next page is fetched while this one is applied; it is used only if this one commits.
        var prefetched: (token: CloudSyncToken, task: Task<FetchedPage, any Error>)?
        defer { prefetched?.task.cancel() }
        while true {
            let state = try await database.read { db in try SyncTables.zoneToken(zone, in: db) }
            let token = state?.token
            let generation = state?.refetchGeneration
            let fetched: FetchedPage
            do {
                let ahead = prefetched
                prefetched = nil
                if let ahead, ahead.token == token, let early = try? await ahead.task.value {
                    fetched = early
                } else {
                    let request = CloudRecordChangesRequest(
                        zoneID: zone.cloudZoneID, syncToken: token, resultsLimit: pageSize)
                    fetched = FetchedPage(
                        try await retrying(report: &report) { try await remote.recordChanges(request) },
                        configuration: configuration)
                }
            } catch let error as CloudError where error.serverErrorCode == .changeTokenExpired {
                // The server compacted deletions this device never saw: fetch everything again, then delete
                // what was not seen.
                try await database.write { db in
                    let next = (Int64(try SyncTables.state("generation", in: db) ?? "0") ?? 0) + 1
                    try SyncTables.setState("generation", String(next), in: db)
                    try SyncTables.saveZone(zone, token: nil, refetchGeneration: next, in: db)
                }
                report.refetchedZones += 1
                broadcast.publish(.refetching(zone))
                logger.notice("Sync token expired; fetching the zone again", metadata: ["sync.zone": "\(zone)"])
                continue
            } catch let error as CloudError
                where error.serverErrorCode == .zoneNotFound
                || (zone.scope == .shared && error.serverErrorCode == .accessDenied)
            {
                if zone.scope == .shared {
                    try await removeZone(zone, report: &report)
                } else {
                    logger.info("Zone does not exist on the server yet", metadata: ["sync.zone": "\(zone)"])
                }
                return
            }
            let page = fetched.response
            if page.moreComing {
                let next = CloudRecordChangesRequest(
                    zoneID: zone.cloudZoneID, syncToken: page.syncToken, resultsLimit: pageSize)
                let configuration = self.configuration
                prefetched = (
                    page.syncToken,
                    Task { FetchedPage(try await remote.recordChanges(next), configuration: configuration) }
                )
                if settings == nil { settings = try await BulkApplySettings.enable(on: database) }
            }
            let outcome = try await apply(fetched, zone: zone, generation: generation)
            report.receivedSaves += outcome.saved.count
            report.receivedDeletions += outcome.deleted.count
            report.conflictsResolved += outcome.conflicts.count
            publish(outcome, zone: zone)
            if !page.moreComing { return }
        }
    }

    /// Applies one page with its token in one transaction, without a savepoint per record. When the app
    /// refuses a record, that transaction is rolled back and the page applied again record by record, so
    /// that the refused record is kept aside and every other one applied.
    func apply(_ page: FetchedPage, zone: SyncZone, generation: Int64?) async throws -> ChangeApplier.Outcome {
        let applier = self.applier
        let fast = applier.pageAtOnce
        do {
            return try await database.write { db in try fast.applyPage(page, zone: zone, generation: generation, in: db)
            }
        } catch let refused as ChangeApplier.RecordRefused {
            logger.debug(
                "A fetched record was refused; applying its page record by record",
                metadata: ["sync.record": "\(refused.id)"])
            return try await database.write { db in
                try applier.applyPage(page, zone: zone, generation: generation, in: db)
            }
        }
    }

    /// Drops a zone that is gone, with the local rows that came from it.
    func removeZone(_ zone: SyncZone, report: inout SyncReport) async throws {
        let applier = self.applier
        let outcome = try await database.write { db in try applier.removeZone(zone, in: db) }
        report.receivedDeletions += outcome.deleted.count
        publish(outcome, zone: zone)
        if zone.scope == .private {
            try await database.write { db in try SyncTables.setState("zone." + zone.zoneName, nil, in: db) }
        }
    }

    /// Runs a request again when the server asks to wait (throttling, busy, a server fault), waiting
    /// `retryAfter` (or a backoff) between attempts, at most four times.
    func retrying<T: Sendable>(report: inout SyncReport, _ request: @Sendable () async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await request()
            } catch let error as CloudError
                where attempt < 4 && [.throttled, .tryAgainLater, .internalError].contains(error.serverErrorCode)
            {
                report.throttled += 1
                broadcast.publish(.throttled(retryAfter: error.retryAfter ?? 0))
                let wait = max(Duration.seconds(error.retryAfter ?? 0), applier.backoff(attempt: attempt))
                attempt += 1
                try await clock.sleep(for: wait)
            }
        }
    }

    func publish(_ outcome: ChangeApplier.Outcome, zone: SyncZone) {
        if !outcome.saved.isEmpty || !outcome.deleted.isEmpty {
            broadcast.publish(.fetched(zone: zone, saved: outcome.saved, deleted: outcome.deleted))
        }
        for (id, policy) in outcome.conflicts { broadcast.publish(.conflictResolved(id, policy: policy)) }
        for (id, reason) in outcome.failures {
            logger.warning(
                "A fetched change could not be applied; kept to retry",
                metadata: ["sync.record": "\(id)", "sync.reason": "\(reason)"])
            broadcast.publish(.failed(id, reason: reason))
        }
    }
}
