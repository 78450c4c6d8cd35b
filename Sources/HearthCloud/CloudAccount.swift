import Foundation
import HearthCloudModel
import HearthCore

/// A stored account.
public struct CloudAccount: Sendable, Hashable {
    public var id: String
    public var email: String
    public var passwordHash: String
    public var createdAt: Int64

    public init(id: String, email: String, passwordHash: String, createdAt: Int64) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}
