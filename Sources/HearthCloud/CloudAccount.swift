import Foundation
import HearthCloudModel
import HearthCore

/// A stored account.
public struct CloudAccount: Sendable, Hashable {
    public var id: String
    public var email: String
    public var passwordHash: String
    public var createdAt: Int64
    /// Whether the account has proven ``email`` with a code sent to it.
    public var emailVerified: Bool

    public init(id: String, email: String, passwordHash: String, createdAt: Int64, emailVerified: Bool = false) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.emailVerified = emailVerified
    }
}
