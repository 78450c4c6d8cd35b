public import Foundation
import HearthCore

/// Reads text one line at a time from a file of any size, with a bound on the length of a line.
///
/// The input is read in 64 KiB chunks; only the current line is kept. CR, LF and CRLF each end a line; a
/// UTF-8 byte-order mark is not data; a NUL byte means the input is not text; a line longer than
/// ``maximumLineBytes`` is refused before it is read whole, so a file without line ends cannot fill memory.
///
/// ```swift
/// let reader = try LineReader(url: url)
/// try reader.forEachLine { line, number in
///     print(number, String(decoding: line, as: UTF8.self))
///     return true   // false stops reading
/// }
/// ```
public final class LineReader {
    private let input: ChunkedInput
    /// The longest line accepted, in bytes.
    public let maximumLineBytes: Int

    /// Bytes read so far, for progress.
    public var bytesRead: Int { input.bytesRead }
    /// The size of the input in bytes.
    public var totalBytes: Int { input.totalBytes }
    /// How the input is named in messages.
    public var label: String { input.label }

    /// Reads the file at `url`.
    /// - Throws: ``HearthCore/ServiceError`` (not found) when the file cannot be opened.
    public init(url: URL, maximumLineBytes: Int = 1 << 16, chunkSize: Int = 1 << 16) throws {
        input = try ChunkedInput(url: url, chunkSize: chunkSize)
        self.maximumLineBytes = maximumLineBytes
    }

    /// Reads bytes already in memory (tests, the head of a file).
    public init(bytes: [UInt8], label: String = "the input", maximumLineBytes: Int = 1 << 16) {
        input = ChunkedInput(bytes: bytes, label: label)
        self.maximumLineBytes = maximumLineBytes
    }

    /// Calls `body` with each line (without its line end) and its 1-based number, blank lines included, until
    /// it returns false or the input ends. The bytes are valid only during the call.
    /// - Throws: ``HearthCore/ServiceError`` (validation failed) for binary data or a line over the bound,
    ///   naming the input and the line; or what `body` throws.
    public func forEachLine(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Bool) throws {
        var bytes = GrowableBuffer<UInt8>(capacity: 1_024)
        defer { bytes.deallocate() }
        var line = 1
        var previousWasCR = false
        var atStart = true
        var keepGoing = true
        let limit = maximumLineBytes
        let label = input.label
        try input.forEachChunk { chunk in
            var index = 0
            if atStart {
                atStart = false
                if chunk.count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { index = 3 }
            }
            while index < chunk.count {
                // The run of ordinary bytes up to the next line end, in one copy.
                var end = index
                while end < chunk.count, chunk[end] != 10, chunk[end] != 13, chunk[end] != 0 { end += 1 }
                if end > index {
                    guard bytes.count + (end - index) <= limit else {
                        throw ServiceError(
                            .validationFailed,
                            "\(label), line \(line): the line is longer than \(limit / 1024) KiB, which no statement line is; check that this is the file you meant to import. Nothing was imported."
                        )
                    }
                    bytes.append(chunk.baseAddress! + index, count: end - index)
                    previousWasCR = false
                    index = end
                    continue
                }
                let byte = chunk[index]
                index += 1
                if byte == 0 {
                    throw ServiceError(
                        .validationFailed,
                        "\(label) is not a text file (binary data on line \(line)); import the statement file your bank exports."
                    )
                }
                if byte == 10, previousWasCR {
                    previousWasCR = false
                    continue
                }
                previousWasCR = byte == 13
                keepGoing = try body(bytes.buffer, line)
                bytes.removeAll()
                line += 1
                if !keepGoing { return false }
            }
            return true
        }
        if keepGoing, bytes.count > 0 { _ = try body(bytes.buffer, line) }
    }
}
