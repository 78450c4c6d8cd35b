public import Foundation
public import HearthCloudModel
import HummingbirdBcrypt
import NIOPosix

/// Verified addresses, passwords and sessions.
///
/// Codes are six digits, good for ``CloudConfiguration/accountCodeLifetime`` and
/// ``CloudConfiguration/accountCodeAttempts`` tries, one per account and purpose (a new one replaces the old),
/// stored as a salted SHA-256. This service makes and checks them; sending them is the server's, which also
/// limits how often they are sent.
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
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(Self.prehash(current), hash: hash) }
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
                accountID: account.id, purpose: purpose, email: account.email, codeHash: Self.hashCode(code),
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
        guard Self.codeMatches(digits, stored.codeHash) else {
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

    static func hashCode(_ code: String) -> String {
        let salt = AssetChecksum.sha256Hex(Data(SessionTokens.makeToken().utf8)).prefix(32)
        return salt + "$" + AssetChecksum.sha256Hex(Data((salt + ":" + code).utf8))
    }

    static func codeMatches(_ code: String, _ stored: String) -> Bool {
        let parts = stored.split(separator: "$", maxSplits: 1)
        guard parts.count == 2 else { return false }
        let expected = Array(parts[1].utf8)
        let actual = Array(AssetChecksum.sha256Hex(Data((parts[0] + ":" + code).utf8)).utf8)
        guard expected.count == actual.count else { return false }
        return zip(expected, actual).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    static func caller(_ account: CloudAccount, verified: Bool) -> CloudCaller {
        CloudCaller(
            userRecordName: account.id, emailAddress: account.email, createdAt: account.createdAt,
            emailVerified: verified)
    }
}
