import HearthCloudModel

extension SQLRecordStore {
    /// What deleting with a target removed.
    struct Cascade {
        var names: [String] = []
        /// Bytes of storage the deleted records used.
        var freed: Int64 = 0
        var roots = Set<String>()
        var types = Set<String>()
    }

    /// Deletes the live records that asked to be deleted with one of `deleted` (a `deleteSelf` reference),
    /// then those that asked to go with them, for at most 32 rounds; each gets the next sequence number.
    func cascadeDeletions(
        _ tx: any SQLTransaction, zonePK: Int64, deleted: [String], principal: CloudPrincipal, now: Int64,
        seq: inout Int64
    ) async throws -> Cascade {
        var cascade = Cascade()
        var targets = deleted
        var rounds = 0
        while !targets.isEmpty && rounds < 32 {
            rounds += 1
            var next: [String] = []
            for chunk in stride(from: 0, to: targets.count, by: 500) {
                let names = targets[chunk..<min(chunk + 500, targets.count)].map(SQLValue.text)
                let sources = try await tx.query(
                    """
                    SELECT r.name, r.size, r.root_name, r.type FROM record_refs f JOIN records r ON r.zone_pk = f.zone_pk AND r.name = f.source_name
                    WHERE f.zone_pk = ? AND f.target_name IN (\(placeholders(names.count))) AND r.deleted = 0
                    """,
                    [.int(zonePK)] + names
                )
                for source in sources {
                    seq += 1
                    try await tx.send(
                        "UPDATE records SET deleted = 1, fields = '{}', size = 0, seq = ?, modified_at = ?, modified_by = ?, modified_device = ? WHERE zone_pk = ? AND name = ?",
                        .int(seq), .int(now), .text(principal.userID), SQLValue(principal.deviceID), .int(zonePK),
                        .text(source.text("name"))
                    )
                    try await tx.send(
                        "DELETE FROM record_refs WHERE zone_pk = ? AND source_name = ?", .int(zonePK),
                        .text(source.text("name")))
                    try await tx.send(
                        "DELETE FROM asset_refs WHERE zone_pk = ? AND record_name = ?", .int(zonePK),
                        .text(source.text("name")))
                    cascade.freed += source.int("size")
                    cascade.roots.insert(source.text("root_name"))
                    cascade.types.insert(source.text("type"))
                    next.append(source.text("name"))
                    cascade.names.append(source.text("name"))
                }
            }
            targets = next
        }
        return cascade
    }
}
