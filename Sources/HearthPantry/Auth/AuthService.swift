public import AsyncHTTPClient
public import Foundation
public import HearthCore
public import HearthStore
import NIOHTTP1

/// Signs up, in and out with a Hearth server's accounts API (`/cloud/v1/accounts/…`) and keeps the session in
/// the secure token store, so the next run of the app is still signed in.
///
/// A token counts as expired ``expiryMargin`` (300 s) before the server's expiry, so a request never leaves
/// with a token about to lapse; the session is re-validated with the server every ``revalidationInterval``
/// (30 minutes), which notices a token revoked elsewhere. Time comes from the injected `now`.
public actor AuthService: AuthServicing {
    /// How long before the server's expiry a token already counts as expired.
    public static let expiryMargin: TimeInterval = 300
    /// How often the kept session is confirmed with the server.
    public static let revalidationInterval: TimeInterval = 30 * 60
    /// The shortest password the service sends.
    public static let minimumPasswordLength = 8

    public nonisolated let serviceName = "AuthService"
    /// The server signed in to.
    public nonisolated let serverURL: URL
    private let http: PantryHTTP
    private let tokens: SecureTokenStore
    private let account: String
    private let now: @Sendable () -> Date
    private var session: PantrySession?
    private var loaded = false

    /// A service for `serverURL`, keeping its session in `tokens`.
    public init(
        serverURL: URL, httpClient: HTTPClient, tokens: SecureTokenStore,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.serverURL = serverURL
        self.http = PantryHTTP(client: httpClient)
        self.tokens = tokens
        self.account = "pantry " + serverURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        self.now = now
    }

    // MARK: Signing in and out

    @discardableResult
    public func signUp(email: String, password: String) async throws -> PantrySession {
        let email = try Self.checked(email: email, password: password)
        let _: Caller = try await accounts(
            .POST, "signup", body: Credentials(emailAddress: email, password: password), token: nil, email: email)
        return try await signIn(email: email, password: password)
    }

    @discardableResult
    public func signIn(email: String, password: String) async throws -> PantrySession {
        let email = try Self.checked(email: email, password: password)
        let answer: SignedIn = try await accounts(
            .POST, "signin", body: Credentials(emailAddress: email, password: password), token: nil, email: email)
        let started = now()
        let session = PantrySession(
            token: answer.token, userId: answer.userRecordName, email: email,
            expiresAt: Date(timeIntervalSince1970: TimeInterval(answer.expiresAt) / 1000), validatedAt: started)
        try keep(session)
        return session
    }

    public func signOut() async throws {
        guard let session = try stored() else { return }
        do {
            let _: Empty = try await accounts(
                .POST, "signout", body: nil as Empty?, token: session.token, email: session.email)
        } catch let error as ServiceError where error.code == .notAuthenticated {
            // Already revoked or expired on the server: forgetting it is all there is to do.
        }
        try keep(nil)
    }

    // MARK: The session

    public func currentSession() async throws -> PantrySession? {
        guard let session = try stored() else { return nil }
        let date = now()
        if isExpired(session, at: date) {
            try keep(nil)
            return nil
        }
        guard date.timeIntervalSince(session.validatedAt) >= Self.revalidationInterval else { return session }
        do {
            let _: Caller = try await accounts(
                .GET, "caller", body: nil as Empty?, token: session.token, email: session.email)
        } catch let error as ServiceError where error.code == .notAuthenticated {
            try keep(nil)
            return nil
        } catch let error as ServiceError where error.code == .serverUnreachable {
            // Offline: the token has not expired, so keep using it until the server can say otherwise.
            return session
        }
        let confirmed = session.validated(at: date)
        try keep(confirmed)
        return confirmed
    }

    public func tokenForRequest() async throws -> String? {
        try await currentSession()?.token
    }

    /// Whether `session` counts as expired at `date`: from ``expiryMargin`` before the server's expiry on.
    public nonisolated func isExpired(_ session: PantrySession, at date: Date) -> Bool {
        date >= session.expiresAt.addingTimeInterval(-Self.expiryMargin)
    }

    // MARK: Health

    public func checkHealth() async -> HealthStatus {
        let started = now()
        do {
            guard try await currentSession() != nil else {
                return HealthStatus(
                    isHealthy: false, lastChecked: started, errors: ["Not signed in to \(serverURL.absoluteString)."])
            }
            return HealthStatus(isHealthy: true, lastChecked: started, responseTime: now().timeIntervalSince(started))
        } catch {
            return HealthStatus(
                isHealthy: false, lastChecked: started, errors: ["\(error)"],
                responseTime: now().timeIntervalSince(started))
        }
    }

    // MARK: Plumbing

    private struct Credentials: Encodable {
        let emailAddress: String
        let password: String
    }

    private struct SignedIn: Decodable {
        let token: String
        let userRecordName: String
        let expiresAt: Int64
    }

    private struct Caller: Decodable {
        let userRecordName: String
    }

    private struct Empty: Codable {}

    private struct CloudFailure: Decodable {
        let serverErrorCode: String
        let reason: String
    }

    private static func checked(email: String, password: String) throws -> String {
        let email = email.trimmingCharacters(in: .whitespacesAndNewlines)
        var reasons: [String] = []
        if email.isEmpty { reasons.append("Email cannot be empty; give the address the account was made with.") }
        if password.count < minimumPasswordLength {
            reasons.append(
                "Password must be at least \(minimumPasswordLength) characters; the one given has \(password.count).")
        }
        guard reasons.isEmpty else { throw ServiceError.validationFailed(reasons) }
        return email
    }

    private func stored() throws -> PantrySession? {
        if !loaded {
            loaded = true
            if let text = try tokens.token(for: account) {
                session = try? JSONDecoder().decode(PantrySession.self, from: Data(text.utf8))
            }
        }
        return session
    }

    private func keep(_ session: PantrySession?) throws {
        self.session = session
        loaded = true
        if let session {
            try tokens.save(String(decoding: try JSONEncoder().encode(session), as: UTF8.self), for: account)
        } else {
            try tokens.remove(for: account)
        }
    }

    /// Calls `/cloud/v1/accounts/<path>` and decodes the answer; the
    /// server's refusals become `ServiceError`s that say what to do.
    private func accounts<Body: Encodable, Answer: Decodable>(
        _ method: HTTPMethod, _ path: String, body: Body?, token: String?, email: String
    ) async throws -> Answer {
        let url = serverURL.appendingPathComponent("cloud/v1/accounts/" + path)
        let data = try body.map { try JSONEncoder().encode($0) }
        let response: (status: Int, body: Data)
        do {
            response = try await http.send(method, url, body: data, token: token)
        } catch let error as ServiceError {
            throw ServiceError(.serverUnreachable, error.message, underlying: error.underlying)
        }
        guard (200..<300).contains(response.status) else {
            guard let failure = try? JSONDecoder().decode(CloudFailure.self, from: response.body) else {
                throw ServiceError(
                    .httpStatus,
                    "\(url.absoluteString) answered HTTP \(response.status); check that the server address points at a Hearth server.",
                    httpStatus: response.status)
            }
            switch failure.serverErrorCode {
            case "AUTHENTICATION_FAILED", "AUTHENTICATION_REQUIRED":
                throw ServiceError.notAuthenticated("The server refused the sign-in for \(email): \(failure.reason)")
            case "EXISTS":
                throw ServiceError(
                    .conflict, "An account for \(email) already exists on \(serverURL.absoluteString); sign in instead."
                )
            case "BAD_REQUEST":
                throw ServiceError.validationFailed(failure.reason)
            default:
                throw ServiceError.operationFailed("The server answered \(failure.serverErrorCode): \(failure.reason)")
            }
        }
        if Answer.self == Empty.self, let empty = Empty() as? Answer { return empty }
        do {
            return try JSONDecoder().decode(Answer.self, from: response.body)
        } catch {
            throw ServiceError(
                .decodingFailed,
                "\(url.absoluteString) answered with something other than the accounts API's JSON: \(error)",
                underlying: error)
        }
    }
}
