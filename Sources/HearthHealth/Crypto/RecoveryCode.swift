import Crypto
import Foundation

/// Writes a 32-byte identity seed as a code a person can copy by hand: Crockford base32 (no I, L, O or U;
/// case, spaces and dashes ignored; O read as 0, I and L as 1) with a 3-byte checksum, in groups of four.
enum RecoveryCode {
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    private static let checksumLength = 3

    static func encode(_ seed: Data) -> String {
        let bytes = Array(seed) + Array(SHA256.hash(data: seed)).prefix(checksumLength)
        var characters: [Character] = []
        var buffer = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | Int(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                characters.append(alphabet[(buffer >> bits) & 31])
            }
        }
        if bits > 0 { characters.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return stride(from: 0, to: characters.count, by: 4)
            .map { String(characters[$0..<min($0 + 4, characters.count)]) }
            .joined(separator: "-")
    }

    static func decode(_ code: String) throws -> Data {
        var values: [Int] = []
        for character in code.uppercased() {
            if character == "-" || character.isWhitespace { continue }
            let normalized: Character =
                switch character {
                case "O": "0"
                case "I", "L": "1"
                default: character
                }
            guard let index = alphabet.firstIndex(of: normalized) else {
                throw HealthVaultError.invalidRecoveryCode(
                    "The recovery code cannot contain \"\(character)\"; it uses digits and the letters A–Z except I, L, O and U."
                )
            }
            values.append(index)
        }
        let expected = ((32 + checksumLength) * 8 + 4) / 5
        guard values.count == expected else {
            throw HealthVaultError.invalidRecoveryCode(
                "A recovery code has \(expected) characters (dashes aside); this one has \(values.count). Check for a missing or extra group."
            )
        }
        var bytes: [UInt8] = []
        var buffer = 0
        var bits = 0
        for value in values {
            buffer = (buffer << 5 | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8((buffer >> bits) & 0xFF))
            }
        }
        let seed = Data(bytes.prefix(32))
        guard bytes.count >= 32 + checksumLength,
            Array(bytes[32..<(32 + checksumLength)]) == Array(Array(SHA256.hash(data: seed)).prefix(checksumLength))
        else {
            throw HealthVaultError.invalidRecoveryCode(
                "The recovery code's checksum does not match: a character was mistyped. Compare it with the written code group by group."
            )
        }
        return seed
    }
}
