public import Foundation
import GRDB
import HearthCore

extension GarageStore {
    /// Attaches the file at `path` (a receipt photo, an invoice) to a service log entry.
    /// - Throws: ``ServiceError`` (not found for the log or the file; validation failed for a folder).
    @discardableResult
    public func attach(_ path: String, to logID: UUID, caption: String? = nil) async throws -> ServiceLogAttachment {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ServiceError(
                .notFound, "There is no file at \(url.path); give the path of the receipt or photo to attach.")
        }
        guard !isDirectory.boolValue else {
            throw ServiceError.validationFailed("\(url.path) is a folder; attach a file inside it")
        }
        let caption = caption?.trimmingCharacters(in: .whitespacesAndNewlines)
        return try await write { tx in
            guard try ServiceLog.exists(tx.db, key: logID) else {
                throw ServiceError.notFound("Service log \(logID.uuidString)")
            }
            return try tx.insert(
                ServiceLogAttachment(
                    serviceLogID: logID, path: url.path, caption: caption?.isEmpty == false ? caption : nil,
                    createdAt: tx.now))
        }
    }

    /// The files attached to a vehicle's service logs, oldest first.
    public func attachments(of vehicleID: UUID) async throws -> [ServiceLogAttachment] {
        try await read { db in
            try ServiceLogAttachment.fetchAll(
                db,
                sql: """
                    SELECT a.* FROM \(ServiceLogAttachment.databaseTableName) a
                    JOIN \(ServiceLog.databaseTableName) l ON l.id = a.serviceLogID
                    WHERE l.vehicleID = ? ORDER BY l.performedDate, a.createdAt, a.rowid
                    """, arguments: [vehicleID])
        }
    }

    /// Removes an attachment; the file itself is left alone.
    public func removeAttachment(_ id: UUID) async throws {
        try await write { tx in
            guard try tx.delete(ServiceLogAttachment.self, id: id) else {
                throw ServiceError.notFound("Attachment \(id.uuidString)")
            }
        }
    }
}
