public import Foundation
public import HearthCore

/// A scanned report or photo attached to an entry of a medical record. The file itself lives on the device,
/// 0600 in the attachments folder beside the health database, named by the attachment's id; this is what the
/// record knows about it, and it syncs with the record's other entries (sealed with them).
public struct HealthAttachment: HealthEntry {
    public static let kind = HealthEntryKind.attachment
    public var id = UUID()
    /// The entry the file belongs to.
    public var entryID: UUID
    /// The day it was attached.
    public var date: CalendarDay?
    /// The file's name as it was attached (without folders).
    public var fileName: String
    public var mediaType: AttachmentMediaType
    public var byteCount: Int64
    /// The lowercase hex SHA-256 of the file's bytes.
    public var sha256: String
    public var caption = ""
    /// The sealed copy on the server, once it has been uploaded: the checksum and size of the ciphertext.
    public var sealedChecksum: String?
    public var sealedByteCount: Int64?
    /// The key (base64, 32 bytes) the sealed copy is encrypted with; it travels only inside the record's
    /// sealed fields, so only holders of the record's key can read the file.
    public var fileKey: String?

    public init(
        id: UUID = UUID(), entryID: UUID, date: CalendarDay? = nil, fileName: String,
        mediaType: AttachmentMediaType, byteCount: Int64, sha256: String, caption: String = ""
    ) {
        self.id = id
        self.entryID = entryID
        self.date = date
        self.fileName = fileName
        self.mediaType = mediaType
        self.byteCount = byteCount
        self.sha256 = sha256
        self.caption = caption
    }

    /// The name of the file on the device.
    public var storedName: String { id.uuidString.lowercased() + "." + mediaType.fileExtension }

    public func problems() -> [String] {
        var problems: [String] = []
        if fileName.isEmpty || fileName.count > 255 || fileName.contains("/") {
            problems.append("An attachment's file name must be 1 to 255 characters without slashes")
        }
        if byteCount <= 0 || byteCount > AttachmentMediaType.maxBytes {
            problems.append(
                "An attachment holds 1 to \(AttachmentMediaType.maxBytes) bytes; this one says \(byteCount)")
        }
        if sha256.count != 64 || !sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
            problems.append("An attachment's sha256 must be 64 lowercase hex digits")
        }
        if caption.count > 500 { problems.append("A caption is at most 500 characters; this one has \(caption.count)") }
        return problems
    }
}
