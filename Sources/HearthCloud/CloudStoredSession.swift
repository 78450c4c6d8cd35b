import Foundation
import HearthCloudModel
import HearthCore

/// A stored sign-in session (the token itself is never stored, only its hash).
public struct CloudStoredSession: Sendable, Hashable {
    public var tokenHash: String
    public var accountID: String
    public var createdAt: Int64
    public var expiresAt: Int64

    public init(tokenHash: String, accountID: String, createdAt: Int64, expiresAt: Int64) {
        self.tokenHash = tokenHash
        self.accountID = accountID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
