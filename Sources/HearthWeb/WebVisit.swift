import HearthCloudModel
import HearthPantryServer

/// Who is asking for a page: the signed-in account and its session token, or a visitor; and the secret their
/// forms' CSRF tokens are made from.
struct WebVisit: Sendable {
    /// The signed-in account; nil for a visitor.
    let caller: CloudCaller?
    /// The session token from the cookie, when it is valid.
    let token: String?
    /// What the CSRF token is made from: the session token, else the visitor cookie.
    let secret: String
    /// Whether the visitor cookie is new and must be set on the answer.
    let setsVisitorCookie: Bool
    /// The path asked for, with its query.
    let path: String
    /// The cookies for this visitor: `Secure` when the server's address is https, or when the request reached a
    /// trusted proxy over https.
    let cookies: WebCookies

    var csrf: String { CSRFToken.make(secret: secret) }

    /// The pantry's viewer for this account.
    var viewer: PantryViewer? {
        caller.map { PantryViewer(userID: $0.userRecordName, email: $0.emailAddress) }
    }

    /// The pantry's viewer; a redirect to the sign-in page for a visitor.
    func signedInViewer() throws -> PantryViewer {
        guard let viewer else { throw WebRedirect(location: "/signin") }
        return viewer
    }
}
