public import HearthCloud

/// The rate limits the pages share with the accounts API, so a client cannot get around a limit by using the
/// other door: requests per account (every form a signed-in account sends spends one, as an API request does),
/// sign-ins per email and per address, sign-ups per address, requests with a bad session per address, codes
/// mailed per address, and invite codes tried per account and per address.
public struct WebLimits: Sendable {
    let requests: any RateLimiting
    let signIn: any RateLimiting
    let address: any RateLimiting
    let signUp: any RateLimiting
    let signedOut: any RateLimiting
    let codes: any RateLimiting
    let invites: any RateLimiting

    /// - Parameters:
    ///   - requests: the API's requests per account.
    ///   - signIn: attempts per email; also password checks per account (the password change).
    ///   - address: attempts per client address, whatever the account.
    ///   - signUp: sign-ups per client address.
    ///   - signedOut: requests with a stale session, per client address.
    ///   - codes: codes mailed per address.
    ///   - invites: invite codes tried, per account and per client address.
    public init(
        requests: any RateLimiting, signIn: any RateLimiting, address: any RateLimiting, signUp: any RateLimiting,
        signedOut: any RateLimiting, codes: any RateLimiting, invites: any RateLimiting
    ) {
        self.requests = requests
        self.signIn = signIn
        self.address = address
        self.signUp = signUp
        self.signedOut = signedOut
        self.codes = codes
        self.invites = invites
    }
}
