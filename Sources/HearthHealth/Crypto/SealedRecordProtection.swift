import Foundation
public import GRDB
public import HearthCloudModel
import HearthCore

/// End-to-end encryption of health records on their way to and from the server: every field except ids,
/// timestamps and the schema version is sealed on the device (``RecordSealing``), and the key records that
/// hand content keys around (``KeyEnvelope``, ``MemberKey``) are read as they arrive.
///
/// Which key seals a record: its own key once it is shared (each shared record has a key lineage of its own,
/// so the people in one share never hold another's key), otherwise its zone's key. Keys are made on first use
/// and kept by ``HealthKeyring`` in the same transaction as the record.
public struct SealedRecordProtection: Sendable {
    /// The zone health records live in.
    public let zoneName: String

    public init(zoneName: String) {
        self.zoneName = zoneName
    }

    /// `record`, in `zone` (its owner filled in), with its health fields sealed. `keys` keeps what was looked up
    /// for the next records of the same batch.
    public func seal(_ record: CloudRecord, in zone: CloudZoneID, db: Database) throws -> CloudRecord {
        try seal(record, in: zone, keys: KeyLookup(), db: db)
    }

    func seal(_ record: CloudRecord, in zone: CloudZoneID, keys: KeyLookup, db: Database) throws -> CloudRecord {
        let me = try signedInUser(keys, db)
        let owner = zone.ownerRecordName ?? me
        let key: ContentKey
        if owner == me {
            let recordScope = KeyScope(ownerRecordName: me, zoneName: zone.zoneName, rootRecordName: record.recordName)
            if try keys.hasRecordScope(owner: me, zoneName: zone.zoneName, root: record.recordName, db),
                let current = try keys.currentKey(of: recordScope, db)
            {
                key = current
            } else {
                let zoneScope = KeyScope(ownerRecordName: me, zoneName: zone.zoneName)
                if let current = try keys.currentKey(of: zoneScope, db) {
                    key = current
                } else if try PendingKeyRecords.holdsZoneKey(for: me, db) {
                    // Another device made the zone's key for another identity of this user: a key made here
                    // would split the records in two.
                    throw HealthVaultError.keyMissing(
                        "Record \(record.recordName) is not sent: your records are sealed with a key this device does not hold (it has a key of its own, fingerprint \(try HealthKeyring.identity(db).fingerprint)). Enter your recovery code here (`hearth health keys recover`), then sync again."
                    )
                } else {
                    key = try keys.beginEpoch(of: zoneScope, db)
                }
            }
        } else {
            let scope = KeyScope(ownerRecordName: owner, zoneName: zone.zoneName, rootRecordName: record.recordName)
            guard let current = try keys.currentKey(of: scope, db) else {
                throw HealthVaultError.keyMissing(
                    "Changes to record \(record.recordName) cannot be sent yet: this device has not received its key from \(owner). The owner's device hands it over on its next sync; then sync again."
                )
            }
            key = current
        }
        return try RecordSealing.seal(record, with: key)
    }

    /// The plaintext of a fetched `record`; a clear error when this device lacks its key or it was altered.
    public func open(_ record: CloudRecord, db: Database) throws -> CloudRecord {
        try open(record, keys: KeyLookup(), db: db)
    }

    func open(_ record: CloudRecord, keys: KeyLookup, db: Database) throws -> CloudRecord {
        let me = try signedInUser(keys, db)
        let owner = record.zoneID?.ownerRecordName ?? me
        let zone = record.zoneID?.zoneName ?? zoneName
        guard let header = RecordSealing.header(of: record) else {
            throw HealthVaultError.tampered(
                "Record \(record.recordName) arrived without end-to-end encryption. Hearth seals every health record on the device, so this one is refused: it did not come from a Hearth device."
            )
        }
        let scope = KeyScope(
            ownerRecordName: owner, zoneName: zone, rootRecordName: header.isRecordScope ? record.recordName : nil)
        guard let key = try keys.key(of: scope, epoch: header.epoch, db) else {
            let hint =
                owner == me
                ? "It was sealed on another of your devices: sync again once that device has synced, or enter your recovery code here (`hearth health keys recover`) if the key was made with another identity."
                : "\(owner)'s device hands the key over on its next sync after you accepted; sync again then. Your key's fingerprint is \(try HealthKeyring.identity(db).fingerprint)."
            throw HealthVaultError.keyMissing(
                "Record \(record.recordName) is sealed with key epoch \(header.epoch) of \(scope), which this device does not hold yet. \(hint)"
            )
        }
        return try RecordSealing.open(record, with: key)
    }

    /// Reads a fetched key record; false for any other record type.
    public func saveFetched(_ record: CloudRecord, db: Database) throws -> Bool {
        let me = try signedInUser(db)
        let owner = record.zoneID?.ownerRecordName ?? me
        let zone = record.zoneID?.zoneName ?? zoneName
        switch record.recordType {
        case KeyEnvelope.recordType:
            let envelope = try KeyEnvelope(record: record, ownerRecordName: owner, zoneName: zone)
            // The owner sees every member's envelope; only one's own is opened.
            guard envelope.recipientRecordName == me else { return true }
            let identity = try HealthKeyring.identity(db)
            let trusted = owner == me ? identity.publicIdentity : try HealthKeyring.trustedOwner(owner, db)
            let key = try envelope.open(with: identity, trustedOwner: trusted)
            if trusted == nil { try HealthKeyring.trust(envelope.owner, asOwner: owner, db) }
            try HealthKeyring.store(key, db)
            return true
        case MemberKey.recordType:
            // Only the owner hands keys to members.
            guard owner == me else { return true }
            let member = try MemberKey(record: record, ownerRecordName: owner, zoneName: zone)
            guard member.userRecordName != me else { return true }
            try HealthKeyring.storeMemberKey(member, db)
            return true
        default:
            return false
        }
    }

    private func signedInUser(_ db: Database) throws -> String {
        try signedInUser(KeyLookup(), db)
    }

    private func signedInUser(_ keys: KeyLookup, _ db: Database) throws -> String {
        guard let me = try keys.userRecordName(db) else {
            throw ServiceError.notAuthenticated(
                "End-to-end encryption needs to know who is signed in: sync with the server once first (`hearth health sync --server URL`)."
            )
        }
        return me
    }
}
