public import HearthCloudModel
import NIOHTTP1

/// The account's address, password and sessions: proving the address with an emailed code, changing and
/// resetting the password, and signing out everywhere.
extension CloudClient {
    /// Asks the server to email a six-digit code to the signed-in account's address.
    @discardableResult
    public func requestVerification() async throws -> CloudCodeSent {
        try await send(.POST, "accounts/verification/request", body: Optional<Int>.none)
    }

    /// Proves the address with the emailed code; invitations sent to the address become the account's.
    @discardableResult
    public func confirmVerification(code: String) async throws -> CloudCaller {
        try await post("accounts/verification/confirm", CloudVerificationConfirmRequest(code: code))
    }

    /// Sets a new password; every other session of the account ends, this one stays.
    public func changePassword(current: String, new: String) async throws {
        try await postEmpty(
            "accounts/password/change", CloudPasswordChangeRequest(currentPassword: current, newPassword: new))
    }

    /// Asks for a reset code by email; the server answers the same whether or not a verified account has the
    /// address.
    @discardableResult
    public func requestPasswordReset(email: String) async throws -> CloudCodeSent {
        try await post(
            "accounts/password/reset/request", CloudPasswordResetRequest(emailAddress: email), authenticated: false)
    }

    /// Sets a new password with the emailed reset code; every session of the account ends.
    public func resetPassword(email: String, code: String, newPassword: String) async throws {
        try await postEmpty(
            "accounts/password/reset/confirm",
            CloudPasswordResetConfirmRequest(emailAddress: email, code: code, newPassword: newPassword),
            authenticated: false)
    }

    /// Ends every session of the account, this one included, and forgets the token.
    public func signOutEverywhere() async throws {
        try await postEmpty("accounts/signout/everywhere", Optional<Int>.none)
        setToken(nil)
    }
}
