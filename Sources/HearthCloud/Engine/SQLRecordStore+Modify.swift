import Foundation
public import HearthCloudModel

extension SQLRecordStore {
    public func modifyRecords(
        _ principal: CloudPrincipal, scope: CloudDatabaseScope, request: CloudRecordsModifyRequest
    ) async throws -> CloudRecordsModifyResponse {
        let prepared = try PreparedOperation.batch(request, configuration: configuration, validator: validator)
        let atomic = request.atomic ?? true
        if atomic, let culprit = prepared.first(where: { !$0.isValid })?.problem {
            throw ModifyPlan.atomicFailure(
                prepared.map { $0.isValid ? nil : $0.problem.map(CloudItemResult.failure) }, operations: prepared,
                culprit: culprit)
        }
        let desiredKeys = request.desiredKeys.map(Set.init)
        let now = nowMilliseconds
        let zone = request.zoneID ?? .default
        let reads = ModifyReads(prepared, zoneName: zone.zoneName, userID: principal.userID)
        if scope == .private, let unlocked = database.autocommitting {
            if let answer = try await modifyUnlocked(
                unlocked, principal: principal, zone: zone, prepared: prepared, reads: reads, atomic: atomic,
                desiredKeys: desiredKeys, now: now)
            {
                return answer
            }
            // The locked way moves the owner's counter, so the zone's snapshot would only cost the next batch a
            // statement that writes nothing.
            zoneSnapshots.forget(ZoneSnapshots.Key(ownerID: principal.userID, zoneName: zone.zoneName))
        }
        return try await transaction(readOnly: false) { tx -> ModifyAnswer in
            let ownerID = scope == .private ? principal.userID : (request.zoneID?.ownerRecordName ?? "")
            if scope == .shared, ownerID.isEmpty {
                throw CloudError.badRequest(
                    "Zones in the shared database belong to other users: give zoneID.ownerRecordName as well as zoneName."
                )
            }
            let owner: OwnerState
            let access: ZoneAccess
            let fetched: ArraySlice<[SQLRow]>
            if scope == .private {
                // The lock, the zone and everything the batch reads go in one round trip: the reads find the zone
                // by owner and name, and run after the lock is held.
                let rows = try await tx.queries(
                    [
                        (Self.lockOwnerSQL, [.text(principal.userID)]),
                        (Self.zoneQuery, [.text(principal.userID), .text(zone.zoneName)]),
                    ]
                        + reads.statements(
                            zone: "(SELECT pk FROM zones WHERE owner_id = ? AND name = ? AND deleted = 0)",
                            [.text(principal.userID), .text(zone.zoneName)]))
                (owner, access) = try self.privateOwnerAndAccess(
                    principal, zone, lock: rows[0].first, zone: rows[1].first)
                fetched = rows[2...]
            } else {
                (owner, access) = try await self.lockOwnerAndResolveZone(tx, principal, scope, request.zoneID)
                fetched = try await tx.queries(reads.statements(zone: "?", [.int(access.zonePK)]))[...]
            }
            return try await self.applyModify(
                tx, principal: principal, access: access, owner: owner, prepared: prepared, reads: reads,
                fetched: fetched, atomic: atomic, desiredKeys: desiredKeys, now: now)
        }.response
    }

    private func applyModify(
        _ tx: any SQLTransaction, principal: CloudPrincipal, access: ZoneAccess, owner: OwnerState,
        prepared: [PreparedOperation], reads: ModifyReads, fetched: ArraySlice<[SQLRow]>, atomic: Bool,
        desiredKeys: Set<String>?, now: Int64
    ) async throws -> ModifyAnswer {
        let start = fetched.startIndex
        let shareRoots = Self.shareRoots(fetched[start])
        var existing: [String: StoredRecord] = [:]
        for rows in fetched[(start + 1)..<(start + 1 + reads.recordStatements)] {
            for row in rows { existing[row.text("name")] = StoredRecord(row: row) }
        }
        var usableAssets = Set<String>()
        for rows in fetched[(start + 1 + reads.recordStatements)...] {
            for row in rows { usableAssets.insert(row.text("checksum")) }
        }
        let plan = try ModifyPlan(
            principal: principal, access: access, owner: owner, prepared: prepared, existing: existing,
            shareRoots: shareRoots, usableAssets: usableAssets, atomic: atomic, now: now, configuration: configuration,
            validator: validator)
        guard !plan.writes.isEmpty else {
            return ModifyAnswer(plan: plan, shareRoots: shareRoots, zoneID: access.zoneID, desiredKeys: desiredKeys)
        }
        return try await writeModify(
            tx, plan: plan, principal: principal, access: access, prepared: prepared, shareRoots: shareRoots,
            desiredKeys: desiredKeys, now: now)
    }

    /// Writes what `plan` decided inside the locked transaction `tx`, with everything that follows from it.
    private func writeModify(
        _ tx: any SQLTransaction, plan: ModifyPlan, principal: CloudPrincipal, access: ZoneAccess,
        prepared: [PreparedOperation],
        shareRoots: [String: String], desiredKeys: Set<String>?, now: Int64
    ) async throws -> ModifyAnswer {
        let zonePK = access.zonePK
        let writes = plan.writes
        var seq = plan.seq
        var storageDelta = plan.storageDelta
        var touchedRoots = plan.touchedRoots
        var touchedTypes = plan.touchedTypes
        // When nothing below reads the records (no deletions to cascade, no hierarchy to move), their rows are
        // written together with the zone's and owner's counters and the change notice: one statement on PostgreSQL.
        let rowsGoLast = plan.writesRowsOnly
        var last: [(sql: String, binds: [SQLValue])] = []
        for chunk in stride(from: 0, to: writes.count, by: 400) {
            let slice = writes[chunk..<min(chunk + 400, writes.count)]
            let statement: (sql: String, binds: [SQLValue]) = (
                "INSERT INTO records (zone_pk, \(StoredRecord.columns)) VALUES \(Self.rowValues(slice.count)) \(Self.upsertClause)",
                slice.flatMap { $0.row.binds(zonePK: zonePK) }
            )
            if rowsGoLast { last.append(statement) } else { try await tx.send(statement.sql, statement.binds) }
        }

        // References and assets of the written records.
        let replaced = plan.replaced
        for chunk in stride(from: 0, to: replaced.count, by: 500) {
            let names = replaced[chunk..<min(chunk + 500, replaced.count)].map(SQLValue.text)
            try await tx.send(
                "DELETE FROM record_refs WHERE zone_pk = ? AND source_name IN (\(placeholders(names.count)))",
                [.int(zonePK)] + names)
            try await tx.send(
                "DELETE FROM asset_refs WHERE zone_pk = ? AND record_name IN (\(placeholders(names.count)))",
                [.int(zonePK)] + names)
        }
        let links = plan.links(prepared, access: access)
        if !links.references.isEmpty {
            try await tx.send(
                "INSERT INTO record_refs (zone_pk, target_name, source_name) VALUES \(placeholderRows(links.references.count / 3, width: 3)) ON CONFLICT DO NOTHING",
                links.references)
        }
        if !links.assets.isEmpty {
            try await tx.send(
                "INSERT INTO asset_refs (zone_pk, record_name, checksum) VALUES \(placeholderRows(links.assets.count / 3, width: 3)) ON CONFLICT DO NOTHING",
                links.assets)
        }

        // Shares whose root was deleted go with it.
        let deletedRoots = writes.filter(\.shareDeleted).map(\.row.name)
        for name in deletedRoots {
            seq += 1
            try await tx.send(
                "UPDATE shares SET deleted = 1, seq = ? WHERE zone_pk = ? AND root_name = ? AND deleted = 0", .int(seq),
                .int(zonePK), .text(name))
        }

        // Records under a record whose hierarchy root changed move with it.
        for write in writes where write.existed && !write.row.deleted && write.oldRoot != write.row.rootName {
            let descendants = try await tx.query(
                """
                WITH RECURSIVE sub(name) AS (
                    SELECT name FROM records WHERE zone_pk = ? AND parent_name = ? AND deleted = 0
                    UNION SELECT r.name FROM records r JOIN sub ON r.parent_name = sub.name WHERE r.zone_pk = ? AND r.deleted = 0)
                SELECT name FROM sub
                """,
                .int(zonePK), .text(write.row.name), .int(zonePK)
            )
            for descendant in descendants {
                seq += 1
                try await tx.send(
                    "UPDATE records SET root_name = ?, left_root = ?, seq = ? WHERE zone_pk = ? AND name = ?",
                    .text(write.row.rootName), SQLValue(write.oldRoot), .int(seq), .int(zonePK),
                    .text(descendant.text("name"))
                )
            }
        }

        // Records that asked to be deleted with a record deleted here.
        let cascade = try await cascadeDeletions(
            tx, zonePK: zonePK, deleted: writes.filter(\.row.deleted).map(\.row.name), principal: principal, now: now,
            seq: &seq)
        let cascaded = cascade.names
        storageDelta -= cascade.freed
        touchedRoots.formUnion(cascade.roots)
        touchedTypes.formUnion(cascade.types)

        last.append(("UPDATE zones SET seq = ? WHERE pk = ?", [.int(seq), .int(zonePK)]))
        last.append(Self.saveOwnerStatement(access.ownerID, changeSeq: seq, storageDelta: storageDelta))
        try await tx.sendTogether(
            last,
            publishing: Self.changeEvent(
                principal: principal, access: access, types: touchedTypes, roots: touchedRoots,
                structural: !deletedRoots.isEmpty,
                names: writes.map(\.row.name) + cascaded))

        return ModifyAnswer(
            plan: plan, shareRoots: shareRoots.filter { !deletedRoots.contains($0.key) }, zoneID: access.zoneID,
            desiredKeys: desiredKeys)
    }

    /// `count` rows of placeholders for the values of ``StoredRecord/binds(zonePK:)``.
    static func rowValues(_ count: Int) -> String { placeholderRows(count, width: 16) }

    /// What an insert of record rows does with a row that is already there: takes the new values.
    static let upsertClause = """
        ON CONFLICT (zone_pk, name) DO UPDATE SET type = excluded.type, fields = excluded.fields, seq = excluded.seq,
        deleted = excluded.deleted, parent_name = excluded.parent_name, root_name = excluded.root_name, left_root = excluded.left_root,
        created_at = excluded.created_at, created_by = excluded.created_by, created_device = excluded.created_device,
        modified_at = excluded.modified_at, modified_by = excluded.modified_by, modified_device = excluded.modified_device, size = excluded.size
        """

    /// The change event of a batch written in one zone.
    static func changeEvent(
        principal: CloudPrincipal, access: ZoneAccess, types: Set<String>, roots: Set<String>, structural: Bool,
        names: [String]
    ) -> CloudChangeEvent {
        CloudChangeEvent(
            ownerID: access.ownerID, originUserID: principal.userID, originDeviceID: principal.deviceID,
            zones: [
                .init(
                    zoneName: access.zoneName, recordTypes: types.sorted(), roots: roots.sorted(),
                    structural: structural, recordNames: names.sorted())
            ]
        )
    }
}
