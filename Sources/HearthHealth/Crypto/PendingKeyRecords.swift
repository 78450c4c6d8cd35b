import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import Logging

/// Key records fetched from the server, read as they arrive; one this device cannot read yet (it was made for
/// the key a recovery code brings back, or its signer is not trusted) is kept with the reason and read again
/// with every later page and after every round, so entering the recovery code later is enough.
enum PendingKeyRecords {
    /// Reads `records` and every key record left unread before. Each that fails is kept, with its reason.
    static func read(_ records: [CloudRecord], with protection: SealedRecordProtection, logger: Logger, _ db: Database)
        throws
    {
        let waiting = try Data.fetchAll(db, sql: "SELECT payload FROM healthPendingKeyRecord ORDER BY rowid")
            .compactMap { try? JSONDecoder().decode(CloudRecord.self, from: $0) }
        for record in waiting + records {
            do {
                try db.inSavepoint {
                    _ = try protection.saveFetched(record, db: db)
                    return .commit
                }
                try db.execute(
                    sql: "DELETE FROM healthPendingKeyRecord WHERE recordName = ?", arguments: [record.recordName])
            } catch {
                logger.info("Key record \(record.recordName) is kept to read later: \(error)")
                try db.execute(
                    sql: """
                        INSERT INTO healthPendingKeyRecord (recordName, payload, reason) VALUES (?, ?, ?)
                        ON CONFLICT (recordName) DO UPDATE SET payload = excluded.payload, reason = excluded.reason
                        """, arguments: [record.recordName, try JSONEncoder().encode(record), "\(error)"])
            }
        }
    }

    /// Reads again the key records kept unread (after a recovery code was entered, say).
    static func retry(zoneName: String, logger: Logger, _ db: Database) throws {
        try read([], with: SealedRecordProtection(zoneName: zoneName), logger: logger, db)
    }

    /// Whether a zone key made for `user` (on another device, for another identity) waits unread here.
    static func holdsZoneKey(for user: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql:
                "SELECT EXISTS (SELECT 1 FROM healthPendingKeyRecord WHERE recordName LIKE 'zonekey.\\_zone.%' ESCAPE '\\' AND recordName LIKE ?)",
            arguments: ["%." + user]) ?? false
    }

    /// Why each key record kept unread could not be read.
    static func problems(_ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "SELECT recordName, reason FROM healthPendingKeyRecord ORDER BY rowid")
            .map { "Key record \($0["recordName"] as String): \($0["reason"] as String)" }
    }
}
