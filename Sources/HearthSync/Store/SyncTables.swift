import Foundation
import GRDB
import HearthCloudModel

/// The engine's queries on its tables; every function runs inside the caller's transaction.
enum SyncTables {
    // MARK: State

    static func state(_ key: String, in db: Database) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM syncState WHERE key = ?"), arguments: [key])
    }

    static func setState(_ key: String, _ value: String?, in db: Database) throws {
        if let value {
            try db.cachedStatement(
                sql:
                    "INSERT INTO syncState (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
            )
            .execute(arguments: [key, value])
        } else {
            try db.cachedStatement(sql: "DELETE FROM syncState WHERE key = ?").execute(arguments: [key])
        }
    }

    static func isEnabled(_ db: Database) throws -> Bool {
        try state("enabled", in: db) == "1"
    }

    /// Reserves `count` consecutive outbox sequence numbers (which also wakes a watching engine); returns the first.
    static func reserveSequence(_ count: Int, in db: Database) throws -> Int64 {
        try db.cachedStatement(sql: "UPDATE syncSignal SET counter = counter + ? WHERE id = 1").execute(arguments: [
            count
        ])
        let last =
            try Int64.fetchOne(db.cachedStatement(sql: "SELECT counter FROM syncSignal WHERE id = 1")) ?? Int64(count)
        return last - Int64(count) + 1
    }

    /// Clears everything the engine knows of the server (never the app's rows, never the device id).
    static func clearSyncState(in db: Database) throws {
        let deviceID = try state("deviceID", in: db)
        try db.execute(
            sql:
                "DELETE FROM syncState; DELETE FROM syncZone; DELETE FROM syncRecord; DELETE FROM syncOutbox; DELETE FROM syncDeferred;"
        )
        if let deviceID { try setState("deviceID", deviceID, in: db) }
    }

    // MARK: Zones

    static func zoneToken(_ zone: SyncZone, in db: Database) throws -> (
        token: CloudSyncToken?, refetchGeneration: Int64?
    )? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql:
                        "SELECT token, refetchGeneration FROM syncZone WHERE scope = ? AND zoneName = ? AND zoneOwner = ?"
                ),
                arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey]
            )
        else { return nil }
        return ((row["token"] as String?).map(CloudSyncToken.init(rawValue:)), row["refetchGeneration"])
    }

    static func saveZone(_ zone: SyncZone, token: CloudSyncToken?, refetchGeneration: Int64?, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO syncZone (scope, zoneName, zoneOwner, token, refetchGeneration) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (scope, zoneName, zoneOwner) DO UPDATE SET token = excluded.token, refetchGeneration = excluded.refetchGeneration
                """
        ).execute(arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey, token?.rawValue, refetchGeneration])
    }

    static func knownZones(in db: Database) throws -> [SyncZone] {
        try Row.fetchAll(db, sql: "SELECT scope, zoneName, zoneOwner FROM syncZone").map {
            SyncZone(scope: $0["scope"], zoneName: $0["zoneName"], ownerKey: $0["zoneOwner"])
        }
    }

    static func forgetZone(_ zone: SyncZone, in db: Database) throws {
        let arguments: StatementArguments = [zone.scope.rawValue, zone.zoneName, zone.ownerKey]
        try db.execute(
            sql: "DELETE FROM syncZone WHERE scope = ? AND zoneName = ? AND zoneOwner = ?", arguments: arguments)
        try db.execute(
            sql: "DELETE FROM syncRecord WHERE scope = ? AND zoneName = ? AND zoneOwner = ?", arguments: arguments)
        try db.execute(
            sql: "DELETE FROM syncDeferred WHERE scope = ? AND zoneName = ? AND zoneOwner = ?", arguments: arguments)
    }

    // MARK: Records

    static func meta(_ zone: SyncZone, _ recordName: String, in db: Database) throws -> RecordMeta? {
        try Row.fetchOne(
            db.cachedStatement(
                sql:
                    "SELECT scope, zoneName, zoneOwner, recordName, recordType, changeTag, ancestor FROM syncRecord WHERE scope = ? AND zoneName = ? AND zoneOwner = ? AND recordName = ?"
            ),
            arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey, recordName]
        ).map(RecordMeta.init(row:))
    }

    /// The zone a record is known in, by name alone.
    static func knownZone(ofRecord recordName: String, in db: Database) throws -> SyncZone? {
        if let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT scope, zoneName, zoneOwner FROM syncOutbox WHERE recordName = ? LIMIT 1"),
            arguments: [recordName])
        {
            return SyncZone(scope: row["scope"], zoneName: row["zoneName"], ownerKey: row["zoneOwner"])
        }
        if let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT scope, zoneName, zoneOwner FROM syncRecord WHERE recordName = ? LIMIT 1"),
            arguments: [recordName])
        {
            return SyncZone(scope: row["scope"], zoneName: row["zoneName"], ownerKey: row["zoneOwner"])
        }
        return nil
    }

    /// Saves what the engine knows of a record; `encodedAncestor`, when given, is `meta.ancestor` already
    /// encoded.
    static func saveMeta(_ meta: RecordMeta, encodedAncestor: Data? = nil, generation: Int64?, in db: Database) throws {
        let ancestor = try meta.ancestor.map { try encodedAncestor ?? SyncCoding.encodeRecord($0) }
        try db.cachedStatement(
            sql: """
                INSERT INTO syncRecord (scope, zoneName, zoneOwner, recordName, recordType, changeTag, ancestor, generation)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (scope, zoneName, zoneOwner, recordName) DO UPDATE SET
                    recordType = excluded.recordType, changeTag = excluded.changeTag, ancestor = excluded.ancestor,
                    generation = CASE WHEN excluded.generation > 0 THEN excluded.generation ELSE syncRecord.generation END
                """
        ).execute(arguments: [
            meta.zone.scope.rawValue, meta.zone.zoneName, meta.zone.ownerKey, meta.recordName, meta.recordType,
            meta.changeTag, ancestor, generation ?? 0,
        ])
    }

    static func markSeen(_ zone: SyncZone, _ recordName: String, generation: Int64, in db: Database) throws {
        try db.cachedStatement(
            sql:
                "UPDATE syncRecord SET generation = ? WHERE scope = ? AND zoneName = ? AND zoneOwner = ? AND recordName = ?"
        )
        .execute(arguments: [generation, zone.scope.rawValue, zone.zoneName, zone.ownerKey, recordName])
    }

    static func deleteMeta(_ zone: SyncZone, _ recordName: String, in db: Database) throws {
        try db.cachedStatement(
            sql: "DELETE FROM syncRecord WHERE scope = ? AND zoneName = ? AND zoneOwner = ? AND recordName = ?"
        )
        .execute(arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey, recordName])
    }

    /// Records of `zone` not seen in refetch `generation`: deleted on the server while the token was stale.
    static func unseen(_ zone: SyncZone, generation: Int64, in db: Database) throws -> [SyncRecordID] {
        try Row.fetchAll(
            db,
            sql:
                "SELECT recordType, recordName FROM syncRecord WHERE scope = ? AND zoneName = ? AND zoneOwner = ? AND generation <> ?",
            arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey, generation]
        ).map { SyncRecordID(recordType: $0["recordType"], recordName: $0["recordName"]) }
    }

    static func records(in zone: SyncZone, db: Database) throws -> [SyncRecordID] {
        try Row.fetchAll(
            db, sql: "SELECT recordType, recordName FROM syncRecord WHERE scope = ? AND zoneName = ? AND zoneOwner = ?",
            arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey]
        ).map { SyncRecordID(recordType: $0["recordType"], recordName: $0["recordName"]) }
    }

    // MARK: Outbox

    static func entry(_ zone: SyncZone, _ recordName: String, in db: Database) throws -> OutboxEntry? {
        try Row.fetchOne(
            db.cachedStatement(
                sql:
                    "SELECT \(OutboxEntry.columns) FROM syncOutbox WHERE scope = ? AND zoneName = ? AND zoneOwner = ? AND recordName = ?"
            ),
            arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey, recordName]
        ).map(OutboxEntry.init(row:))
    }

    /// Entries ready to send at `now`, oldest first.
    static func readyEntries(now: Int64, limit: Int, in db: Database) throws -> [OutboxEntry] {
        try Row.fetchAll(
            db.cachedStatement(
                sql:
                    "SELECT \(OutboxEntry.columns) FROM syncOutbox WHERE parked = 0 AND notBefore <= ? ORDER BY seq LIMIT ?"
            ),
            arguments: [now, limit]
        ).map(OutboxEntry.init(row:))
    }

    /// When the next entry put off by a failed send is due again (ms), or nil when none waits.
    static func nextRetryTime(in db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT MIN(notBefore) FROM syncOutbox WHERE parked = 0 AND notBefore > 0")
    }

    static func pendingCount(in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM syncOutbox") ?? 0
    }

    /// Removes the entry when it still holds the change that was sent (`seq`); a newer edit stays.
    @discardableResult
    static func removeEntry(_ zone: SyncZone, _ recordName: String, ifSeq seq: Int64?, in db: Database) throws -> Bool {
        if let seq {
            try db.cachedStatement(
                sql:
                    "DELETE FROM syncOutbox WHERE scope = ? AND zoneName = ? AND zoneOwner = ? AND recordName = ? AND seq = ?"
            )
            .execute(arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey, recordName, seq])
        } else {
            try db.cachedStatement(
                sql: "DELETE FROM syncOutbox WHERE scope = ? AND zoneName = ? AND zoneOwner = ? AND recordName = ?"
            )
            .execute(arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey, recordName])
        }
        return db.changesCount > 0
    }

    /// Puts the entry off until `notBefore`, counting the attempt; `parked` marks a change the server refused.
    static func deferEntry(
        _ zone: SyncZone, _ recordName: String, notBefore: Int64, parked: Bool, error: String?, in db: Database
    ) throws {
        try db.cachedStatement(
            sql: """
                UPDATE syncOutbox SET attempts = attempts + 1, notBefore = ?, parked = ?, lastError = ?
                WHERE scope = ? AND zoneName = ? AND zoneOwner = ? AND recordName = ?
                """
        ).execute(arguments: [notBefore, parked, error, zone.scope.rawValue, zone.zoneName, zone.ownerKey, recordName])
    }

    /// Replaces the unsent field times and snapshot of an entry after a merge.
    static func updateEntryFields(
        _ zone: SyncZone, _ recordName: String, fieldTimes: [String: Int64]?, snapshot: [String: CloudFieldValue]?,
        in db: Database
    ) throws {
        try db.cachedStatement(
            sql: """
                UPDATE syncOutbox SET fieldTimes = ?, snapshot = ?, notBefore = 0
                WHERE scope = ? AND zoneName = ? AND zoneOwner = ? AND recordName = ?
                """
        ).execute(arguments: [
            fieldTimes.map(SyncCoding.encodeTimes), try snapshot.map(SyncCoding.encodeFields),
            zone.scope.rawValue, zone.zoneName, zone.ownerKey, recordName,
        ])
    }

    /// Parked entries become ready again (on start, and every `parkedRetryInterval`).
    static func unparkAll(in db: Database) throws {
        try db.execute(sql: "UPDATE syncOutbox SET parked = 0, notBefore = 0 WHERE parked = 1")
    }

    static func problems(in db: Database) throws -> [String] {
        try Row.fetchAll(
            db,
            sql:
                "SELECT recordType, recordName, lastError FROM syncOutbox WHERE lastError IS NOT NULL ORDER BY seq LIMIT 50"
        ).map {
            "\($0["recordType"] as String) \($0["recordName"] as String): \($0["lastError"] as String)"
        }
            + Row.fetchAll(db, sql: "SELECT recordType, recordName, reason FROM syncDeferred LIMIT 50").map {
                "\($0["recordType"] as String) \($0["recordName"] as String) (from the server): \($0["reason"] as String)"
            }
    }

    // MARK: Deferred incoming changes

    static func deferIncoming(
        _ zone: SyncZone, _ id: SyncRecordID, record: CloudRecord?, reason: String, in db: Database
    ) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO syncDeferred (scope, zoneName, zoneOwner, recordName, recordType, record, reason) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (scope, zoneName, zoneOwner, recordName) DO UPDATE SET recordType = excluded.recordType, record = excluded.record, reason = excluded.reason
                """
        ).execute(arguments: [
            zone.scope.rawValue, zone.zoneName, zone.ownerKey, id.recordName, id.recordType,
            try record.map(SyncCoding.encodeRecord), reason,
        ])
    }

    static func deferredIncoming(in db: Database) throws -> [(zone: SyncZone, id: SyncRecordID, record: CloudRecord?)] {
        try Row.fetchAll(
            db,
            sql: "SELECT scope, zoneName, zoneOwner, recordName, recordType, record FROM syncDeferred ORDER BY rowid"
        ).map {
            (
                SyncZone(scope: $0["scope"], zoneName: $0["zoneName"], ownerKey: $0["zoneOwner"]),
                SyncRecordID(recordType: $0["recordType"], recordName: $0["recordName"]),
                ($0["record"] as Data?).flatMap(SyncCoding.decodeRecord)
            )
        }
    }

    static func removeDeferred(_ zone: SyncZone, _ recordName: String, in db: Database) throws {
        try db.cachedStatement(
            sql: "DELETE FROM syncDeferred WHERE scope = ? AND zoneName = ? AND zoneOwner = ? AND recordName = ?"
        )
        .execute(arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey, recordName])
    }
}
