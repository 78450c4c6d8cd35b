import Crypto
import Foundation
import HearthCloudModel
import Hummingbird
import NIOCore

/// An asset's bytes as they arrived: written to a file in the data directory and hashed piece by piece, so an
/// upload is never held whole in memory, and refused the moment it passes its limit.
struct AssetUpload {
    /// The file holding the bytes; the caller removes it.
    let file: URL
    let size: Int64
    /// The lowercase hex SHA-256 of the bytes.
    let checksum: String

    /// Receives `body` into a new file in `directory`.
    /// - Parameters:
    ///   - limit: the most bytes taken; past it `tooLarge` is thrown and the file removed.
    /// - Throws: `tooLarge`, `BAD_REQUEST` for an empty body, `INTERNAL_ERROR` when the file cannot be written.
    static func receive(
        _ body: RequestBody, into directory: URL, limit: Int64, tooLarge: @autoclosure () -> CloudError
    ) async throws -> AssetUpload {
        let file = directory.appendingPathComponent("upload-\(UUID().uuidString.lowercased())")
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = try? FileHandle(forWritingTo: file)
        else {
            throw CloudError(
                .internalError,
                "The server could not write the upload to \(directory.path); its operator should check that disk.")
        }
        var hasher = SHA256()
        var size: Int64 = 0
        do {
            defer { try? handle.close() }
            for try await piece in body {
                size += Int64(piece.readableBytes)
                guard size <= limit else { throw tooLarge() }
                piece.withUnsafeReadableBytes { bytes in hasher.update(bufferPointer: bytes) }
                try handle.write(contentsOf: piece.readableBytesView)
            }
        } catch {
            try? FileManager.default.removeItem(at: file)
            if error is CloudError { throw error }
            throw CloudError(
                .internalError, "The upload could not be received or written: \(error.localizedDescription)")
        }
        guard size > 0 else {
            try? FileManager.default.removeItem(at: file)
            throw CloudError.badRequest("The upload is empty; send the file's bytes as the request body.")
        }
        let checksum = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        return AssetUpload(file: file, size: size, checksum: checksum)
    }

    /// The folder uploads are received in, emptied of anything a stopped server left there.
    static func prepareDirectory(in dataDirectory: URL) throws -> URL {
        let directory = dataDirectory.appendingPathComponent("uploads", isDirectory: true)
        let manager = FileManager.default
        if let leftovers = try? manager.contentsOfDirectory(atPath: directory.path) {
            for name in leftovers where name.hasPrefix("upload-") {
                try? manager.removeItem(at: directory.appendingPathComponent(name))
            }
        }
        try manager.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return directory
    }
}
