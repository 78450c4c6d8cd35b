/// `POST /cloud/v1/accounts/password/reset/request`: send a reset code to this address, if a verified account
/// has it.
public struct CloudPasswordResetRequest: Codable, Sendable, Hashable {
    public var emailAddress: String

    public init(emailAddress: String) {
        self.emailAddress = emailAddress
    }
}
