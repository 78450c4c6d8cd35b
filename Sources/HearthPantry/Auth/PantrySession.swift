public import Foundation

/// A signed-in session with a Hearth server, as kept in the secure token store.
public struct PantrySession: Codable, Sendable, Hashable {
    /// The bearer token.
    public let token: String
    /// The signed-in user's id.
    public let userId: String
    /// The email the user signed in with.
    public let email: String
    /// When the server stops accepting the token.
    public let expiresAt: Date
    /// When the server last confirmed the token.
    public let validatedAt: Date

    public init(token: String, userId: String, email: String, expiresAt: Date, validatedAt: Date) {
        self.token = token
        self.userId = userId
        self.email = email
        self.expiresAt = expiresAt
        self.validatedAt = validatedAt
    }

    /// The same session, confirmed by the server at `date`.
    func validated(at date: Date) -> PantrySession {
        PantrySession(token: token, userId: userId, email: email, expiresAt: expiresAt, validatedAt: date)
    }
}
