import Foundation

/// Pure input checks shared by every service.
public enum Validation {
    /// The pattern the apps use for e-mail addresses.
    public static let emailPattern = #"[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}"#

    nonisolated(unsafe) private static let emailRegex = try! Regex(emailPattern)

    /// Whether `email` (trimmed) is an e-mail address by ``emailPattern``.
    public static func isValidEmail(_ email: String) -> Bool {
        let candidate = trimmed(email)
        return (try? emailRegex.wholeMatch(in: candidate)) != nil
    }

    /// The rules `password` breaks: at least 8 characters, an upper-case letter, a lower-case letter and a
    /// digit. Empty when the password is acceptable.
    public static func passwordProblems(_ password: String) -> [String] {
        var problems: [String] = []
        if password.count < 8 { problems.append("Password must be at least 8 characters") }
        if !password.contains(where: \.isUppercase) { problems.append("Password must contain an upper-case letter") }
        if !password.contains(where: \.isLowercase) { problems.append("Password must contain a lower-case letter") }
        if !password.contains(where: \.isNumber) { problems.append("Password must contain a digit") }
        return problems
    }

    /// Whether `password` satisfies every rule of ``passwordProblems(_:)``.
    public static func isValidPassword(_ password: String) -> Bool { passwordProblems(password).isEmpty }

    /// Whether `string` is an absolute http or https URL with a host.
    public static func isValidURL(_ string: String) -> Bool {
        let candidate = trimmed(string)
        guard !candidate.contains(where: \.isWhitespace),
            let components = URLComponents(string: candidate),
            let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = components.host, !host.isEmpty
        else { return false }
        return true
    }

    /// Whether `string` has anything but white space.
    public static func isNonBlank(_ string: String) -> Bool { !trimmed(string).isEmpty }

    /// `string` without leading and trailing white space and newlines.
    public static func trimmed(_ string: String) -> String {
        string.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `string` trimmed, or nil when that leaves nothing.
    public static func trimmedOrNil(_ string: String?) -> String? {
        guard let string else { return nil }
        let value = trimmed(string)
        return value.isEmpty ? nil : value
    }

    /// `string` trimmed.
    /// - Throws: ``ServiceError`` (validation failed) with `message` when nothing is left.
    public static func requireNonBlank(_ string: String, _ message: String) throws -> String {
        let value = trimmed(string)
        guard !value.isEmpty else { throw ServiceError.validationFailed(message) }
        return value
    }
}
