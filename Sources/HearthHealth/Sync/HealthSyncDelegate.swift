public import Foundation
public import GRDB
public import HearthCloudModel
import HearthCore
public import HearthSync

/// Turns cloud-enabled medical records into `MedicalRecord` cloud records and fetched records back into
/// records and entries (see ``HealthCloudRecord`` for the fields), through a ``HealthRecordProtection``.
///
/// Every record it produces is sealed for its zone (the user's own `PurusHealthShareZone`, owned by the
/// signed-in account, or the zone of the user who shared it), and every record it receives is opened
/// first. A fetched record is checked before anything is written (a message names the record and the
/// field otherwise, and the engine keeps it aside); the record and all its entries are then replaced in the
/// engine's transaction. Records that are not cloud-enabled are never produced: one that was turned off is
/// deleted on the server.
public struct HealthSyncDelegate: SyncDelegate {
    /// Seals records on the way out and opens them on the way in.
    public let protection: any HealthRecordProtection
    private let now: @Sendable () -> Date

    /// A delegate that passes every record through `protection`.
    /// - Parameter now: the clock fetched birthdates are checked against.
    public init(
        protection: any HealthRecordProtection = PlaintextProtection(), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.protection = protection
        self.now = now
    }

    public func record(for id: SyncRecordID, in db: Database) throws -> CloudRecord? {
        guard id.recordType == HealthSync.recordType,
            let record = try Self.localRecord(named: id.recordName, in: db),
            record.isCloudEnabled, !record.isMarkedForDeletion
        else { return nil }
        let entries = try HealthRecordService.fetchEntries(db, record.uuid)
        let plain = CloudRecord(
            recordName: id.recordName, recordType: HealthSync.recordType,
            fields: try HealthCloudRecord.fields(of: record, entries: entries))
        return try protection.seal(plain, in: try zone(of: record, in: db), db: db)
    }

    public func saveFetchedRecord(_ record: CloudRecord, in db: Database) throws {
        guard record.recordType == HealthSync.recordType else {
            if try protection.saveFetched(record, db: db) { return }
            throw ServiceError.validationFailed(
                "Record \(record.recordName) has type \(record.recordType), which Hearth's health records do not know; update Hearth on this device to sync it."
            )
        }
        let account = try SyncOutbox.signedInAccount(in: db)
        let owner = record.zoneID?.ownerRecordName ?? account
        var located = record
        located.zoneID = CloudZoneID(zoneName: record.zoneID?.zoneName ?? HealthSync.zoneName, ownerRecordName: owner)
        let plain = try protection.open(located, db: db)
        let today = CalendarDay(now(), in: HealthCloudRecord.utc).adding(days: 1)  // a day's grace for time zones ahead
        let (decoded, entries) = try HealthCloudRecord.decode(plain, today: today)
        var incoming = decoded

        let zoneOwner = owner == nil || owner == account ? nil : owner
        let existing =
            try HealthRecordService.exists(db, incoming.uuid)
            ? try HealthRecordService.fetchRecord(db, incoming.uuid) : nil
        if let existing, existing.cloudZoneOwner != zoneOwner {
            throw ServiceError(
                .conflict,
                "Record \(record.recordName) (MedicalRecord) from \(Self.describe(zoneOwner)) has the id of a record here from \(Self.describe(existing.cloudZoneOwner)); it is not applied, so neither is lost."
            )
        }
        incoming.isCloudEnabled = true
        incoming.cloudRecordName = record.recordName == incoming.uuid ? nil : record.recordName
        incoming.cloudZoneOwner = zoneOwner
        incoming.cloudShareRecordName = record.share?.recordName
        incoming.isSharingEnabled = zoneOwner == nil && record.share != nil
        incoming.shareParticipantsSummary = record.share == nil ? "" : existing?.shareParticipantsSummary ?? ""
        do {
            try HealthRecordService.writeRow(db, incoming, insert: existing == nil)
            try db.execute(sql: "DELETE FROM healthEntry WHERE recordID = ?", arguments: [incoming.uuid])
            for entry in entries.all { try HealthRecordService.insertEntry(db, entry, recordID: incoming.uuid) }
        } catch let error as DatabaseError {
            let reason =
                error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY
                ? "one of its entries has the id of an entry of another record here"
                : error.message ?? "\(error)"
            throw ServiceError(
                .validationFailed, "Record \(record.recordName) (MedicalRecord) cannot be stored: \(reason).",
                underlying: error)
        }
    }

    public func deleteFetchedRecord(_ id: SyncRecordID, in db: Database) throws {
        guard id.recordType == HealthSync.recordType, let record = try Self.localRecord(named: id.recordName, in: db)
        else { return }
        // Its entries go with it (the foreign key cascades).
        try db.execute(sql: "DELETE FROM healthRecord WHERE uuid = ?", arguments: [record.uuid])
    }

    /// The user's own cloud-enabled records (records shared by others are not the user's to upload).
    public func allRecordIDs(in db: Database) throws -> [SyncRecordID] {
        try HealthRecordService.decodeRecords(
            db, sql: "SELECT payload FROM healthRecord WHERE isCloudEnabled = 1 ORDER BY rowid"
        )
        .filter { $0.cloudZoneOwner == nil && !$0.isMarkedForDeletion }
        .map { SyncRecordID(recordType: HealthSync.recordType, recordName: HealthCloudRecord.recordName(of: $0)) }
    }

    // MARK: Helpers

    /// The zone `record` lives in, with its owner: the user who shared it, or the signed-in user.
    func zone(of record: MedicalRecord, in db: Database) throws -> CloudZoneID {
        if let owner = record.cloudZoneOwner {
            return CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: owner)
        }
        guard let account = try SyncOutbox.signedInAccount(in: db) else {
            throw ServiceError(
                .notAuthenticated,
                "Health records sync once an account is signed in; sign in (hearth health sync --email …) before sending record \(record.uuid)."
            )
        }
        return CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: account)
    }

    /// The local record that goes by `name` on the server: the one with that id, else the one whose cloud
    /// name it is.
    static func localRecord(named name: String, in db: Database) throws -> MedicalRecord? {
        if try HealthRecordService.exists(db, name) { return try HealthRecordService.fetchRecord(db, name) }
        return try HealthRecordService.decodeRecords(
            db, sql: "SELECT payload FROM healthRecord WHERE json_extract(payload, '$.cloudRecordName') = ? LIMIT 1",
            arguments: [name]
        ).first
    }

    private static func describe(_ owner: String?) -> String {
        owner.map { "the zone user \($0) shared" } ?? "your own zone"
    }
}
