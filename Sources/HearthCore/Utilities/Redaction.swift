public import Foundation

/// Text that is safe to log or to put in an error: URLs lose their user, password, query and fragment, where
/// database passwords live; an address the server posts to (a webhook) or any URL in a message to be logged or
/// stored keeps only its scheme, host and port, since Slack, Discord and Home Assistant put the secret in the path.
///
/// ```swift
/// Redaction.url("https://bot:pw@hooks.example.com/in/abc?token=s3cret")   // "https://hooks.example.com/in/abc"
/// Redaction.origin(URL(string: "https://hooks.slack.com/services/T0/B0/s3cret")!)   // "https://hooks.slack.com"
/// Redaction.url("postgres://hearth:pw@db:5432/hearth?sslmode=require", showingUser: true)
/// // "postgres://hearth:***@db:5432/hearth"
/// ```
public enum Redaction {
    /// `url` as `scheme://host[:port]/path`.
    public static func url(_ url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "a URL that cannot be read"
        }
        return describe(components)
    }

    /// The URL in `text` as `scheme://host[:port]/path`, or a placeholder when `text` is not a URL.
    /// - Parameter showingUser: keep the user name, with `***` for a password (for database URLs, where the
    ///   user helps the reader and is no secret); otherwise both go.
    public static func url(_ text: String, showingUser: Bool = false) -> String {
        guard let components = URLComponents(string: text), components.scheme != nil else {
            return "a URL that cannot be read"
        }
        return describe(components, showingUser: showingUser)
    }

    /// `url` as `scheme://host[:port]`: what logs and stored errors may say of an address the server posts to.
    public static func origin(_ url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "a URL that cannot be read"
        }
        return describe(components, keepingPath: false)
    }

    /// The URL in `text` as `scheme://host[:port]`, or a placeholder when `text` is not a URL.
    public static func origin(_ text: String) -> String {
        guard let components = URLComponents(string: text), components.scheme != nil else {
            return "a URL that cannot be read"
        }
        return describe(components, keepingPath: false)
    }

    /// `text` with every `scheme://…` in it cut to its scheme, host and port (``origin(_:)-(String)``): for
    /// messages that are logged or stored.
    public static func scrub(_ text: String) -> String {
        guard text.contains("://") else { return text }
        var result = ""
        var rest = Substring(text)
        while let marker = rest.range(of: "://") {
            // The scheme: the letters, digits, + - . right before "://".
            var schemeStart = marker.lowerBound
            while schemeStart > rest.startIndex {
                let previous = rest.index(before: schemeStart)
                let character = rest[previous]
                guard character.isASCII, character.isLetter || character.isNumber || "+-.".contains(character) else {
                    break
                }
                schemeStart = previous
            }
            var end = marker.upperBound
            while end < rest.endIndex, !rest[end].isWhitespace, !"\"'<>".contains(rest[end]) {
                end = rest.index(after: end)
            }
            result += rest[rest.startIndex..<schemeStart]
            let candidate = String(rest[schemeStart..<end])
            result += schemeStart == marker.lowerBound ? candidate : origin(candidate)
            rest = rest[end...]
        }
        return result + rest
    }

    private static func describe(_ components: URLComponents, showingUser: Bool = false, keepingPath: Bool = true)
        -> String
    {
        var safe = URLComponents()
        if showingUser, let user = components.percentEncodedUser {
            safe.percentEncodedUser = user
            if components.password != nil { safe.password = "***" }
        }
        safe.scheme = components.scheme
        safe.host = components.host
        safe.port = components.port
        if keepingPath { safe.percentEncodedPath = components.percentEncodedPath }
        return safe.string ?? "a URL that cannot be read"
    }
}
