import Foundation

/// Bytes of a PDF as they are written: kept in memory, or passed on to a file in large chunks so memory
/// stays flat however many pages there are. Tracks the position for the cross-reference table and a
/// running hash of everything written for the document id.
final class PDFOutput {
    private var buffer: [UInt8] = []
    private let handle: FileHandle?
    private(set) var position = 0
    private var hashA: UInt64 = 0xCBF2_9CE4_8422_2325
    private var hashB: UInt64 = 0x6C62_272E_07BB_0142
    private static let flushSize = 256 * 1024

    /// Output collected in memory; read it with ``takeBytes()``.
    init() {
        handle = nil
        buffer.reserveCapacity(64 * 1024)
    }

    /// Output written to an open file.
    init(handle: FileHandle) {
        self.handle = handle
        buffer.reserveCapacity(Self.flushSize + 64 * 1024)
    }

    func write(_ bytes: [UInt8]) throws {
        for byte in bytes {
            hashA = (hashA ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        hashB = (hashB ^ UInt64(bytes.count)) &* 0x100_0000_01B3 ^ hashA
        buffer.append(contentsOf: bytes)
        position += bytes.count
        if handle != nil, buffer.count >= Self.flushSize { try flush() }
    }

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    /// Sends buffered bytes to the file.
    func flush() throws {
        guard let handle, !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Everything written, for in-memory output.
    func takeBytes() -> [UInt8] {
        defer { buffer = [] }
        return buffer
    }

    /// A 16-byte digest of everything written so far.
    var digest: [UInt8] {
        var bytes: [UInt8] = []
        for value in [hashA, hashB ^ UInt64(position)] {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(value >> UInt64(shift) & 0xFF)) }
        }
        return bytes
    }
}
