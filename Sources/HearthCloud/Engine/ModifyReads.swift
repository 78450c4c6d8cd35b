import HearthCloudModel

/// What a batch reads before it writes: the stored records it names, their parents and same-zone reference
/// targets, the zone's record shares and the assets it refers to.
struct ModifyReads: Sendable {
    let names: [String]
    let checksums: [String]
    let userID: String

    init(_ prepared: [PreparedOperation], zoneName: String, userID: String) {
        var wanted = Set(prepared.map(\.name))
        var checksums = Set<String>()
        for op in prepared where op.isSave && op.isValid {
            if let parent = op.operation.record.parent?.recordName { wanted.insert(parent) }
            for reference in op.references { wanted.insert(reference.target) }
            checksums.formUnion(op.assetChecksums)
        }
        self.names = Array(wanted)
        self.checksums = Array(checksums)
        self.userID = userID
    }

    /// How many of ``statements(zone:_:)`` read records (after the share roots, before the assets).
    var recordStatements: Int { (names.count + 499) / 500 }

    /// The reads, with the zone's key written as `zone` (a placeholder or a subquery) bound to `zoneBinds`:
    /// the share roots, the records in chunks of 500 names, then the uploaded and referenced assets.
    func statements(zone: String, _ zoneBinds: [SQLValue]) -> [(sql: String, binds: [SQLValue])] {
        var reads: [(sql: String, binds: [SQLValue])] = [(SQLRecordStore.shareRootsSQL(zone: zone), zoneBinds)]
        for chunk in stride(from: 0, to: names.count, by: 500) {
            let slice = names[chunk..<min(chunk + 500, names.count)]
            reads.append(
                (
                    "SELECT \(StoredRecord.columns) FROM records WHERE zone_pk = \(zone) AND name IN (\(placeholders(slice.count)))",
                    zoneBinds + slice.map(SQLValue.text)
                ))
        }
        if !checksums.isEmpty {
            reads.append(
                (
                    "SELECT checksum FROM asset_uploads WHERE account_id = ? AND checksum IN (\(placeholders(checksums.count)))",
                    [.text(userID)] + checksums.map(SQLValue.text)
                ))
            reads.append(
                (
                    "SELECT checksum FROM asset_refs WHERE zone_pk = \(zone) AND checksum IN (\(placeholders(checksums.count)))",
                    zoneBinds + checksums.map(SQLValue.text)
                ))
        }
        return reads
    }
}
