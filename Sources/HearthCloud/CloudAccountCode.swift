import Foundation

/// A one-time code sent to an account's address, as stored: only its keyed hash, the address it was sent
/// to, how often it was tried, and when it ends.
public struct CloudAccountCode: Sendable, Hashable {
    /// What a code proves.
    public struct Purpose: RawRepresentable, Sendable, Hashable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The account owns its address.
        public static let verifyEmail = Purpose(rawValue: "verify-email")
        /// The owner of the address may set a new password.
        public static let resetPassword = Purpose(rawValue: "reset-password")
    }

    public var accountID: String
    public var purpose: Purpose
    /// The address the code was sent to: it proves only that address.
    public var email: String
    /// `hmac$` and the hex HMAC-SHA256 of the code under a secret kept outside the database.
    public var codeHash: String
    /// Wrong tries so far, the one being checked included.
    public var attempts: Int
    /// Milliseconds since 1970.
    public var createdAt: Int64
    public var expiresAt: Int64

    public init(
        accountID: String, purpose: Purpose, email: String, codeHash: String, attempts: Int = 0, createdAt: Int64,
        expiresAt: Int64
    ) {
        self.accountID = accountID
        self.purpose = purpose
        self.email = email
        self.codeHash = codeHash
        self.attempts = attempts
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
