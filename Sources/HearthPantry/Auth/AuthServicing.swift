public import HearthCore

/// Signs in to a Hearth server's accounts and keeps the session.
public protocol AuthServicing: ServiceHealth {
    /// Creates an account and signs in to it.
    @discardableResult func signUp(email: String, password: String) async throws -> PantrySession
    /// Signs in.
    @discardableResult func signIn(email: String, password: String) async throws -> PantrySession
    /// Revokes the token on the server (when it can be reached) and forgets the session.
    func signOut() async throws
    /// The kept session when it is still usable, re-validated with the server when it is due; nil when signed out.
    func currentSession() async throws -> PantrySession?
    /// The token for a request: nil when signed out or expired.
    func tokenForRequest() async throws -> String?
}
