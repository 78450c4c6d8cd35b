import Crypto
import Foundation
import HearthCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's own secret, in `server.key` in the data directory: 32 random bytes, mode 0600, made at the first
/// start. Codes mailed to accounts are stored under it, so the database alone (or a copy of it) cannot be searched
/// for them.
///
/// It is never in a backup: a restored server makes a new one, and codes that were out when the backup was made
/// stop working (their owners ask for new ones). Several servers on one PostgreSQL database need the same key:
/// copy `server.key` into each one's data directory.
enum ServerSecret {
    /// The file's name in the data directory.
    static let fileName = "server.key"
    static let byteCount = 32

    /// The key in `directory`, made when the file does not exist yet.
    /// - Throws: ``ServiceError`` naming the file when it cannot be read or written, or is not a key.
    static func load(in directory: URL) throws -> SymmetricKey {
        let file = directory.appendingPathComponent(fileName)
        let manager = FileManager.default
        if !manager.fileExists(atPath: file.path) {
            let key = SymmetricKey(size: .bits256)
            // Created 0600 and only if missing (O_EXCL): of two servers starting on one folder at once, one writes
            // the key and the other reads it.
            let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            if descriptor >= 0 {
                let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
                do {
                    try handle.write(contentsOf: key.withUnsafeBytes { Data($0) })
                    try handle.synchronize()
                    try handle.close()
                    return key
                } catch {
                    try? manager.removeItem(at: file)
                    throw unusable(file, "it could not be written (\(error.localizedDescription))")
                }
            }
        }
        guard let bytes = manager.contents(atPath: file.path) else {
            throw unusable(file, "it cannot be read")
        }
        guard bytes.count == byteCount else {
            throw unusable(
                file,
                "it holds \(bytes.count) bytes where a key is \(byteCount); remove it to have a new one made (codes already mailed then stop working)"
            )
        }
        let mode = ((try? manager.attributesOfItem(atPath: file.path))?[.posixPermissions] as? Int) ?? 0
        if mode & 0o077 != 0 {
            try? manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        }
        return SymmetricKey(data: bytes)
    }

    private static func unusable(_ file: URL, _ reason: String) -> ServiceError {
        ServiceError(.operationFailed, "The server's secret \(file.path) cannot be used: \(reason).")
    }
}
