public import HearthCloud

/// The rate limits the pages share with the accounts API, so a client cannot get around a limit by using the
/// other door: sign-ins per email and per address, sign-ups per address, requests with a bad session per
/// address, and codes mailed per address.
public struct WebLimits: Sendable {
    let signIn: any RateLimiting
    let address: any RateLimiting
    let signUp: any RateLimiting
    let signedOut: any RateLimiting
    let codes: any RateLimiting

    public init(
        signIn: any RateLimiting, address: any RateLimiting, signUp: any RateLimiting, signedOut: any RateLimiting,
        codes: any RateLimiting
    ) {
        self.signIn = signIn
        self.address = address
        self.signUp = signUp
        self.signedOut = signedOut
        self.codes = codes
    }
}
