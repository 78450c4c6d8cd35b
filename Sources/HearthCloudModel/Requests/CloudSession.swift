/// A signed-in session: send `Authorization: Bearer <token>` with every request until it expires.
public struct CloudSession: Codable, Sendable, Hashable {
    /// The bearer token. The server keeps only its hash; sign out revokes it.
    public var token: String
    /// The signed-in user.
    public var userRecordName: String
    /// When the token stops working, in milliseconds since 1970.
    public var expiresAt: Int64

    public init(token: String, userRecordName: String, expiresAt: Int64) {
        self.token = token
        self.userRecordName = userRecordName
        self.expiresAt = expiresAt
    }
}
