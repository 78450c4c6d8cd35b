/// `POST /cloud/v1/accounts/password/reset/confirm`: a new password, with the code sent to the address.
public struct CloudPasswordResetConfirmRequest: Codable, Sendable, Hashable {
    public var emailAddress: String
    /// The six digits from the email.
    public var code: String
    public var newPassword: String

    public init(emailAddress: String, code: String, newPassword: String) {
        self.emailAddress = emailAddress
        self.code = code
        self.newPassword = newPassword
    }
}
