/// The answer to a request for a code by email (`accounts/verification/request`,
/// `accounts/password/reset/request`): where it goes, and until when it is good. A reset request answers the
/// same whether the address has an account or not.
public struct CloudCodeSent: Codable, Sendable, Hashable {
    public var emailAddress: String
    /// Milliseconds since 1970.
    public var expiresAt: Int64

    public init(emailAddress: String, expiresAt: Int64) {
        self.emailAddress = emailAddress
        self.expiresAt = expiresAt
    }
}
