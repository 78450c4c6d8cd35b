/// A code the server is to send by email: the code itself (never stored), the address, and when it ends.
public struct IssuedAccountCode: Sendable, Hashable {
    public var code: String
    public var emailAddress: String
    /// Milliseconds since 1970.
    public var expiresAt: Int64
}
