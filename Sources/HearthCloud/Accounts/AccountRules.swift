import Crypto
import Foundation

/// What makes an email and a password acceptable.
public enum AccountRules {
    /// The email as accounts are found by: trimmed and lower-cased.
    public static func normalizedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    static func emailProblem(_ email: String) -> String? {
        let email = normalizedEmail(email)
        guard !email.isEmpty else { return "The email address is empty." }
        guard email.utf8.count <= 254 else { return "The email address is longer than 254 characters." }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !email.contains(where: { $0.isWhitespace || $0.isNewline })
        else { return "\"\(email.prefix(80))\" is not an email address; write it as name@example.com." }
        return nil
    }

    static func passwordProblem(_ password: String) -> String? {
        guard password.count >= 8 else { return "The password has \(password.count) characters; use at least 8." }
        guard password.utf8.count <= 1024 else { return "The password is longer than 1024 bytes." }
        return nil
    }
}

/// Opaque bearer tokens: 32 random bytes, base64url; the store keeps only their SHA-256.
enum SessionTokens {
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func hash(_ token: String) -> String {
        AssetChecksum.sha256Hex(Data(token.utf8))
    }

    /// A new user id in the CloudKit style: `_` and 32 hex digits.
    static func makeUserID() -> String { "_" + CloudIdentifier.make() }
}

import HearthCloudModel
