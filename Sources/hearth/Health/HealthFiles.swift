import Foundation
import HearthCore
import HearthStore

/// The files health commands write and read: exports protected like the PDFs (0600, AES-GCM with the key in
/// HEARTH_ENCRYPTION_KEY), and imports that may be such exports.
enum HealthFiles {
    /// The key in HEARTH_ENCRYPTION_KEY, or nil when it is not set.
    static func key() throws -> EncryptionKey? {
        try EncryptionKey.fromEnvironment()
    }

    /// The contents of `url`, decrypted when `hearth health export` encrypted it (which needs the key).
    /// - Throws: ``ServiceError`` when the file is missing, or encrypted and the key is missing or wrong.
    static func read(_ url: URL) throws -> Data {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw ServiceError.notFound("The file \(url.path)") }
        guard ProtectedFileStore.isSealed(data) else { return data }
        let store = ProtectedFileStore(directory: url.deletingLastPathComponent(), key: try key())
        guard let opened = try store.read(url.lastPathComponent) else {
            throw ServiceError.notFound("The file \(url.path)")
        }
        return opened
    }
}
