import Crypto
import Foundation

/// Secret, revocable feed links (the garage's reminders as a calendar any app subscribes to): a link carries a
/// random nonce and its HMAC under the server's secret (``AccountService/init(store:configuration:codeKey:clock:timers:)``'s
/// `codeKey`), so only the server makes a link and a database or backup alone gives none. A new link ends the old
/// one; ending the feed ends both.
extension AccountService {
    /// The account's link token for `feed`, nil when it has none.
    public func feedToken(accountID: String, feed: String) async throws -> String? {
        try await store.feedNonce(accountID: accountID, feed: feed).map {
            Self.feedToken(nonce: $0, account: accountID, feed: feed, key: codeKey)
        }
    }

    /// A new link token for `feed`; the account's earlier link stops working.
    public func renewFeed(accountID: String, feed: String) async throws -> String {
        var generator = SystemRandomNumberGenerator()
        let nonce = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        try await store.setFeedNonce(accountID: accountID, feed: feed, nonce: nonce, at: milliseconds(clock()))
        return Self.feedToken(nonce: nonce, account: accountID, feed: feed, key: codeKey)
    }

    /// Ends the account's link to `feed`.
    public func endFeed(accountID: String, feed: String) async throws {
        try await store.setFeedNonce(accountID: accountID, feed: feed, nonce: nil, at: milliseconds(clock()))
    }

    /// The account whose link to `feed` `token` is; nil for anything else (checked in constant time once the
    /// nonce is found).
    public func feedAccount(token: String, feed: String) async throws -> String? {
        let bytes = Array(token.utf8)
        guard bytes.count == 64, bytes.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            return nil
        }
        let nonce = String(token.prefix(32))
        guard let account = try await store.feedAccount(nonce: nonce, feed: feed) else { return nil }
        let expected = Array(Self.feedToken(nonce: nonce, account: account, feed: feed, key: codeKey).utf8)
        return zip(expected, bytes).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0 ? account : nil
    }

    /// The nonce and the first 16 bytes of its HMAC-SHA256 with the feed and account, 64 hex digits in all.
    static func feedToken(nonce: String, account: String, feed: String, key: SymmetricKey) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("feed:\(feed):\(account):\(nonce)".utf8), using: key)
        return nonce + mac.prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
