/// `GET /cloud/v1/accounts/caller`: who the bearer token belongs to.
public struct CloudCaller: Codable, Sendable, Hashable {
    /// The user's id, the `ownerRecordName` of their zones.
    public var userRecordName: String
    /// The email the user signed up with.
    public var emailAddress: String
    /// When the account was created, in milliseconds since 1970.
    public var createdAt: Int64
    /// Whether the user has proven the address with a code sent to it: only a verified address claims
    /// invitations sent to it by email and receives password resets.
    public var emailVerified: Bool

    public init(userRecordName: String, emailAddress: String, createdAt: Int64, emailVerified: Bool = false) {
        self.userRecordName = userRecordName
        self.emailAddress = emailAddress
        self.createdAt = createdAt
        self.emailVerified = emailVerified
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userRecordName = try container.decode(String.self, forKey: .userRecordName)
        emailAddress = try container.decode(String.self, forKey: .emailAddress)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        emailVerified = try container.decodeIfPresent(Bool.self, forKey: .emailVerified) ?? false
    }
}
