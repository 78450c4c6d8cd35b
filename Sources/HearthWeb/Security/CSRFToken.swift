import Crypto
import Foundation

/// The token every form carries: an HMAC of a fixed label keyed by a secret only the browser and the server hold
/// (the session token when signed in, the visitor cookie before). Another site can make a browser send the
/// cookie, but it cannot read it, so it cannot write the token into its forged form.
enum CSRFToken {
    /// The form field that carries it.
    static let field = "csrf"

    /// The token for `secret`: the HMAC in base64url without padding.
    static func make(secret: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(
            for: Data("hearth-web-form".utf8), using: SymmetricKey(data: Data(secret.utf8)))
        var bytes = Array(Data(code).base64EncodedString().utf8)
        bytes.removeAll { $0 == UInt8(ascii: "=") }
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "+") { bytes[index] = UInt8(ascii: "-") }
            if bytes[index] == UInt8(ascii: "/") { bytes[index] = UInt8(ascii: "_") }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `sent` is the token for `secret`, compared in constant time.
    static func matches(_ sent: String?, secret: String) -> Bool {
        guard let sent else { return false }
        let expected = Array(make(secret: secret).utf8)
        let given = Array(sent.utf8)
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(expected, given) { difference |= a ^ b }
        return difference == 0
    }
}
