/// `POST /cloud/v1/accounts/verification/confirm`: the code from the verification email.
public struct CloudVerificationConfirmRequest: Codable, Sendable, Hashable {
    /// The six digits from the email.
    public var code: String

    public init(code: String) {
        self.code = code
    }
}
