import Foundation
public import HearthCloudModel
import Logging

extension SQLRecordStore {
    func resultsLimit(_ asked: Int?) throws -> Int {
        guard let asked else { return configuration.defaultResultsLimit }
        guard asked > 0 else { throw CloudError.badRequest("resultsLimit must be at least 1 (it is \(asked)).") }
        return min(asked, configuration.maxResultsLimit)
    }

    public func lookupRecords(
        _ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudRecordsLookupRequest
    ) async throws -> CloudRecordsLookupResponse {
        guard request.records.count <= configuration.maxOperationsPerRequest else {
            throw CloudError(
                .limitExceeded,
                "The lookup asks for \(request.records.count) records; the limit is \(configuration.maxOperationsPerRequest) per request."
            )
        }
        for lookup in request.records {
            if let problem = CloudNames.recordProblem(lookup.recordName) {
                throw CloudError(.badRequest, problem, recordName: lookup.recordName)
            }
        }
        let desiredKeys = request.desiredKeys.map(Set.init)
        return try await transaction(readOnly: true) { tx in
            let access = try await self.resolveZone(tx, principal, scope, request.zoneID)
            let names = Array(Set(request.records.map(\.recordName)))
            var found: [String: StoredRecord] = [:]
            var reads: [(sql: String, binds: [SQLValue])] = [(Self.shareRootsSQL, [.int(access.zonePK)])]
            if !names.isEmpty {
                reads.append(
                    (
                        "SELECT \(StoredRecord.columns) FROM records WHERE zone_pk = ? AND deleted = 0 AND name IN (\(placeholders(names.count)))",
                        [.int(access.zonePK)] + names.map(SQLValue.text)
                    ))
            }
            let fetched = try await tx.queries(reads)
            for row in fetched.dropFirst().joined() { found[row.text("name")] = StoredRecord(row: row) }
            let shareRoots = Self.shareRoots(fetched[0])
            let results: [CloudItemResult<CloudRecord>] = request.records.map { lookup in
                guard let row = found[lookup.recordName], access.canRead(root: row.rootName) else {
                    return .failure(
                        CloudError(
                            .notFound, "Record \"\(lookup.recordName)\" does not exist in zone \(access.zoneName).",
                            recordName: lookup.recordName, zoneID: access.zoneID))
                }
                return .success(
                    row.cloudRecord(zoneID: access.zoneID, shareName: shareRoots[row.name], desiredKeys: desiredKeys))
            }
            return CloudRecordsLookupResponse(records: results)
        }
    }

    public func queryRecords(_ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudRecordsQueryRequest)
        async throws -> CloudRecordsQueryResponse
    {
        if let problem = CloudNames.typeProblem(request.query.recordType) {
            throw CloudError.badRequest("Query: \(problem)")
        }
        let evaluator = QueryEvaluator(query: request.query)
        try evaluator.validate()
        let limit = try resultsLimit(request.resultsLimit)
        let after = try request.continuationMarker.map { try evaluator.position(of: $0) }
        let desiredKeys = request.desiredKeys.map(Set.init)
        let prefilter = evaluator.sqlCondition(database.dialect)
        do {
            // With the filters' conditions in SQL first; should the database refuse them (stored fields that
            // are not JSON make the JSON functions fail), the query is answered by reading every record instead.
            if let prefilter {
                return try await database.transaction(readOnly: true) { tx in
                    try await self.query(
                        tx, principal, scope, request, evaluator: evaluator, prefilter: prefilter, limit: limit,
                        after: after, desiredKeys: desiredKeys)
                }
            }
        } catch let error where !(error is CloudError) && !(error is CancellationError) {
            logger.warning(
                "A query's filters could not run in SQL; reading every record of the type instead",
                metadata: ["cloud.store": "\(kind)", "error": "\(error)"])
        }
        return try await transaction(readOnly: true) { tx in
            try await self.query(
                tx, principal, scope, request, evaluator: evaluator, prefilter: nil, limit: limit, after: after,
                desiredKeys: desiredKeys)
        }
    }

    /// One page of a query in `tx`. The records of the type are read in chunks in name order (the
    /// records_type_name index), leaving out in SQL those `prefilter` rules out, and only the best
    /// `limit + 1` matches after the continuation are kept: memory stays bounded by the chunk and the page,
    /// however many records the zone holds. Without a sort the order is the name's, so the scan stops as
    /// soon as the page is full.
    private func query(
        _ tx: any SQLTransaction, _ principal: CloudPrincipal, _ scope: CloudDatabaseScope,
        _ request: CloudRecordsQueryRequest,
        evaluator: QueryEvaluator, prefilter: (sql: String, binds: [SQLValue])?, limit: Int,
        after: (name: String, fields: [String: CloudFieldValue])?, desiredKeys: Set<String>?
    ) async throws -> CloudRecordsQueryResponse {
        let access = try await resolveZone(tx, principal, scope, request.zoneID)
        typealias Match = (row: StoredRecord, fields: [String: CloudFieldValue])
        let keep = limit + 1
        let byName = (request.query.sortBy ?? []).isEmpty
        let chunk = byName ? min(Self.queryChunk, max(100, keep * 2)) : Self.queryChunk
        var best: [Match] = []
        func trim() {
            best.sort { evaluator.precedes(($0.row.name, $0.fields), ($1.row.name, $1.fields)) }
            if best.count > keep { best.removeLast(best.count - keep) }
        }
        // In name order, nothing at or before the continuation's name can come after it.
        var lastName: String? = byName ? after?.name : nil
        while true {
            var sql = "SELECT \(StoredRecord.columns) FROM records WHERE zone_pk = ? AND type = ? AND deleted = 0"
            var binds: [SQLValue] = [.int(access.zonePK), .text(request.query.recordType)]
            if let lastName {
                sql += " AND name > ?"
                binds.append(.text(lastName))
            }
            if let prefilter {
                sql += " AND " + prefilter.sql
                binds += prefilter.binds
            }
            sql += " ORDER BY name LIMIT \(chunk)"
            let rows = try await tx.query(sql, binds)
            for row in rows.map(StoredRecord.init(row:)) where access.canRead(root: row.rootName) {
                let fields = (try? row.decodedFields()) ?? [:]
                guard evaluator.matches(fields) else { continue }
                if let after, !evaluator.precedes(after, (row.name, fields)) { continue }
                best.append((row, fields))
                if best.count >= keep + Self.queryChunk { trim() }
            }
            guard rows.count == chunk, let last = rows.last else { break }
            if byName && best.count >= keep { break }
            lastName = last.text("name")
        }
        trim()
        let page = best.prefix(limit)
        let shareRoots = try await self.shareRoots(tx, zonePK: access.zonePK)
        let records = page.map {
            $0.row.cloudRecord(zoneID: access.zoneID, shareName: shareRoots[$0.row.name], desiredKeys: desiredKeys)
        }
        let marker = best.count > limit ? page.last.map { evaluator.marker(after: ($0.row.name, $0.fields)) } : nil
        return CloudRecordsQueryResponse(records: records, continuationMarker: marker)
    }

    /// Records read per step of a query's scan.
    static var queryChunk: Int { 2_000 }

    public func recordChanges(
        _ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudRecordChangesRequest
    ) async throws -> CloudRecordChangesResponse {
        let limit = try resultsLimit(request.resultsLimit)
        let position = try request.syncToken.map(SyncTokenCodec.zonePosition)
        let desiredKeys = request.desiredKeys.map(Set.init)
        return try await transaction(readOnly: true) { tx in
            try await self.changes(
                tx, principal: principal, scope: scope, zoneID: request.zoneID, position: position, limit: limit,
                desiredKeys: desiredKeys)
        }
    }

    func changes(
        _ tx: any SQLTransaction, principal: CloudPrincipal, scope: CloudDatabaseScope, zoneID: CloudZoneID?,
        position: SyncTokenCodec.ZonePosition?, limit: Int, desiredKeys: Set<String>?
    ) async throws -> CloudRecordChangesResponse {
        let access = try await resolveZone(tx, principal, scope, zoneID)
        if let position {
            guard position.zonePK == access.zonePK else {
                throw CloudError(
                    .badRequest,
                    "The syncToken belongs to another zone; pass the token this zone's last changes answer gave.",
                    zoneID: access.zoneID)
            }
            guard position.incarnation == access.incarnation else {
                throw CloudError(
                    .changeTokenExpired,
                    "Zone \(access.zoneName) was deleted and created again since this syncToken; fetch its changes again without a token.",
                    zoneID: access.zoneID)
            }
            guard position.seq >= access.horizon else {
                throw CloudError(
                    .changeTokenExpired,
                    "The syncToken is older than the deletions the server keeps (\(configuration.tombstoneRetention.milliseconds / 86_400_000) days); fetch the zone's changes again without a token.",
                    zoneID: access.zoneID)
            }
        }
        let since = position?.seq ?? 0
        // The counter was read with the zone, before the records: anything committed later has a higher number.
        let current = access.ownerSeq
        var sql = """
            SELECT \(StoredRecord.qualifiedColumns), s.name AS share_name FROM records r
            LEFT JOIN shares s ON s.zone_pk = r.zone_pk AND s.root_name = r.name AND s.deleted = 0
            WHERE r.zone_pk = ? AND r.seq > ?
            """
        var binds: [SQLValue] = [.int(access.zonePK), .int(since)]
        if position == nil { sql += " AND r.deleted = 0" }
        var visibleRoots: Set<String> = []
        if !access.seesEverything {
            visibleRoots = Set(access.roots.keys)
            let list = Array(visibleRoots)
            sql += " AND (r.root_name IN (\(placeholders(list.count))) OR r.left_root IN (\(placeholders(list.count))))"
            binds += list.map(SQLValue.text) + list.map(SQLValue.text)
        }
        sql += " ORDER BY r.seq LIMIT ?"
        binds.append(.int(Int64(limit + 1)))
        if tx.dialect == .postgres {
            // Right after a bulk load the planner's statistics still describe a small table, and it would
            // sort every later change to return the first page. The feed index is already in order: use it.
            _ = try await tx.query(
                "SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)", [])
        }
        let rows = try await tx.query(sql, binds)
        let moreComing = rows.count > limit
        let pageRows = rows.prefix(limit)
        let page = pageRows.map(StoredRecord.init(row:))
        var records: [CloudRecord] = []
        records.reserveCapacity(page.count)
        for (row, raw) in zip(page, pageRows) {
            if !access.seesEverything && !visibleRoots.contains(row.rootName) {
                if position != nil { records.append(row.tombstone(zoneID: access.zoneID)) }
            } else {
                records.append(
                    row.cloudRecord(
                        zoneID: access.zoneID, shareName: raw.optionalText("share_name"), desiredKeys: desiredKeys))
            }
        }
        if position != nil && !access.isOwner {
            var listed = Set(records.map(\.recordName))
            for record in try await gainedRecords(
                tx, principal: principal, access: access, since: since, desiredKeys: desiredKeys)
            where listed.insert(record.recordName).inserted {
                records.append(record)
            }
            if !access.seesEverything {
                records += try await lostRecords(tx, principal: principal, access: access, since: since).filter {
                    !listed.contains($0.recordName)
                }
            }
        }
        let reached = moreComing ? (page.last?.seq ?? since) : max(current, page.last?.seq ?? since, since)
        let token = SyncTokenCodec.zoneToken(
            .init(zonePK: access.zonePK, incarnation: access.incarnation, seq: reached))
        return CloudRecordChangesResponse(
            zoneID: access.zoneID, records: records, syncToken: token, moreComing: moreComing)
    }

    /// The live records a participant can read now under the roots (or the whole zone) a share they accepted
    /// after change `since` opened to them. Those records may not have changed since, so the feed alone would
    /// never bring them to a device that already followed the zone through another share. A record the
    /// device has already comes with the change tag it knows, and is skipped there.
    func gainedRecords(
        _ tx: any SQLTransaction, principal: CloudPrincipal, access: ZoneAccess, since: Int64, desiredKeys: Set<String>?
    ) async throws -> [CloudRecord] {
        let rows = try await tx.query(
            """
            SELECT s.root_name FROM participants p JOIN shares s ON s.zone_pk = p.zone_pk AND s.name = p.share_name
            WHERE p.zone_pk = ? AND p.account_id = ? AND p.status = 'ACCEPTED' AND s.deleted = 0 AND p.seq > ?
            """,
            .int(access.zonePK), .text(principal.userID), .int(since)
        )
        guard !rows.isEmpty else { return [] }
        let wholeZone = rows.contains { $0.optionalText("root_name") == nil }
        var sql = """
            SELECT \(StoredRecord.qualifiedColumns), s.name AS share_name FROM records r
            LEFT JOIN shares s ON s.zone_pk = r.zone_pk AND s.root_name = r.name AND s.deleted = 0
            WHERE r.zone_pk = ? AND r.deleted = 0
            """
        var binds: [SQLValue] = [.int(access.zonePK)]
        if !wholeZone {
            let roots = Array(Set(rows.compactMap { $0.optionalText("root_name") }))
            sql += " AND r.root_name IN (\(placeholders(roots.count)))"
            binds += roots.map(SQLValue.text)
        }
        return try await tx.query(sql + " ORDER BY r.seq", binds).compactMap { row in
            let stored = StoredRecord(row: row)
            guard access.canRead(root: stored.rootName) else { return nil }
            return stored.cloudRecord(
                zoneID: access.zoneID, shareName: row.optionalText("share_name"), desiredKeys: desiredKeys)
        }
    }

    /// Deletions, as a participant sees them, of the records they could read at change `since` and cannot now
    /// although the zone stays visible to them through another share: they were removed from a share (or left
    /// it), or its owner deleted it, after `since`. None of those records changed, so the feed alone would
    /// never tell their device to let them go.
    ///
    /// Each deletion's change tag is that of the removal, which the device has never seen, so it is not taken
    /// for the echo of a deletion of its own. A page asked for from before the removal carries them all again
    /// (deleting what is already gone changes nothing); once the device's token is past it, none.
    func lostRecords(_ tx: any SQLTransaction, principal: CloudPrincipal, access: ZoneAccess, since: Int64) async throws
        -> [CloudRecord]
    {
        let rows = try await tx.query(
            """
            SELECT s.root_name, s.deleted AS share_deleted, s.seq AS share_seq, p.status, p.seq AS participant_seq
            FROM participants p JOIN shares s ON s.zone_pk = p.zone_pk AND s.name = p.share_name
            WHERE p.zone_pk = ? AND p.account_id = ? AND ((p.status = 'REMOVED' AND p.seq > ?) OR (s.deleted = 1 AND s.seq > ?))
            """,
            .int(access.zonePK), .text(principal.userID), .int(since), .int(since)
        )
        var lostAt: [String: Int64] = [:]
        var zoneWideLostAt: Int64?
        for row in rows {
            var when: Int64 = 0
            if row.text("status") == CloudShareAcceptance.removed.rawValue {
                when = max(when, row.int("participant_seq"))
            }
            if row.bool("share_deleted") { when = max(when, row.int("share_seq")) }
            if let root = row.optionalText("root_name") {
                if access.roots[root] == nil { lostAt[root] = max(lostAt[root] ?? 0, when) }
            } else if access.zoneWide == nil {
                zoneWideLostAt = max(zoneWideLostAt ?? 0, when)
            }
        }
        guard !lostAt.isEmpty || zoneWideLostAt != nil else { return [] }
        var sql = "SELECT name, type, root_name FROM records WHERE zone_pk = ? AND deleted = 0"
        var binds: [SQLValue] = [.int(access.zonePK)]
        if zoneWideLostAt == nil {
            let roots = Array(lostAt.keys)
            sql += " AND root_name IN (\(placeholders(roots.count)))"
            binds += roots.map(SQLValue.text)
        }
        return try await tx.query(sql + " ORDER BY name", binds).compactMap { row in
            let root = row.text("root_name")
            // Records under a root still shared with them stay.
            guard access.roots[root] == nil, let when = lostAt[root] ?? zoneWideLostAt else { return nil }
            return CloudRecord(
                recordName: row.text("name"), recordType: row.text("type"), zoneID: access.zoneID,
                recordChangeTag: changeTag(when), deleted: true)
        }
    }

    /// The changes of several zones, each answered on its own (one zone's expired token does not fail the others).
    public func zoneChanges(_ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudZoneChangesRequest)
        async throws -> CloudZoneChangesResponse
    {
        guard request.zones.count <= configuration.maxOperationsPerRequest else {
            throw CloudError(
                .limitExceeded,
                "The request names \(request.zones.count) zones; the limit is \(configuration.maxOperationsPerRequest)."
            )
        }
        var results: [CloudItemResult<CloudRecordChangesResponse>] = []
        for query in request.zones {
            do {
                let response = try await recordChanges(
                    principal, scope: scope,
                    request: CloudRecordChangesRequest(
                        zoneID: query.zoneID, syncToken: query.syncToken, resultsLimit: query.resultsLimit,
                        desiredKeys: query.desiredKeys))
                results.append(.success(response))
            } catch let error as CloudError where error.serverErrorCode != .internalError {
                var error = error
                error.zoneID = error.zoneID ?? query.zoneID
                results.append(.failure(error))
            }
        }
        return CloudZoneChangesResponse(zones: results)
    }

    public func databaseChanges(
        _ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudDatabaseChangesRequest
    ) async throws -> CloudDatabaseChangesResponse {
        let positions = try request.syncToken.map(SyncTokenCodec.databasePositions)
        let limit = try resultsLimit(request.resultsLimit)
        return try await transaction(readOnly: true) { tx in
            switch scope {
            case .private:
                let since = positions?[principal.userID] ?? 0
                let current = try await self.currentSeq(tx, principal.userID)
                let live = positions == nil ? " AND deleted = 0" : ""
                var rows = try await tx.query(
                    "SELECT name, deleted, seq FROM zones WHERE owner_id = ? AND seq > ?\(live) ORDER BY seq LIMIT ?",
                    .text(principal.userID), .int(since), .int(Int64(limit + 1))
                )
                // Every zone change takes a change number of its own, so the last number on a page is where
                // the next page starts.
                let moreComing = rows.count > limit
                if moreComing { rows.removeLast(rows.count - limit) }
                let reached = moreComing ? rows[rows.count - 1].int("seq") : max(current, since)
                let zones = rows.map {
                    CloudZoneChange(
                        zoneID: CloudZoneID(zoneName: $0.text("name"), ownerRecordName: principal.userID),
                        deleted: $0.bool("deleted"))
                }
                return CloudDatabaseChangesResponse(
                    zones: zones, syncToken: SyncTokenCodec.databaseToken([principal.userID: reached]),
                    moreComing: moreComing)

            case .shared:
                let rows = try await tx.query(
                    """
                    SELECT z.owner_id, z.name AS zone_name, z.deleted AS zone_deleted, z.seq AS zone_seq, p.status, p.seq AS participant_seq,
                           s.deleted AS share_deleted, s.seq AS share_seq
                    FROM participants p JOIN shares s ON s.zone_pk = p.zone_pk AND s.name = p.share_name JOIN zones z ON z.pk = p.zone_pk
                    WHERE p.account_id = ? AND z.owner_id <> p.account_id
                    """,
                    .text(principal.userID)
                )
                struct ZoneState {
                    var visible = false
                    var changedAt: Int64 = 0
                }
                var states: [CloudZoneID: ZoneState] = [:]
                for row in rows {
                    let zoneID = CloudZoneID(zoneName: row.text("zone_name"), ownerRecordName: row.text("owner_id"))
                    var state = states[zoneID] ?? ZoneState()
                    let visible =
                        row.text("status") == CloudShareAcceptance.accepted.rawValue && !row.bool("share_deleted")
                        && !row.bool("zone_deleted")
                    state.visible = state.visible || visible
                    state.changedAt = max(
                        state.changedAt, row.int("zone_seq"), row.int("participant_seq"), row.int("share_seq"))
                    states[zoneID] = state
                }
                var zones: [CloudZoneChange] = []
                var owners = Set<String>()
                for (zoneID, state) in states.sorted(by: { $0.key.description < $1.key.description }) {
                    let owner = zoneID.ownerRecordName ?? ""
                    owners.insert(owner)
                    if let positions {
                        guard state.changedAt > positions[owner] ?? 0 else { continue }
                        zones.append(CloudZoneChange(zoneID: zoneID, deleted: !state.visible))
                    } else if state.visible {
                        zones.append(CloudZoneChange(zoneID: zoneID, deleted: false))
                    }
                }
                var reached: [String: Int64] = positions ?? [:]
                for owner in owners { reached[owner] = max(try await self.currentSeq(tx, owner), reached[owner] ?? 0) }
                return CloudDatabaseChangesResponse(
                    zones: zones, syncToken: SyncTokenCodec.databaseToken(reached), moreComing: false)
            }
        }
    }
}
