public import Hummingbird

/// What the web pages need from a request's context besides Hummingbird's own: the client as the server's rate
/// limits count it (its address, or the one a trusted proxy forwarded).
public protocol WebRequestContext: RequestContext {
    /// The key a client's sign-in attempts and signed-out requests are counted under.
    var clientLimitKey: String { get }
}
