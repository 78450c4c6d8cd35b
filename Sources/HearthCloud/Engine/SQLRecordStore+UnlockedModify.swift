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
        _ postgres: any SQLAutocommitting, principal: CloudPrincipal, zone: CloudZoneID, prepared: [PreparedOperation],
        reads: ModifyReads, atomic: Bool, desiredKeys: Set<String>?, now: Int64
    ) async throws -> CloudRecordsModifyResponse? {
        guard reads.checksums.isEmpty, !reads.names.isEmpty, reads.names.count <= 500,
            !prepared.contains(where: { !$0.isSave }),
            CloudNames.zoneProblem(zone.zoneName) == nil,
            zone.ownerRecordName == nil || zone.ownerRecordName == principal.userID
        else { return nil }
        let key = ZoneSnapshots.Key(ownerID: principal.userID, zoneName: zone.zoneName)
        let batch = UnlockedBatch(
            principal: principal, zoneName: zone.zoneName, prepared: prepared, atomic: atomic, desiredKeys: desiredKeys,
            now: now)
        do {
            return try await postgres.autocommit { statements in
                // Records the sender says are new (created, or replaced without a change tag), with every name the
                // batch reads among them, in a zone this process has seen: one statement, which also checks that
                // none of them exists.
                if Self.claimsNewRecords(prepared, reads: reads), let snapshot = self.zoneSnapshots[key] {
                    if let answer = try await self.writeUnlocked(
                        statements, postgres, batch, snapshot: snapshot, existing: nil, key: key)
                    {
                        return answer
                    }
                }
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
                guard let first = rows.first, !first.bool("shared") else {
                    self.zoneSnapshots.forget(key)
                    return nil
                }
                let snapshot = ZoneSnapshots.Snapshot(
                    zonePK: first.int("zone_pk"), incarnation: first.int("zone_incarnation"),
                    horizon: first.int("zone_horizon"),
                    ownerSeq: first.int("owner_seq"), ownerStorage: first.int("owner_storage"))
                self.zoneSnapshots.keep(snapshot, for: key)
                var existing: [String: StoredRecord] = [:]
                for row in rows where row.optionalText("name") != nil {
                    existing[row.text("name")] = StoredRecord(row: row)
                }
                return try await self.writeUnlocked(
                    statements, postgres, batch, snapshot: snapshot, existing: existing, key: key)
            }
        } catch {
            throw failure(error)
        }
    }

    /// Whether every operation saves a record its sender says is new, and the batch reads no other record (no
    /// parent or reference target outside it): then nothing read would change the plan but the records' absence.
    static func claimsNewRecords(_ prepared: [PreparedOperation], reads: ModifyReads) -> Bool {
        reads.names.count == prepared.count
            && prepared.allSatisfy { op in
                op.isValid
                    && (op.kind == .create || (op.kind == .replace && op.operation.record.recordChangeTag == nil))
            }
    }

    /// Plans the batch from `snapshot` and the stored records it names (`existing`, or nil to take them as absent)
    /// and writes it in one statement that applies only if the owner's counter is the snapshot's (and, with
    /// `existing` nil, none of the named records exists). Nil when nothing was written and the batch needs a read
    /// (`existing` nil) or the locked way.
    private func writeUnlocked(
        _ statements: any SQLTransaction, _ postgres: any SQLAutocommitting, _ batch: UnlockedBatch,
        snapshot: ZoneSnapshots.Snapshot, existing: [String: StoredRecord]?, key: ZoneSnapshots.Key
    ) async throws -> CloudRecordsModifyResponse? {
        let principal = batch.principal
        let owner = OwnerState(changeSeq: snapshot.ownerSeq, storageBytes: snapshot.ownerStorage)
        let access = ZoneAccess(
            zonePK: snapshot.zonePK, incarnation: snapshot.incarnation, horizon: snapshot.horizon,
            ownerID: principal.userID, zoneName: batch.zoneName, isOwner: true, zoneWide: nil, roots: [:],
            ownerSeq: owner.changeSeq)
        let plan: ModifyPlan
        if let existing {
            plan = try ModifyPlan(
                principal: principal, access: access, owner: owner, prepared: batch.prepared, existing: existing,
                shareRoots: [:], usableAssets: [], atomic: batch.atomic, now: batch.now, configuration: configuration,
                validator: validator)
            guard !plan.writes.isEmpty else {
                return plan.response(shareRoots: [:], zoneID: access.zoneID, desiredKeys: batch.desiredKeys)
            }
        } else {
            // Planned from a snapshot, only a batch that writes everything is answered; any refusal is the read's to give.
            guard
                let guess = try? ModifyPlan(
                    principal: principal, access: access, owner: owner, prepared: batch.prepared, existing: [:],
                    shareRoots: [:], usableAssets: [], atomic: batch.atomic, now: batch.now,
                    configuration: configuration, validator: validator),
                guess.writes.count == batch.prepared.count
            else { return nil }
            plan = guess
        }
        let replaced = plan.replaced.map(SQLValue.text)
        let links = plan.links(batch.prepared, access: access)
        guard plan.writesRowsOnly, links.assets.isEmpty, replaced.isEmpty || links.references.isEmpty else {
            return nil
        }

        let applies = "EXISTS (SELECT 1 FROM unchanged)"
        var unchanged =
            "UPDATE accounts SET change_seq = ?, storage_bytes = storage_bytes + ? WHERE id = ? AND change_seq = ?"
        var binds: [SQLValue] = [
            .int(plan.seq), .int(plan.storageDelta), .text(principal.userID), .int(owner.changeSeq),
        ]
        if existing == nil {
            let names = plan.writes.map { SQLValue.text($0.row.name) }
            unchanged += " AND EXISTS (SELECT 1 FROM zones WHERE pk = ? AND incarnation = ? AND deleted = 0)"
            unchanged +=
                " AND NOT EXISTS (SELECT 1 FROM records WHERE zone_pk = ? AND name IN (\(placeholders(names.count))))"
            binds += [.int(access.zonePK), .int(access.incarnation), .int(access.zonePK)] + names
        }
        var clauses = ["unchanged AS (\(unchanged) RETURNING id)"]
        clauses.append(
            "saved AS (INSERT INTO records (zone_pk, \(StoredRecord.columns)) SELECT * FROM (VALUES \(Self.rowValues(plan.writes.count))) AS v WHERE \(applies) \(Self.upsertClause))"
        )
        binds += plan.writes.flatMap { $0.row.binds(zonePK: access.zonePK) }
        clauses.append("zone AS (UPDATE zones SET seq = ? WHERE pk = ? AND \(applies))")
        binds += [.int(plan.seq), .int(access.zonePK)]
        if !replaced.isEmpty {
            clauses.append(
                "old_refs AS (DELETE FROM record_refs WHERE zone_pk = ? AND source_name IN (\(placeholders(replaced.count))) AND \(applies))"
            )
            clauses.append(
                "old_assets AS (DELETE FROM asset_refs WHERE zone_pk = ? AND record_name IN (\(placeholders(replaced.count))) AND \(applies))"
            )
            binds += [.int(access.zonePK)] + replaced + [.int(access.zonePK)] + replaced
        }
        if !links.references.isEmpty {
            clauses.append(
                "refs AS (INSERT INTO record_refs (zone_pk, target_name, source_name) SELECT * FROM (VALUES \(placeholderRows(links.references.count / 3, width: 3))) AS v WHERE \(applies) ON CONFLICT DO NOTHING)"
            )
            binds += links.references
        }
        let event = Self.changeEvent(
            principal: principal, access: access, types: plan.touchedTypes, roots: plan.touchedRoots, structural: false,
            names: plan.writes.map(\.row.name))
        binds += [.text(postgres.channel), .text(try event.notifyPayload())]
        let applied = try await statements.query(
            "WITH \(clauses.joined(separator: ", ")) SELECT pg_notify(?, ?)::text AS notified FROM unchanged", binds)
        guard !applied.isEmpty else {
            zoneSnapshots.forget(key)
            return nil
        }
        var after = snapshot
        after.ownerSeq = plan.seq
        after.ownerStorage += plan.storageDelta
        zoneSnapshots.keep(after, for: key)
        return plan.response(shareRoots: [:], zoneID: access.zoneID, desiredKeys: batch.desiredKeys)
    }
}
