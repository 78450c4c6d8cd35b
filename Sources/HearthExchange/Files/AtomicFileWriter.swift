public import Foundation
import HearthCore

/// Writes a file through a buffer, into a temporary file beside the destination that replaces it only
/// when everything was written: a failed export never leaves a partial file behind.
///
/// ```swift
/// let output = try AtomicFileWriter(url)
/// do {
///     try output.write("id,title\n")
///     try output.commit()
/// } catch {
///     output.discard()
///     throw error
/// }
/// ```
public final class AtomicFileWriter {
    private let destination: URL
    private let temporary: URL
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private let capacity: Int

    /// Starts writing `destination` (0600), through a buffer of `capacity` bytes.
    /// - Throws: ``HearthCore/ServiceError`` (operation failed) when the folder is missing or not writable.
    public init(_ destination: URL, capacity: Int = 1 << 18) throws {
        self.destination = destination
        self.capacity = capacity
        let folder = destination.deletingLastPathComponent()
        temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw ServiceError(
                .operationFailed,
                "Cannot write \(destination.path): the folder \(folder.path) is missing or not writable.")
        }
        handle = try FileHandle(forWritingTo: temporary)
        buffer.reserveCapacity(capacity)
    }

    /// Appends `text` as UTF-8.
    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity { try flush() }
    }

    /// Appends `data`.
    public func write(data: Data) throws {
        buffer.append(contentsOf: data)
        if buffer.count >= capacity { try flush() }
    }

    /// Appends through `body` without copying, flushing when the buffer is full.
    public func append(_ body: (inout [UInt8]) -> Void) throws {
        body(&buffer)
        if buffer.count >= capacity { try flush() }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw ServiceError(
                .operationFailed, "Could not write \(destination.path): \(error.localizedDescription)",
                underlying: error)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and moves the file into place, replacing any file there in one step.
    public func commit() throws {
        try flush()
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw ServiceError(
                .operationFailed, "Could not write \(destination.path): \(error.localizedDescription)",
                underlying: error)
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw ServiceError(.operationFailed, "Could not write \(destination.path): \(reason)")
        }
    }

    /// Throws the partial file away.
    public func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(at: temporary)
    }
}
