import Crypto
import Foundation
import HearthCloudModel

/// Opaque bearer tokens (sessions and share links): 32 random bytes, base64url; the store keeps only their
/// SHA-256. A token never begins with `-`, so a share link pasted after a command (`hearth health share accept
/// LINK`) is never read as an option.
public enum SessionTokens {
    /// A new token.
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let token = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(
                    of: "=", with: "")
            if !token.hasPrefix("-") { return token }
        }
    }

    static func hash(_ token: String) -> String {
        AssetChecksum.sha256Hex(Data(token.utf8))
    }

    /// A new user id in the CloudKit style: `_` and 32 hex digits.
    static func makeUserID() -> String { "_" + CloudIdentifier.make() }
}
