public import Foundation
import HearthCore

/// Bytes to read in chunks: a file read 64 KiB at a time, or bytes already in memory.
///
/// The readers of this module take their input from here, so that a file of any size is read with the same
/// small buffer and every error names the input.
public final class ChunkedInput {
    private enum Source {
        case file(FileHandle)
        case bytes([UInt8])
    }

    private let source: Source
    private let chunkSize: Int
    /// How the input is named in messages: the file's name, or what the caller chose.
    public let label: String
    /// Bytes handed out so far.
    public private(set) var bytesRead = 0
    /// The size of the input, when it is known (files and bytes).
    public let totalBytes: Int
    private var consumed = false

    /// Reads the file at `url`, `chunkSize` bytes at a time.
    /// - Throws: ``HearthCore/ServiceError`` (not found) naming the path when it cannot be opened.
    public init(url: URL, chunkSize: Int = 1 << 16) throws {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ServiceError(
                .notFound, "Cannot read \(url.path): the file does not exist or is not readable.", underlying: error)
        }
        source = .file(handle)
        self.chunkSize = max(1, chunkSize)
        label = url.lastPathComponent
        totalBytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Reads `bytes` already in memory (the head of a file, tests).
    public init(bytes: [UInt8], label: String = "the input") {
        source = .bytes(bytes)
        chunkSize = bytes.count
        self.label = label
        totalBytes = bytes.count
    }

    deinit {
        if case .file(let handle) = source { try? handle.close() }
    }

    /// Hands each chunk to `body`, in order, until it returns false or the input ends. A chunk is valid only
    /// during the call. Input that was read to its end once yields nothing more.
    /// - Throws: ``HearthCore/ServiceError`` (operation failed) when the file cannot be read, or what `body` throws.
    public func forEachChunk(_ body: (UnsafeBufferPointer<UInt8>) throws -> Bool) throws {
        while let more = try withNextChunk(body), more {}
    }

    /// Calls `body` with the next chunk and returns what it returns, or nil at the end of the input.
    func withNextChunk<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) throws -> T? {
        guard !consumed else { return nil }
        switch source {
        case .bytes(let all):
            consumed = true
            bytesRead = all.count
            return try all.withUnsafeBufferPointer(body)
        case .file(let handle):
            let data: Data?
            do {
                data = try handle.read(upToCount: chunkSize)
            } catch {
                throw ServiceError(
                    .operationFailed, "Could not read \(label): \(error.localizedDescription)", underlying: error)
            }
            guard let data, !data.isEmpty else {
                consumed = true
                return nil
            }
            bytesRead += data.count
            return try data.withUnsafeBytes { raw in try body(raw.bindMemory(to: UInt8.self)) }
        }
    }
}
