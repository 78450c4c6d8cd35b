import Foundation
import HearthCore
import HearthExchange

/// Repeatable ids derived from content: a 128-bit hash (two independently seeded FNV-1a passes, each
/// finished with a SplitMix64 avalanche) shaped as a version-8 UUID.
enum ContentID {
    static func make(_ text: String) -> UUID {
        let high = hash(text, seed: 0xcbf2_9ce4_8422_2325)
        let low = hash(text, seed: 0x84222325_cbf29ce4 ^ 0x9E37_79B9_7F4A_7C15)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8: custom
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 9562 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    private static func hash(_ text: String, seed: UInt64) -> UInt64 {
        var value = seed
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        value ^= value >> 30
        value = value &* 0xBF58_476D_1CE4_E5B9
        value ^= value >> 27
        value = value &* 0x94D0_49BB_1331_11EB
        value ^= value >> 31
        return value
    }
}
