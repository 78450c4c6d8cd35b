public import GRDB
public import HearthCloudModel

/// The sync delegate's side of end-to-end encryption. Records are sealed and opened at the device's boundary
/// (``SealingCloudService``), so the engine hands the delegate plaintext and this passes it through; what
/// reaches it still sealed is a record the boundary could not open, and is opened here strictly, so the
/// engine keeps it aside with the reason (its key has not arrived yet, or it was altered) and applies it once
/// a later fetch brought the key. Key records are read here again, so a key that was refused is reported.
///
/// It is also right for a database that syncs without encryption: records without seals pass through.
public struct EndToEndProtection: HealthRecordProtection {
    private let vault: SealedRecordProtection

    public init(zoneName: String) {
        self.vault = SealedRecordProtection(zoneName: zoneName)
    }

    public func seal(_ record: CloudRecord, in zone: CloudZoneID, db: Database) throws -> CloudRecord { record }

    public func open(_ record: CloudRecord, db: Database) throws -> CloudRecord {
        record.fields["keyEpoch"] == nil ? record : try vault.open(record, db: db)
    }

    public func saveFetched(_ record: CloudRecord, db: Database) throws -> Bool {
        try vault.saveFetched(record, db: db)
    }
}
