import Foundation
import HearthCloud
import Hummingbird

/// The two cookies the pages set: the session (the account's sign-in token, stored hashed on the server like an
/// API token) and, before signing in, a random value the sign-in and sign-up forms' CSRF tokens are made from.
/// Both are `HttpOnly` and `SameSite=Lax`, `Secure` when the server is reached over https (its public address is
/// https, or a trusted proxy says the request came over https), and live on `/`.
struct WebCookies: Sendable {
    static let session = "hearth_session"
    static let visitor = "hearth_visitor"
    /// Set on every cookie when the server's public address is https.
    let secure: Bool

    /// The cookies for a request that reached the server (or a trusted proxy in front of it) over https or not.
    func reached(overHTTPS: Bool) -> WebCookies {
        WebCookies(secure: secure || overHTTPS)
    }

    /// A cookie holding `value`, kept by the browser for `maxAge` seconds (until the browser closes when nil).
    func cookie(_ name: String, _ value: String, maxAge: Int?) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// A cookie that removes `name` from the browser.
    func expired(_ name: String) -> Cookie {
        Cookie(
            name: name, value: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: "/", secure: secure,
            httpOnly: true, sameSite: .lax)
    }

    /// The value of `name` in the request, when it looks like a value the pages set (at most 200 URL-safe
    /// characters); anything else is ignored, never looked up.
    static func value(_ name: String, in request: Request) -> String? {
        guard let value = request.cookies[name]?.value, !value.isEmpty, value.utf8.count <= 200,
            value.utf8.allSatisfy({ isTokenByte($0) })
        else { return nil }
        return value
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }

    /// A new random value (32 bytes, base64url), made like a session token.
    static func randomValue() -> String {
        SessionTokens.makeToken()
    }
}
