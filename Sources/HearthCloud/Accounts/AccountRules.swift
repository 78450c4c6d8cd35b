import Crypto
import Foundation

/// What makes an email and a password acceptable.
///
/// Lengths count Unicode scalars, as JSON Schema's `minLength` and `maxLength` do, so the OpenAPI document can
/// state the rules exactly: ``emailPattern``, at most ``maxEmailLength``; ``minPasswordLength`` to
/// ``maxPasswordLength``.
public enum AccountRules {
    public static let maxEmailLength = 254
    public static let minPasswordLength = 8
    public static let maxPasswordLength = 1024

    /// The characters an email may have only around it (Unicode's White_Space, which sign-in trims).
    private static let spaces = #"\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"#
    /// ``emailProblem(_:)`` as a regular expression: one `@` with something before it, a domain with a dot
    /// neither first nor last, no white space but around the address.
    public static let emailPattern =
        "^[\(spaces)]*[^@\(spaces)]+@[^@.\(spaces)][^@\(spaces)]*\\.[^@\(spaces)]*[^@.\(spaces)][\(spaces)]*$"

    /// The email as accounts are found by: trimmed and lower-cased.
    public static func normalizedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// What is wrong with `email` as an account's address, for a person; nil when nothing is.
    public static func emailProblem(_ email: String) -> String? {
        let all = Array(email.unicodeScalars)
        guard all.count <= maxEmailLength else {
            return "The email address is longer than \(maxEmailLength) characters."
        }
        let isSpace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
        let address = Array(all.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        guard !address.isEmpty else { return "The email address is empty." }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), parts[1].first != ".", parts[1].last != ".",
            !address.contains(where: isSpace)
        else { return "\"\(email.prefix(80))\" is not an email address; write it as name@example.com." }
        return nil
    }

    public static func passwordProblem(_ password: String) -> String? {
        let length = password.unicodeScalars.count
        guard length >= minPasswordLength else {
            return "The password has \(length) characters; use at least \(minPasswordLength)."
        }
        guard length <= maxPasswordLength else { return "The password is longer than \(maxPasswordLength) characters." }
        return nil
    }
}
