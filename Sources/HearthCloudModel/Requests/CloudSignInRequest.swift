/// `POST /cloud/v1/accounts/signin`: exchange an email and password for a bearer token.
public struct CloudSignInRequest: Codable, Sendable, Hashable {
    public var emailAddress: String
    public var password: String

    public init(emailAddress: String, password: String) {
        self.emailAddress = emailAddress
        self.password = password
    }
}
