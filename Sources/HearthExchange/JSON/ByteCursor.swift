import Foundation

/// The bytes of an input one at a time, for parsers that look one byte ahead, through one chunk in memory.
/// A UTF-8 byte-order mark at the start is skipped.
final class ByteCursor {
    let input: ChunkedInput
    private var buffer: [UInt8] = []
    private var position = 0
    private var started = false

    init(_ input: ChunkedInput) {
        self.input = input
    }

    /// The next byte without consuming it; nil at the end of the input.
    @inline(__always)
    func peek() throws -> UInt8? {
        if position < buffer.count { return buffer[position] }
        return try refill()
    }

    /// The next byte, consumed; nil at the end of the input.
    @inline(__always)
    func next() throws -> UInt8? {
        guard let byte = try peek() else { return nil }
        position += 1
        return byte
    }

    /// Consumes the byte ``peek()`` returned.
    @inline(__always)
    func skip() { position += 1 }

    private func refill() throws -> UInt8? {
        while let chunk = try input.withNextChunk({ Array($0) }) {
            buffer = chunk
            position = 0
            if !started {
                started = true
                if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
            }
            if position < buffer.count { return buffer[position] }
        }
        return nil
    }
}
