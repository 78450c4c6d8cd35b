/// `GET /cloud/v1/accounts/caller`: who the bearer token belongs to.
public struct CloudCaller: Codable, Sendable, Hashable {
    /// The user's id, the `ownerRecordName` of their zones.
    public var userRecordName: String
    /// The email the user signed up with.
    public var emailAddress: String
    /// When the account was created, in milliseconds since 1970.
    public var createdAt: Int64

    public init(userRecordName: String, emailAddress: String, createdAt: Int64) {
        self.userRecordName = userRecordName
        self.emailAddress = emailAddress
        self.createdAt = createdAt
    }
}
