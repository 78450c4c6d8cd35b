import Crypto
import Foundation

/// Whether an account shares anonymous usage of the pages (which pages are opened, nothing typed) with the
/// server's own analytics collector: off until the account turns it on. Its events carry a pseudonym, an HMAC of
/// the account under the server's secret, so they name neither the account nor its address, and the database
/// alone does not link them to it.
extension AccountService {
    /// The preference's name in the account's choices.
    static let usagePreference = "usage-analytics"

    /// Whether the account has turned on sharing its usage of the pages.
    public func sharesUsage(accountID: String) async throws -> Bool {
        try await store.accountPreference(accountID: accountID, name: Self.usagePreference) == "on"
    }

    /// Turns sharing the account's usage of the pages on or off.
    public func setSharesUsage(accountID: String, _ shares: Bool) async throws {
        try await store.setAccountPreference(
            accountID: accountID, name: Self.usagePreference, value: shares ? "on" : nil, at: milliseconds(clock()))
    }

    /// The id the account's usage events carry: 32 hex digits, the same for the account every time, made with
    /// the server's secret.
    public func usagePseudonym(accountID: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("usage:\(accountID)".utf8), using: codeKey)
        return mac.prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
