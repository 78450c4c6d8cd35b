import Crypto
import Foundation
import HearthCloudModel
import HearthCore
public import HearthSync

/// Moves attachment files between the device and the server's assets, sealed end to end: the server only
/// ever holds ciphertext.
///
/// Each file is sealed with ChaCha20-Poly1305 under a key of its own, made on the device when the file is
/// first sent; that key travels only inside the attachment's entry, which is sealed with the record's other
/// fields, so whoever can open the record (the user's devices, the people it is shared with) can open the
/// file, and the server cannot. The sealed bytes are bound to the attachment's id: a file swapped for another
/// attachment's fails to open.
public struct HealthAttachmentTransfer: Sendable {
    public let attachments: HealthAttachmentService
    let client: CloudClient

    public init(attachments: HealthAttachmentService, client: CloudClient) {
        self.attachments = attachments
        self.client = client
    }

    /// Seals and uploads the files of cloud-enabled records not sent yet, and notes each upload in its entry
    /// (which queues the record). Returns the problems, one line per attachment that could not be sent.
    @discardableResult
    public func upload() async throws -> [String] {
        var problems: [String] = []
        let enabled = Set(try await attachments.records.records().filter(\.isCloudEnabled).map(\.uuid))
        for found in try await attachments.attachments() where enabled.contains(found.recordID) {
            var attachment = found.attachment
            guard attachment.sealedChecksum == nil else { continue }
            do {
                guard let data = try await attachments.contents(of: attachment) else { continue }
                let key = SymmetricKey(size: .bits256)
                let sealed = try ChaChaPoly.seal(data, using: key, authenticating: Self.binding(attachment.id))
                    .combined
                let asset = try await client.uploadAsset(sealed)
                attachment.sealedChecksum = asset.fileChecksum
                attachment.sealedByteCount = asset.size
                attachment.fileKey = key.withUnsafeBytes { Data($0) }.base64EncodedString()
                try await attachments.records.updateEntry(attachment, in: found.recordID)
            } catch {
                problems.append("Attachment \(attachment.fileName) was not sent: \(error)")
            }
        }
        return problems
    }

    /// Downloads and opens the files of attachments that arrived without their file on this device. Returns
    /// the problems, one line per attachment that could not be fetched or opened.
    @discardableResult
    public func download() async throws -> [String] {
        var problems: [String] = []
        for found in try await attachments.attachments() {
            let attachment = found.attachment
            guard let checksum = attachment.sealedChecksum, let encodedKey = attachment.fileKey,
                !FileManager.default.fileExists(atPath: attachments.fileURL(of: attachment).path)
            else { continue }
            do {
                guard let keyData = Data(base64Encoded: encodedKey), keyData.count == 32 else {
                    throw ServiceError(.corrupted, "its key is not 32 bytes of base64")
                }
                let sealed = try await client.downloadAsset(checksum: checksum)
                guard sealed.count == Int(attachment.sealedByteCount ?? -1) else {
                    throw ServiceError(.corrupted, "the server sent \(sealed.count) bytes, not the file's sealed size")
                }
                let data: Data
                do {
                    data = try ChaChaPoly.open(
                        ChaChaPoly.SealedBox(combined: sealed), using: SymmetricKey(data: keyData),
                        authenticating: Self.binding(attachment.id))
                } catch {
                    throw ServiceError(
                        .corrupted, "it failed its integrity check: the server's copy was altered or swapped")
                }
                try await attachments.store(data, for: attachment)
            } catch {
                problems.append("Attachment \(attachment.fileName) was not downloaded: \(error)")
            }
        }
        return problems
    }

    /// The authenticated data of an attachment's sealed file.
    static func binding(_ id: UUID) -> Data {
        Data("hearth.health.attachment.v1\n\(id.uuidString.lowercased())".utf8)
    }
}
