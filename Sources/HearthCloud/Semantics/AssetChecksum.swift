import Crypto
import Foundation

/// Content addresses for assets and hashes for tokens: lowercase hex SHA-256.
public enum AssetChecksum {
    /// Whether `text` can name an asset: 64 lowercase hex digits.
    public static func isValid(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    static func sha256Hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
