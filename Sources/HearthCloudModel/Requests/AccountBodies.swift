/// `POST /cloud/v1/accounts/signup`: create an account.
public struct CloudSignUpRequest: Codable, Sendable, Hashable {
    /// The email to sign in with; compared without regard to case.
    public var emailAddress: String
    /// At least 8 characters.
    public var password: String

    public init(emailAddress: String, password: String) {
        self.emailAddress = emailAddress
        self.password = password
    }
}

/// `POST /cloud/v1/accounts/signin`: exchange an email and password for a bearer token.
public struct CloudSignInRequest: Codable, Sendable, Hashable {
    public var emailAddress: String
    public var password: String

    public init(emailAddress: String, password: String) {
        self.emailAddress = emailAddress
        self.password = password
    }
}

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
