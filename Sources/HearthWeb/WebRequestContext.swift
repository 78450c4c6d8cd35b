public import Hummingbird

/// What the web pages need from a request's context besides Hummingbird's own: the client as the server's rate
/// limits count it (its address, or the one a trusted proxy forwarded), and whether it came over https.
public protocol WebRequestContext: RequestContext {
    /// The key a client's sign-in attempts and signed-out requests are counted under.
    var clientLimitKey: String { get }
    /// Whether the request reached a trusted proxy over https (its `X-Forwarded-Proto`), so cookies set in the
    /// answer must be `Secure` even when the server's own address is not https.
    var reachedOverHTTPS: Bool { get }
}
