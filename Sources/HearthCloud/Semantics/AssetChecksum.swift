import Crypto
import Foundation

/// Content addresses for assets and hashes for tokens: lowercase hex SHA-256.
enum AssetChecksum {
    static func sha256Hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
