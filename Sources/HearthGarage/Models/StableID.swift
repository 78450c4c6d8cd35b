import Crypto
import Foundation

/// Deterministic UUIDs: the same parts always give the same id.
///
/// Imports use them so a row imported twice maps to the same record (and is stored once), and bundled
/// presets use them so every device agrees on their ids.
enum StableID {
    /// A version-8 UUID from the SHA-256 of `parts`, separated so ("ab", "c") and ("a", "bc") differ.
    static func make(_ parts: String...) -> UUID { make(parts) }

    static func make(_ parts: [String]) -> UUID {
        var hasher = SHA256()
        for part in parts {
            hasher.update(data: Array(part.utf8))
            hasher.update(data: [0x1F])
        }
        return uuid(from: hasher.finalize())
    }

    /// A UUID from raw bytes already gathered by the caller (the import hot path avoids building strings).
    static func make(bytes: UnsafeRawBufferPointer) -> UUID {
        uuid(from: SHA256.hash(data: bytes))
    }

    /// A UUID from `prefix` followed by `words`, without building an intermediate array (the fill-up
    /// hot path).
    static func make(prefix: [UInt8], words: UnsafeBufferPointer<Int64>) -> UUID {
        var hasher = SHA256()
        hasher.update(data: prefix)
        hasher.update(bufferPointer: UnsafeRawBufferPointer(words))
        return uuid(from: hasher.finalize())
    }

    private static func uuid(from digest: SHA256.Digest) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for (index, byte) in digest.prefix(16).enumerated() { bytes[index] = byte }
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8: custom
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
