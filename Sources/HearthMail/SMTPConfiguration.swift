public import Foundation
public import HearthCore

/// Where and how ``SMTPMailSender`` sends: the mail server from a URL, the sender's address, and timeouts.
///
/// The URL (`--smtp-url`, `HEARTH_SMTP_URL`):
///
/// | URL | means |
/// |---|---|
/// | `smtp://host:587` | plain connection upgraded with STARTTLS, which is required (default port 587) |
/// | `smtp://user:pass@host:587` | the same, signing in with AUTH PLAIN (or LOGIN when only that is offered) |
/// | `smtps://user:pass@host:465` | TLS from the first byte (default port 465) |
/// | `?starttls=required` (default), `opportunistic`, `off` | on `smtp://`: refuse a server without STARTTLS, use it when offered, or never use it |
/// | `?ca=/path/ca.pem` | trust this certificate authority (PEM) as well as the system's, for a server with a private certificate |
///
/// A user name or password with reserved characters is percent-encoded (`p%40ss` for `p@ss`).
///
/// ```swift
/// let configuration = try SMTPConfiguration(url: "smtp://hearth:secret@mail.example.com:587", from: "hearth@example.com")
/// ```
public struct SMTPConfiguration: Sendable, CustomStringConvertible {
    /// How the connection is protected.
    public enum Security: String, Sendable {
        /// TLS from the first byte (`smtps://`).
        case implicitTLS
        /// STARTTLS, and no mail without it.
        case startTLSRequired
        /// STARTTLS when the server offers it.
        case startTLSOpportunistic
        /// Never TLS.
        case none
    }

    public var host: String
    public var port: Int
    public var security: Security
    public var username: String?
    public var password: String?
    /// The `From` of every message that names no other.
    public var from: MailAddress
    /// A PEM file of certificate authorities to trust besides the system's.
    public var certificateAuthorityFile: String?
    /// The name this client greets the server with (EHLO).
    public var clientName: String = "localhost"
    /// How long to wait for the connection and for each answer of the server.
    public var timeout: Duration = .seconds(30)

    /// - Throws: ``ServiceError`` (validation failed) naming what is wrong with the URL or the address.
    public init(url: String, from: String) throws {
        func invalid(_ problem: String) -> ServiceError {
            ServiceError.validationFailed(
                "--smtp-url (HEARTH_SMTP_URL) \(problem); write it as smtp://user:password@host:587 or smtps://user:password@host:465."
            )
        }
        guard let components = URLComponents(string: url.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased()
        else {
            throw invalid("is not a URL")
        }
        guard scheme == "smtp" || scheme == "smtps" else {
            throw invalid("has the scheme \"\(scheme)\"; only smtp and smtps are known")
        }
        guard let host = components.host, !host.isEmpty else { throw invalid("names no host") }
        self.host = host
        port = components.port ?? (scheme == "smtps" ? 465 : 587)
        guard (1...65535).contains(port) else { throw invalid("has the port \(port), outside 1–65535") }
        username = components.percentEncodedUser.flatMap { $0.removingPercentEncoding }.flatMap {
            $0.isEmpty ? nil : $0
        }
        password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        if username == nil && password?.isEmpty == false { throw invalid("has a password but no user name") }
        security = scheme == "smtps" ? .implicitTLS : .startTLSRequired
        for item in components.queryItems ?? [] {
            switch item.name {
            case "starttls":
                guard scheme == "smtp" else {
                    throw invalid("asks for starttls on smtps://, which uses TLS from the start")
                }
                switch item.value?.lowercased() {
                case "required": security = .startTLSRequired
                case "opportunistic": security = .startTLSOpportunistic
                case "off": security = .none
                default: throw invalid("has starttls=\(item.value ?? ""); use required, opportunistic or off")
                }
            case "ca":
                guard let path = item.value, !path.isEmpty else { throw invalid("has an empty ca=") }
                certificateAuthorityFile = path
            default:
                throw invalid("has the unknown setting \"\(item.name)\"; known are starttls and ca")
            }
        }
        do {
            self.from = try MailAddress(from)
        } catch {
            throw ServiceError.validationFailed(
                "--mail-from (HEARTH_MAIL_FROM) \"\(from.prefix(80))\" is not an email address; write it as hearth@example.com."
            )
        }
    }

    /// The server without the password, for logs and messages.
    public var description: String {
        let scheme = security == .implicitTLS ? "smtps" : "smtp"
        let user = username.map { "\($0)@" } ?? ""
        let query =
            switch security {
            case .startTLSOpportunistic: "?starttls=opportunistic"
            case .none: "?starttls=off"
            default: ""
            }
        return "\(scheme)://\(user)\(host):\(port)\(query)"
    }
}
