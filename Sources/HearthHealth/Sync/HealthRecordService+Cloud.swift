import Foundation
import GRDB
import HearthCore
import HearthStore

extension HealthRecordService {
    /// Changes the device's own cloud bookkeeping of a record (its share name, whether sharing is on, the
    /// participants summary) without marking the record changed: none of it is sent, so nothing is queued.
    /// - Throws: ``ServiceError`` when the record is missing, or `change` touched anything else.
    @discardableResult
    func updateCloudBookkeeping(_ uuid: String, _ change: @escaping @Sendable (inout MedicalRecord) -> Void)
        async throws -> MedicalRecord
    {
        try await database.write { db in
            let previous = try Self.fetchRecord(db, uuid)
            var record = previous
            change(&record)
            guard HealthOutboxRecorder.synced(record) == HealthOutboxRecorder.synced(previous) else {
                throw ServiceError.operationFailed(
                    "Only the cloud bookkeeping of record \(uuid) may change here; edit the record through updateRecord."
                )
            }
            if record != previous { try Self.writeRow(db, record, insert: false) }
            return record
        }
    }

    /// Deletes the local copy of a record without telling the cloud (after leaving its share).
    func removeLocalCopy(_ uuid: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM healthRecord WHERE uuid = ?", arguments: [uuid])
        }
    }

    /// Queues record `uuid` to be sent again as it is (to be sealed again with a new key).
    func queueResend(_ uuid: String) async throws {
        let recorder = self.recorder
        try await database.write { db in
            try recorder?.recordSaved(try Self.fetchRecord(db, uuid), previous: nil, in: db)
        }
    }
}
