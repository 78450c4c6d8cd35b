import Crypto
public import Foundation
public import HearthCloudModel
import HummingbirdBcrypt

/// Verified addresses, passwords and sessions.
///
/// Codes are six digits, good for ``CloudConfiguration/accountCodeLifetime`` and
/// ``CloudConfiguration/accountCodeAttempts`` tries, one per account and purpose (a new one replaces the old),
/// and at most ``CloudConfiguration/accountCodeAttemptsPerDay`` tries a day per account, whichever the code. They
/// are stored as an HMAC-SHA256 keyed by a secret kept outside the database, so a database or a backup alone
/// cannot be searched for them (a million six-digit codes under a salted hash can). This service makes and checks
/// them; sending them is the server's, which also limits how often they are sent.
extension AccountService {
    /// A new verification code for the caller's address; `BAD_REQUEST` when it is verified already.
    public func requestVerification(for caller: CloudCaller) async throws -> IssuedAccountCode {
        guard let account = try await store.account(id: caller.userRecordName) else {
            throw CloudError(.authenticationFailed, "The account of this session no longer exists; sign in again.")
        }
        guard !account.emailVerified else {
            throw CloudError.badRequest(
                "Your address \(account.email) is verified already; there is nothing to confirm.")
        }
        return try await issue(.verifyEmail, for: account)
    }

    /// Proves the caller's address with the code sent to it: invitations sent to the address become the caller's.
    /// `BAD_REQUEST` for a wrong, spent or expired code, saying how many tries are left or to ask for a new one.
    public func confirmVerification(for caller: CloudCaller, code: String) async throws -> CloudCaller {
        guard let account = try await store.account(id: caller.userRecordName) else {
            throw CloudError(.authenticationFailed, "The account of this session no longer exists; sign in again.")
        }
        if account.emailVerified { return Self.caller(account, verified: true) }
        let again = "Ask for a new code with POST /cloud/v1/accounts/verification/request."
        let digits = try Self.codeDigits(code)
        guard let stored = try await store.attemptAccountCode(accountID: account.id, purpose: .verifyEmail) else {
            throw CloudError.badRequest(
                "No verification code is waiting for your account (it was used, or never sent). \(again)")
        }
        try await check(stored, digits, email: account.email, again: again, tellAttempts: true)
        guard try await store.verifyEmail(accountID: account.id, email: account.email, at: milliseconds(clock())) else {
            throw CloudError.badRequest("Your account's address changed while it was being verified. \(again)")
        }
        sessions.revoke(accountID: account.id)
        return Self.caller(account, verified: true)
    }

    /// A reset code for the account with this verified address; nil when there is none, which the caller must
    /// answer exactly as it answers a code sent, so the answer tells nobody whether the address has an account.
    public func requestPasswordReset(emailAddress: String) async throws -> IssuedAccountCode? {
        let email = AccountRules.normalizedEmail(emailAddress)
        guard AccountRules.emailProblem(emailAddress) == nil, let account = try await store.account(email: email),
            account.emailVerified
        else { return nil }
        return try await issue(.resetPassword, for: account)
    }

    /// Sets a new password with a reset code and revokes every session of the account. Every refusal but a bad
    /// new password reads the same, whether the address has an account or not.
    public func resetPassword(_ request: CloudPasswordResetConfirmRequest) async throws {
        if let problem = AccountRules.passwordProblem(request.newPassword) { throw CloudError.badRequest(problem) }
        let again = "Ask for a new code with POST /cloud/v1/accounts/password/reset/request."
        let refused = CloudError.badRequest("The code is wrong, used up or expired for this address. \(again)")
        let digits = try Self.codeDigits(request.code)
        let email = AccountRules.normalizedEmail(request.emailAddress)
        guard let account = try await store.account(email: email), account.emailVerified,
            let stored = try await store.attemptAccountCode(accountID: account.id, purpose: .resetPassword)
        else {
            // As long as a refused code for an account: a wrong address is not faster than a wrong code.
            _ = try? await hashPassword(request.newPassword)
            throw refused
        }
        do {
            try await check(stored, digits, email: account.email, again: again, tellAttempts: false)
        } catch {
            throw refused
        }
        let hash = try await hashPassword(request.newPassword)
        try await store.setPassword(accountID: account.id, hash: hash, keepingSession: nil)
        sessions.revoke(accountID: account.id)
    }

    /// Changes the caller's password after checking the current one; every other session of the account is
    /// revoked, the one making the change stays. `ACCESS_DENIED` for a wrong current password.
    public func changePassword(token: String, caller: CloudCaller, request: CloudPasswordChangeRequest) async throws {
        if let problem = AccountRules.passwordProblem(request.newPassword) { throw CloudError.badRequest(problem) }
        guard let account = try await store.account(id: caller.userRecordName) else {
            throw CloudError(.authenticationFailed, "The account of this session no longer exists; sign in again.")
        }
        let current = request.currentPassword
        let hash = account.passwordHash
        let matches = try await passwordWork.run { Bcrypt.verify(Self.prehash(current), hash: hash) }
        guard matches else {
            throw CloudError(
                .accessDenied,
                "The current password is wrong; the password was not changed. Forgot it? Sign out and reset it with POST /cloud/v1/accounts/password/reset/request."
            )
        }
        let newHash = try await hashPassword(request.newPassword)
        try await store.setPassword(accountID: account.id, hash: newHash, keepingSession: SessionTokens.hash(token))
        sessions.revoke(accountID: account.id)
    }

    /// Revokes every session of the caller's account, on every device, this one included; on this server process
    /// at once, on others sharing the database within ``CloudConfiguration/sessionCacheLifetime``.
    public func signOutEverywhere(_ caller: CloudCaller) async throws {
        sessions.revoke(accountID: caller.userRecordName)
        try await store.deleteSessions(accountID: caller.userRecordName)
        // Again after the write: a request that read a session before it must not keep it.
        sessions.revoke(accountID: caller.userRecordName)
    }

    // MARK: Codes

    private func issue(_ purpose: CloudAccountCode.Purpose, for account: CloudAccount) async throws -> IssuedAccountCode
    {
        var generator = SystemRandomNumberGenerator()
        let code = String(format: "%06d", UInt32.random(in: 0..<1_000_000, using: &generator))
        let now = milliseconds(clock())
        let expires = now + configuration.accountCodeLifetime.milliseconds
        try await store.saveAccountCode(
            CloudAccountCode(
                accountID: account.id, purpose: purpose, email: account.email,
                codeHash: Self.hashCode(code, account: account.id, purpose: purpose, key: codeKey),
                createdAt: now, expiresAt: expires))
        return IssuedAccountCode(code: code, emailAddress: account.email, expiresAt: expires)
    }

    /// Throws unless `stored` is good for `digits` now: unexpired, not tried too often, sent to `email`.
    private func check(_ stored: CloudAccountCode, _ digits: String, email: String, again: String, tellAttempts: Bool)
        async throws
    {
        let limit = configuration.accountCodeAttempts
        guard stored.expiresAt > milliseconds(clock()) else {
            try await store.deleteAccountCode(accountID: stored.accountID, purpose: stored.purpose)
            throw CloudError.badRequest("The code has expired. \(again)")
        }
        guard stored.attempts <= limit else {
            try await store.deleteAccountCode(accountID: stored.accountID, purpose: stored.purpose)
            throw CloudError.badRequest("The code was tried \(limit) times and is used up. \(again)")
        }
        guard stored.email == email else {
            throw CloudError.badRequest("The code was sent to another address than your account's. \(again)")
        }
        if let wait = try await codeAttempts.acquire(stored.accountID) {
            throw CloudError(
                .throttled,
                "This account's codes were tried \(configuration.accountCodeAttemptsPerDay) times today; wait \(Self.hours(wait)) before trying again.",
                retryAfter: wait)
        }
        guard Self.codeMatches(digits, stored, key: codeKey) else {
            let left = limit - stored.attempts
            if left <= 0 { try await store.deleteAccountCode(accountID: stored.accountID, purpose: stored.purpose) }
            let tries =
                left > 0
                ? "; \(left) \(left == 1 ? "try is" : "tries are") left." : ", and that was the last try. \(again)"
            throw CloudError.badRequest(tellAttempts ? "The code is wrong\(tries)" : "The code is wrong.")
        }
    }

    /// The six digits of a code as a person may type it (spaces and dashes ignored); `BAD_REQUEST` otherwise.
    static func codeDigits(_ text: String) throws -> String {
        let digits = text.unicodeScalars.filter { $0 != " " && $0 != "-" }
        guard text.utf8.count <= 64, digits.count == 6, digits.allSatisfy({ ("0"..."9").contains($0) }) else {
            throw CloudError.badRequest("A code is the 6 digits from the email, such as 123456.")
        }
        return String(String.UnicodeScalarView(digits))
    }

    /// How a code is stored: `hmac$` and the hex HMAC-SHA256, under `key`, of the code with the account and
    /// purpose it was sent for (so a stored value means nothing for another account or purpose).
    static func hashCode(_ code: String, account: String, purpose: CloudAccountCode.Purpose, key: SymmetricKey)
        -> String
    {
        let message = Data("\(purpose.rawValue):\(account):\(code)".utf8)
        let mac = HMAC<SHA256>.authenticationCode(for: message, using: key)
        return "hmac$" + mac.map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `code` is the one `stored` was made from, compared in constant time. A code stored otherwise
    /// (by an earlier Hearth, which salted a SHA-256) matches nothing: its owner asks for a new one.
    static func codeMatches(_ code: String, _ stored: CloudAccountCode, key: SymmetricKey) -> Bool {
        guard stored.codeHash.hasPrefix("hmac$") else { return false }
        let expected = Array(stored.codeHash.utf8)
        let actual = Array(hashCode(code, account: stored.accountID, purpose: stored.purpose, key: key).utf8)
        guard expected.count == actual.count else { return false }
        return zip(expected, actual).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// `seconds` as a person reads a long wait: minutes under two hours, else hours.
    static func hours(_ seconds: Int) -> String {
        seconds < 7_200 ? "\(max(1, (seconds + 59) / 60)) minutes" : "\((seconds + 3_599) / 3_600) hours"
    }

    static func caller(_ account: CloudAccount, verified: Bool) -> CloudCaller {
        CloudCaller(
            userRecordName: account.id, emailAddress: account.email, createdAt: account.createdAt,
            emailVerified: verified)
    }
}
