public import Crypto
public import Foundation
public import HearthCloudModel
import HummingbirdBcrypt
import Synchronization

/// Accounts and sessions: sign up, sign in (a bearer token), who-am-I, sign out; proving the address with an
/// emailed code, changing and resetting the password, and signing out everywhere (see `AccountService+Codes`).
///
/// Passwords are hashed with bcrypt (their SHA-256 first, so long passphrases keep all their strength) on a
/// thread pool, never on the server's event loops, through one bounded queue (``PasswordWork``). Tokens are random, stored hashed, expire after
/// ``CloudConfiguration/sessionLifetime`` and are revoked on sign-out. A session is read from the store at
/// most once per ``CloudConfiguration/sessionCacheLifetime`` for the requests that present its token; a
/// sign-out through this service takes effect at once.
public struct AccountService: Sendable {
    let store: any RecordStore
    let configuration: CloudConfiguration
    let clock: @Sendable () -> Date
    let sessions: SessionCache
    /// Checked against when the email is unknown, so a wrong email takes as long as a wrong password: a
    /// bcrypt hash of the configured cost, made when the service starts.
    let decoyHash: String
    /// Where bcrypt runs, bounded.
    public let passwordWork: PasswordWork
    /// The key codes are stored under (an HMAC of the code), kept outside the database.
    let codeKey: SymmetricKey
    /// Codes tried per account in a day (``CloudConfiguration/accountCodeAttemptsPerDay``).
    let codeAttempts: any RateLimiting

    /// - Parameters:
    ///   - codeKey: the secret codes are stored under, kept outside the database (the server keeps it in its data
    ///     directory): a stolen database or backup then holds no code that can be reversed. Every server process
    ///     on one database needs the same key. A random one (the default) suits tests and a single process that
    ///     never restarts while a code is out.
    ///   - clock: the date sessions and codes are stamped with and expire by.
    ///   - timers: the clock the cache of sessions measures ``CloudConfiguration/sessionCacheLifetime`` on.
    public init(
        store: any RecordStore, configuration: CloudConfiguration, codeKey: SymmetricKey = SymmetricKey(size: .bits256),
        clock: @escaping @Sendable () -> Date = Date.init, timers: any Clock<Duration> = ContinuousClock()
    ) {
        self.store = store
        self.configuration = configuration
        self.clock = clock
        self.codeKey = codeKey
        sessions = SessionCache(lifetime: configuration.sessionCacheLifetime, clock: timers)
        decoyHash = Self.decoy(cost: configuration.bcryptCost)
        passwordWork = PasswordWork(
            running: configuration.passwordChecks.running, waiting: configuration.passwordChecks.waiting)
        let perDay = Double(max(1, configuration.accountCodeAttemptsPerDay))
        codeAttempts = store.makeRateLimiter(name: "account-code-attempts", rate: perDay / 86_400, burst: perDay)
    }

    /// Creates an account; `BAD_REQUEST` for a bad email or a short password, `EXISTS` for a taken email.
    public func signUp(_ request: CloudSignUpRequest) async throws -> CloudCaller {
        if let problem = AccountRules.emailProblem(request.emailAddress) { throw CloudError.badRequest(problem) }
        if let problem = AccountRules.passwordProblem(request.password) { throw CloudError.badRequest(problem) }
        let email = AccountRules.normalizedEmail(request.emailAddress)
        if try await store.account(email: email) != nil {
            throw CloudError(.exists, "An account with the email \(email) already exists; sign in instead.")
        }
        let hash = try await hashPassword(request.password)
        let account = CloudAccount(
            id: SessionTokens.makeUserID(), email: email, passwordHash: hash, createdAt: milliseconds(clock()))
        try await store.createAccount(account)
        return CloudCaller(userRecordName: account.id, emailAddress: email, createdAt: account.createdAt)
    }

    /// A new session for the right email and password; `AUTHENTICATION_FAILED` otherwise.
    public func signIn(_ request: CloudSignInRequest) async throws -> CloudSession {
        let email = AccountRules.normalizedEmail(request.emailAddress)
        let account = try await store.account(email: email)
        let password = request.password
        let hash = account?.passwordHash ?? decoyHash
        let matches = try await passwordWork.run { Bcrypt.verify(Self.prehash(password), hash: hash) }
        guard let account, matches else {
            throw CloudError(.authenticationFailed, "The email or the password is wrong.")
        }
        let token = SessionTokens.makeToken()
        let now = milliseconds(clock())
        let expires = now + configuration.sessionLifetime.milliseconds
        try await store.saveSession(
            CloudStoredSession(
                tokenHash: SessionTokens.hash(token), accountID: account.id, createdAt: now, expiresAt: expires))
        return CloudSession(token: token, userRecordName: account.id, expiresAt: expires)
    }

    /// The user a bearer token belongs to; `AUTHENTICATION_FAILED` when it is unknown, expired or revoked.
    public func authenticate(token: String) async throws -> CloudCaller {
        guard !token.isEmpty, token.utf8.count <= 512 else {
            throw CloudError(.authenticationFailed, "The bearer token is not valid; sign in again.")
        }
        let hash = SessionTokens.hash(token)
        let now = milliseconds(clock())
        if let caller = sessions.caller(tokenHash: hash, now: now) { return caller }
        guard let (session, account) = try await store.sessionAccount(tokenHash: hash) else {
            throw CloudError(.authenticationFailed, "The bearer token is unknown or was revoked; sign in again.")
        }
        guard session.expiresAt > now else {
            sessions.forget(tokenHash: hash)
            try? await store.deleteSession(tokenHash: hash)
            throw CloudError(.authenticationFailed, "The bearer token has expired; sign in again.")
        }
        let caller = CloudCaller(
            userRecordName: account.id, emailAddress: account.email, createdAt: account.createdAt,
            emailVerified: account.emailVerified)
        sessions.remember(tokenHash: hash, caller: caller, expiresAt: session.expiresAt)
        return caller
    }

    /// Revokes the token.
    public func signOut(token: String) async throws {
        let hash = SessionTokens.hash(token)
        sessions.revoke(tokenHash: hash)
        try await store.deleteSession(tokenHash: hash)
    }

    /// The caller's sessions that have not expired, newest first.
    public func sessions(of caller: CloudCaller) async throws -> [CloudStoredSession] {
        try await store.sessions(accountID: caller.userRecordName, now: milliseconds(clock()))
    }

    /// Whether `session` is the one `token` opened.
    public func session(_ session: CloudStoredSession, belongsTo token: String) -> Bool {
        session.tokenHash == SessionTokens.hash(token)
    }

    func hashPassword(_ password: String) async throws -> String {
        let cost = configuration.bcryptCost
        return try await passwordWork.run { Bcrypt.hash(Self.prehash(password), cost: cost) }
    }

    static func prehash(_ password: String) -> String {
        Data(AssetChecksum.sha256Hex(Data(password.utf8)).utf8).base64EncodedString()
    }

    /// Decoy hashes by cost, made once per process: a server makes its own at start-up, and tests that start
    /// many servers pay for it once.
    private static let decoys = Mutex<[UInt8: String]>([:])

    static func decoy(cost: UInt8) -> String {
        if let made = decoys.withLock({ $0[cost] }) { return made }
        let hash = Bcrypt.hash(prehash(SessionTokens.makeToken()), cost: cost)
        decoys.withLock { $0[cost] = hash }
        return hash
    }
}
