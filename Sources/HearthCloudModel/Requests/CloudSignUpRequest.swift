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
