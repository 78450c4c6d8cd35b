import Crypto
public import Foundation
import GRDB
import HearthCore
import HearthStore

/// Files attached to the entries of medical records: the metadata is a ``HealthAttachment`` entry of the
/// entry's record (so it syncs, sealed, with the record), and the file is copied 0600 into a folder only its
/// owner can open, written atomically.
///
/// A file is checked before anything is written: a regular file of at most ``AttachmentMediaType/maxBytes``
/// (its size read before its bytes), whose first bytes say PDF, JPEG or PNG, attached to an entry that exists.
///
/// ```swift
/// let attachments = HealthAttachmentService(records: health, directory: HealthAttachmentService.directory(besideDatabase: url))
/// let scan = try await attachments.attach(fileAt: URL(fileURLWithPath: "scan.pdf"), to: entry.id)
/// ```
public actor HealthAttachmentService {
    /// An attachment and the record it belongs to.
    public struct Found: Sendable, Hashable, Codable {
        public var recordID: String
        public var attachment: HealthAttachment
    }

    public nonisolated let records: HealthRecordService
    /// The folder the files are kept in.
    public nonisolated let directory: URL
    private let files: ProtectedFileStore

    public init(records: HealthRecordService, directory: URL) {
        self.records = records
        self.directory = directory
        self.files = ProtectedFileStore(directory: directory)
    }

    /// The attachments folder of the health database at `url`: `NAME-attachments` beside it.
    public static func directory(besideDatabase url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(
            url.deletingPathExtension().lastPathComponent + "-attachments", isDirectory: true)
    }

    /// Copies the file at `url` into the attachments folder and attaches it to the entry `entryID`.
    /// - Throws: ``ServiceError`` (validation failed or not found) and nothing written, when the file is
    ///   missing, not a regular file, empty, too large or of another type, or the entry is unknown.
    @discardableResult
    public func attach(fileAt url: URL, to entryID: UUID, caption: String = "") async throws -> HealthAttachment {
        let data = try Self.readCandidate(url)
        guard let mediaType = AttachmentMediaType.sniff(data) else {
            throw ServiceError.validationFailed(
                "\(url.path) is not a PDF, JPEG or PNG file (its first bytes say otherwise, whatever its name); attach a scan as one of those"
            )
        }
        let recordID = try await self.recordID(ofEntry: entryID)
        let attachment = HealthAttachment(
            entryID: entryID, date: await records.today, fileName: url.lastPathComponent, mediaType: mediaType,
            byteCount: Int64(data.count), sha256: Self.sha256(data), caption: caption)
        try HealthRecordService.check(attachment)
        try files.write(data, to: attachment.storedName)
        do {
            try await records.addEntry(attachment, to: recordID)
        } catch {
            try? files.remove(attachment.storedName)
            throw error
        }
        return attachment
    }

    /// Every attachment, or those of the record `recordID`, oldest first.
    public func attachments(of recordID: String? = nil) async throws -> [Found] {
        try await records.database.read { db in
            var sql = "SELECT recordID, payload FROM healthEntry WHERE kind = ?"
            var arguments: StatementArguments = [HealthEntryKind.attachment.rawValue]
            if let recordID {
                guard try HealthRecordService.exists(db, recordID) else {
                    throw ServiceError.notFound("Medical record \(recordID)")
                }
                sql += " AND recordID = ?"
                arguments += [recordID]
            }
            return try Row.fetchAll(db, sql: sql + " ORDER BY recordID, position", arguments: arguments).map { row in
                Found(
                    recordID: row["recordID"],
                    attachment: try HealthRecordService.decode(
                        HealthAttachment.self, row["payload"], what: "attachment"))
            }
        }
    }

    /// The attachment `id`.
    public func attachment(_ id: UUID) async throws -> Found {
        let found = try await records.database.read { db -> Found? in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT recordID, payload FROM healthEntry WHERE id = ? AND kind = ?",
                    arguments: [id, HealthEntryKind.attachment.rawValue])
            else { return nil }
            return Found(
                recordID: row["recordID"],
                attachment: try HealthRecordService.decode(HealthAttachment.self, row["payload"], what: "attachment"))
        }
        guard let found else {
            throw ServiceError.notFound("Attachment \(id.uuidString) (see `hearth health attachments list`)")
        }
        return found
    }

    /// Where the file of `attachment` is kept on this device.
    public nonisolated func fileURL(of attachment: HealthAttachment) -> URL {
        directory.appendingPathComponent(attachment.storedName)
    }

    /// The bytes of `attachment`'s file, checked against its SHA-256; nil when the file is not on this device
    /// (yet: another device attached it and it has not been downloaded).
    public func contents(of attachment: HealthAttachment) throws -> Data? {
        guard let data = try files.read(attachment.storedName) else { return nil }
        guard Self.sha256(data) == attachment.sha256 else {
            throw ServiceError(
                .corrupted,
                "\(fileURL(of: attachment).path) does not hold the bytes attached (its SHA-256 differs); delete the attachment and attach the file again"
            )
        }
        return data
    }

    /// Keeps `data` as the file of `attachment` (a copy downloaded from the cloud), when it is those bytes.
    func store(_ data: Data, for attachment: HealthAttachment) throws {
        guard Int64(data.count) == attachment.byteCount, Self.sha256(data) == attachment.sha256 else {
            throw ServiceError(
                .corrupted, "The downloaded copy of attachment \(attachment.fileName) is not the file attached")
        }
        try files.write(data, to: attachment.storedName)
    }

    /// Deletes the attachment and its file.
    public func delete(_ id: UUID) async throws {
        let found = try await attachment(id)
        try await records.removeEntry(HealthAttachment.self, id: id)
        try files.remove(found.attachment.storedName)
    }

    /// Deletes the files no attachment names any more (their entry or record was deleted); returns how many.
    @discardableResult
    public func pruneFiles() async throws -> Int {
        let kept = Set(try await attachments().map(\.attachment.storedName))
        var removed = 0
        for name in try files.list() where !kept.contains(name) {
            try files.remove(name)
            removed += 1
        }
        return removed
    }

    // MARK: Checks

    private func recordID(ofEntry entryID: UUID) async throws -> String {
        let row = try await records.database.read { db -> (recordID: String, kind: String)? in
            try Row.fetchOne(db, sql: "SELECT recordID, kind FROM healthEntry WHERE id = ?", arguments: [entryID])
                .map { ($0["recordID"], $0["kind"]) }
        }
        guard let row else {
            throw ServiceError.notFound(
                "Entry \(entryID.uuidString) (see `hearth health record show RECORD` for the ids of a record's entries)"
            )
        }
        guard row.kind != HealthEntryKind.attachment.rawValue else {
            throw ServiceError.validationFailed(
                "Entry \(entryID.uuidString) is itself an attachment; attach the file to the entry it belongs to")
        }
        return row.recordID
    }

    /// The bytes of the regular file at `url`, its size checked before a byte is read.
    static func readCandidate(_ url: URL) throws -> Data {
        let path = url.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw ServiceError.notFound("The file \(path)")
        }
        guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
            throw ServiceError.validationFailed(
                "\(path) is not a regular file (a folder, device or socket); attach a PDF, JPEG or PNG file")
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        guard size > 0 else { throw ServiceError.validationFailed("\(path) is empty; attach a file with content") }
        guard size <= AttachmentMediaType.maxBytes else {
            throw ServiceError.validationFailed(
                "\(path) is \(size) bytes, over the limit of \(AttachmentMediaType.maxBytes) bytes per attachment; scan it at a lower resolution or split it"
            )
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ServiceError.operationFailed(
                "Could not open \(path): \(error.localizedDescription)", underlying: error)
        }
        defer { try? handle.close() }
        // Never more than the limit, even when the file grows while it is read.
        let data = (try? handle.read(upToCount: Int(AttachmentMediaType.maxBytes) + 1)) ?? Data()
        guard data.count <= Int(AttachmentMediaType.maxBytes) else {
            throw ServiceError.validationFailed(
                "\(path) grew past \(AttachmentMediaType.maxBytes) bytes while it was read; attach a smaller file")
        }
        guard !data.isEmpty else { throw ServiceError.validationFailed("\(path) is empty; attach a file with content") }
        return data
    }

    static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
