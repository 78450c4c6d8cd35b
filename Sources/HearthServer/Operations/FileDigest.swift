import Crypto
import Foundation
import HearthCore

/// Files read in chunks, so a large asset never sits whole in memory: hashed, or copied while hashed.
enum FileDigest {
    static let chunkSize = 1 << 20

    /// The size and SHA-256 (lowercase hex) of the file at `url`.
    static func sha256(of url: URL) throws -> (bytes: Int64, sha256: String) {
        let input = try FileHandle(forReadingFrom: url)
        defer { try? input.close() }
        var hasher = SHA256()
        var bytes: Int64 = 0
        while let chunk = try input.read(upToCount: chunkSize), !chunk.isEmpty {
            hasher.update(data: chunk)
            bytes += Int64(chunk.count)
        }
        return (bytes, hex(hasher.finalize()))
    }

    /// Copies `source` to a new file `destination` (mode 0600), returning the size and SHA-256 of what was
    /// copied, which is what the copy holds even if the source changes meanwhile.
    static func copy(_ source: URL, to destination: URL) throws -> (bytes: Int64, sha256: String) {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        guard
            FileManager.default.createFile(
                atPath: destination.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw ServiceError(
                .operationFailed, "Could not create \(destination.path): check that its folder is writable.")
        }
        let output = try FileHandle(forWritingTo: destination)
        defer { try? output.close() }
        var hasher = SHA256()
        var bytes: Int64 = 0
        while let chunk = try input.read(upToCount: chunkSize), !chunk.isEmpty {
            hasher.update(data: chunk)
            try output.write(contentsOf: chunk)
            bytes += Int64(chunk.count)
        }
        return (bytes, hex(hasher.finalize()))
    }

    static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
