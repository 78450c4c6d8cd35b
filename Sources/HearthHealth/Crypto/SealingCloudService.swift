import Foundation
import GRDB
public import HearthCloudModel
import HearthCore
public import HearthStore
public import HearthSync
public import Logging

/// The device's boundary for health records: a ``CloudService`` that seals every `MedicalRecord` it sends
/// and opens every one it receives, so the sync engine, its conflict merges and its ancestors work on
/// plaintext on the device while the server only ever holds sealed fields.
///
/// Key records in a fetched page (``KeyEnvelope``, ``MemberKey``) are read before the page's records are
/// opened, so a key and the records it seals can arrive together. A fetched record this device cannot open
/// yet (its key has not been handed over) is passed on still sealed: the engine's delegate then refuses it
/// with the reason (``SealedRecordProtection/open(_:db:)``), keeps it aside, and applies it once a later fetch
/// brought the key. The server's copy in a conflict must open, or the send fails: a merge needs plaintext.
///
/// ```swift
/// let cloud = SealingCloudService(client, database: health.database, zoneName: HealthSync.zoneName)
/// let engine = SyncEngine(database: health.database, outbox: health.outbox, cloud: cloud)
/// ```
public struct SealingCloudService: CloudService {
    let inner: any CloudService
    let vault: Vault

    /// Wraps `inner`, with keys kept in `database` (which must include ``HealthKeySchema``).
    public init(
        _ inner: any CloudService, database: AppDatabase, zoneName: String,
        logger: Logger = Logger(label: "hearth.health.keys")
    ) {
        self.init(
            inner: inner,
            vault: Vault(database: database, protection: SealedRecordProtection(zoneName: zoneName), logger: logger))
    }

    private init(inner: any CloudService, vault: Vault) {
        self.inner = inner
        self.vault = vault
    }

    public func database(_ scope: CloudDatabaseScope) -> any CloudDatabase {
        SealingCloudDatabase(inner: inner.database(scope), vault: vault)
    }

    /// Who is signed in; remembered, so records are sealed for the right zone owner.
    public func caller() async throws -> CloudCaller {
        let caller = try await inner.caller()
        try await vault.database.write { db in try HealthKeyring.setUserRecordName(caller.userRecordName, db) }
        return caller
    }

    public func pushEvents() -> AsyncThrowingStream<CloudPushEvent, any Error> { inner.pushEvents() }

    public func forDevice(_ deviceID: String) -> any CloudService {
        SealingCloudService(inner: inner.forDevice(deviceID), vault: vault)
    }

    /// The keys and the sealing rules, shared by the service and its databases.
    struct Vault: Sendable {
        let database: AppDatabase
        let protection: SealedRecordProtection
        let logger: Logger

        static let sealedType = "MedicalRecord"

        /// `operations` with every saved medical record sealed for the zone it goes to.
        func seal(_ operations: [CloudRecordOperation], zone: CloudZoneID?) async throws -> [CloudRecordOperation] {
            guard operations.contains(where: { $0.record.recordType == Self.sealedType && !$0.record.fields.isEmpty })
            else { return operations }
            return try await database.write { db in
                let keys = KeyLookup()
                let me = try keys.userRecordName(db)
                return try operations.map { operation in
                    guard operation.record.recordType == Self.sealedType, !operation.record.fields.isEmpty else {
                        return operation
                    }
                    var sealed = operation
                    let target = operation.record.zoneID ?? zone ?? CloudZoneID(zoneName: protection.zoneName)
                    let owned = CloudZoneID(zoneName: target.zoneName, ownerRecordName: target.ownerRecordName ?? me)
                    sealed.record = try protection.seal(operation.record, in: owned, keys: keys, db: db)
                    return sealed
                }
            }
        }

        /// Reads the key records among `records` (and those left unread before), then opens every medical
        /// record it holds the key of; the others stay sealed. `strict` fails instead (for records that must be
        /// merged). Key records are the device's own business: they are not passed on to the engine.
        func open(_ records: [CloudRecord], zone: CloudZoneID?, strict: Bool = false) async throws -> [CloudRecord] {
            guard records.contains(where: { $0.recordType == Self.sealedType || Self.isKeyRecord($0) }) else {
                return records
            }
            return try await database.write { db in
                let keyRecords = records.filter { Self.isKeyRecord($0) && !$0.deleted }.map { $0.located(in: zone) }
                if try !keyRecords.isEmpty
                    || (Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM healthPendingKeyRecord)") ?? false)
                {
                    try PendingKeyRecords.read(keyRecords, with: protection, logger: logger, db)
                }
                let keys = KeyLookup()
                return try records.compactMap { record in
                    if Self.isKeyRecord(record) { return nil }
                    guard record.recordType == Self.sealedType, !record.deleted else { return record }
                    guard record.fields["keyEpoch"] != nil else {
                        // Health fields that arrive unsealed did not come from a Hearth device: marked, so the
                        // delegate's strict open refuses the record with the reason.
                        guard record.fields.keys.contains(where: { !RecordSealing.clearFields.contains($0) }) else {
                            return record
                        }
                        var marked = record
                        marked.fields["keyEpoch"] = .int64(0)
                        return marked
                    }
                    do {
                        var opened = try protection.open(record.located(in: zone), keys: keys, db: db)
                        opened.zoneID = record.zoneID
                        return opened
                    } catch let error as ServiceError where !strict && error.code == HealthVaultError.keyMissingCode {
                        return record
                    }
                }
            }
        }

        static func isKeyRecord(_ record: CloudRecord) -> Bool {
            record.recordType == KeyEnvelope.recordType || record.recordType == MemberKey.recordType
        }
    }
}

extension CloudRecord {
    /// The record with its zone filled in from the request's or response's zone when it carries none.
    func located(in zone: CloudZoneID?) -> CloudRecord {
        guard zoneID == nil, let zone else { return self }
        var copy = self
        copy.zoneID = zone
        return copy
    }
}
