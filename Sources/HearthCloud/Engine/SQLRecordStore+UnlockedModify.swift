import HearthCloudModel

extension SQLRecordStore {
    /// A batch in the caller's own zone on PostgreSQL, in two statements and no transaction around them, or nil
    /// when it needs the locked transaction of ``modifyRecords(_:scope:request:)`` instead.
    ///
    /// The first statement reads, in one snapshot, the owner's change counter and storage, the zone, whether any
    /// record of the zone is the root of a share, and the stored records the batch names. The batch is then
    /// checked as the locked transaction checks it. The second statement writes the rows, the zone's counter and
    /// the owner's, and sends the change notice, all only if the owner's counter is still the one read: every
    /// write to a user's records, zones and shares moves that counter, so an unchanged counter means that what
    /// was read is still so, and the row lock its update takes keeps it so until the statement commits. When
    /// the counter moved, nothing was written and nil sends the batch the locked way. An answer that writes
    /// nothing (a refused atomic batch, say) is given from the snapshot, as the locked transaction would have.
    ///
    /// Batches that read or write more than rows take the locked way from the start: assets, deletions (which
    /// cascade), hierarchies that move, zones with shared roots, and saved-again records that also add references
    /// (their old references go first, which one statement cannot order).
    func modifyUnlocked(
        _ postgres: PostgresDatabase, principal: CloudPrincipal, zone: CloudZoneID, prepared: [PreparedOperation],
        reads: ModifyReads, atomic: Bool, desiredKeys: Set<String>?, now: Int64
    ) async throws -> CloudRecordsModifyResponse? {
        guard reads.checksums.isEmpty, !reads.names.isEmpty, reads.names.count <= 500, !prepared.contains(where: { !$0.isSave }),
              CloudNames.zoneProblem(zone.zoneName) == nil,
              zone.ownerRecordName == nil || zone.ownerRecordName == principal.userID
        else { return nil }
        do {
            return try await postgres.autocommit { statements in
                let rows = try await statements.query(
                    """
                    SELECT z.pk AS zone_pk, z.incarnation AS zone_incarnation, z.horizon AS zone_horizon, a.change_seq AS owner_seq,
                    a.storage_bytes AS owner_storage, EXISTS (SELECT 1 FROM shares s WHERE s.zone_pk = z.pk AND s.deleted = 0 AND s.root_name IS NOT NULL) AS shared,
                    \(StoredRecord.qualifiedColumns)
                    FROM accounts a JOIN zones z ON z.owner_id = a.id AND z.name = ? AND z.deleted = 0
                    LEFT JOIN records r ON r.zone_pk = z.pk AND r.name IN (\(placeholders(reads.names.count)))
                    WHERE a.id = ?
                    """,
                    [.text(zone.zoneName)] + reads.names.map(SQLValue.text) + [.text(principal.userID)]
                )
                // No zone (or no account): the locked way gives the error.
                guard let first = rows.first, !first.bool("shared") else { return nil }
                let owner = OwnerState(changeSeq: first.int("owner_seq"), storageBytes: first.int("owner_storage"))
                let access = ZoneAccess(
                    zonePK: first.int("zone_pk"), incarnation: first.int("zone_incarnation"), horizon: first.int("zone_horizon"),
                    ownerID: principal.userID, zoneName: zone.zoneName, isOwner: true, zoneWide: nil, roots: [:], ownerSeq: owner.changeSeq)
                var existing: [String: StoredRecord] = [:]
                for row in rows where row.optionalText("name") != nil { existing[row.text("name")] = StoredRecord(row: row) }

                let plan = try self.planModify(
                    principal: principal, access: access, owner: owner, prepared: prepared, existing: existing,
                    shareRoots: [:], usableAssets: [], atomic: atomic, now: now)
                guard !plan.writes.isEmpty else { return plan.response(shareRoots: [:], zoneID: access.zoneID, desiredKeys: desiredKeys) }
                let replaced = plan.replaced.map(SQLValue.text)
                let links = plan.links(prepared, access: access)
                guard plan.writesRowsOnly, links.assets.isEmpty, replaced.isEmpty || links.references.isEmpty else { return nil }

                let applies = "EXISTS (SELECT 1 FROM unchanged)"
                var clauses = ["unchanged AS (UPDATE accounts SET change_seq = ?, storage_bytes = storage_bytes + ? WHERE id = ? AND change_seq = ? RETURNING id)"]
                var binds: [SQLValue] = [.int(plan.seq), .int(plan.storageDelta), .text(principal.userID), .int(owner.changeSeq)]
                clauses.append("saved AS (INSERT INTO records (zone_pk, \(StoredRecord.columns)) SELECT * FROM (VALUES \(Self.rowValues(plan.writes.count))) AS v WHERE \(applies) \(Self.upsertClause))")
                binds += plan.writes.flatMap { $0.row.binds(zonePK: access.zonePK) }
                clauses.append("zone AS (UPDATE zones SET seq = ? WHERE pk = ? AND \(applies))")
                binds += [.int(plan.seq), .int(access.zonePK)]
                if !replaced.isEmpty {
                    clauses.append("old_refs AS (DELETE FROM record_refs WHERE zone_pk = ? AND source_name IN (\(placeholders(replaced.count))) AND \(applies))")
                    clauses.append("old_assets AS (DELETE FROM asset_refs WHERE zone_pk = ? AND record_name IN (\(placeholders(replaced.count))) AND \(applies))")
                    binds += [.int(access.zonePK)] + replaced + [.int(access.zonePK)] + replaced
                }
                if !links.references.isEmpty {
                    clauses.append("refs AS (INSERT INTO record_refs (zone_pk, target_name, source_name) SELECT * FROM (VALUES \(placeholderRows(links.references.count / 3, width: 3))) AS v WHERE \(applies) ON CONFLICT DO NOTHING)")
                    binds += links.references
                }
                let event = Self.changeEvent(
                    principal: principal, access: access, types: plan.touchedTypes, roots: plan.touchedRoots, structural: false,
                    names: plan.writes.map(\.row.name))
                binds += [.text(postgres.channel), .text(try event.notifyPayload())]
                let applied = try await statements.query("WITH \(clauses.joined(separator: ", ")) SELECT pg_notify(?, ?)::text AS notified FROM unchanged", binds)
                guard !applied.isEmpty else { return nil }
                return plan.response(shareRoots: [:], zoneID: access.zoneID, desiredKeys: desiredKeys)
            }
        } catch {
            throw failure(error)
        }
    }
}
