import Crypto
import Foundation

/// Content addresses for assets and hashes for tokens: lowercase hex SHA-256.
public enum AssetChecksum {
    /// Whether `text` can name an asset: 64 lowercase hex digits.
    public static func isValid(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Every signed-in request hashes its token: the digits are written straight into the string.
    static func sha256Hex(_ data: Data) -> String {
        let digest = SHA256.hash(data: data)
        return String(unsafeUninitializedCapacity: 2 * SHA256.byteCount) { buffer in
            var index = 0
            for byte in digest {
                buffer[index] = hexDigits[Int(byte >> 4)]
                buffer[index + 1] = hexDigits[Int(byte & 0x0F)]
                index += 2
            }
            return index
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
