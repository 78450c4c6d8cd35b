import Foundation

/// The bytes of a file, read through a fixed 64 KiB buffer for parsers that go one byte at a time, so
/// memory stays flat however large the file is. A UTF-8 byte-order mark at the start is skipped.
final class FileBytes {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false

    /// Opens `url`; throws ``PersistenceError`` (validation failed) when it cannot be read.
    init(url: URL) throws {
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw PersistenceError.validationFailed("Cannot read \(url.path): the file does not exist or is not readable")
        }
        try fill()
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    deinit { try? handle.close() }

    /// The next byte without consuming it; nil at the end of the file.
    @inline(__always)
    func peek() throws -> UInt8? {
        if position >= buffer.count {
            try fill()
            guard position < buffer.count else { return nil }
        }
        return buffer[position]
    }

    /// The next byte, consumed; nil at the end of the file.
    @inline(__always)
    func next() throws -> UInt8? {
        guard let byte = try peek() else { return nil }
        position += 1
        return byte
    }

    /// Consumes the byte ``peek()`` returned.
    @inline(__always)
    func skip() { position += 1 }

    private func fill() throws {
        guard !atEnd else { return }
        let chunk = try handle.read(upToCount: 1 << 16) ?? Data()
        if chunk.isEmpty { atEnd = true }
        buffer.removeFirst(position)
        position = 0
        buffer.append(contentsOf: chunk)
    }
}
