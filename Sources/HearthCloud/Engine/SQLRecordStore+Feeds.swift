import Foundation

/// The accounts' calendar feed links: one nonce per account and feed.
extension SQLRecordStore {
    public func feedNonce(accountID: String, feed: String) async throws -> String? {
        try await transaction(readOnly: true) { tx in
            try await tx.first(
                "SELECT nonce FROM account_feeds WHERE account_id = ? AND feed = ?", .text(accountID), .text(feed)
            ).map { $0.text("nonce") }
        }
    }

    public func feedAccount(nonce: String, feed: String) async throws -> String? {
        try await transaction(readOnly: true) { tx in
            try await tx.first(
                "SELECT account_id FROM account_feeds WHERE nonce = ? AND feed = ?", .text(nonce), .text(feed)
            ).map { $0.text("account_id") }
        }
    }

    public func setFeedNonce(accountID: String, feed: String, nonce: String?, at time: Int64) async throws {
        try await transaction(readOnly: false) { tx in
            guard let nonce else {
                try await tx.execute(
                    "DELETE FROM account_feeds WHERE account_id = ? AND feed = ?", .text(accountID), .text(feed))
                return
            }
            try await tx.execute(
                """
                INSERT INTO account_feeds (account_id, feed, nonce, created_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (account_id, feed) DO UPDATE SET nonce = excluded.nonce, created_at = excluded.created_at
                """,
                .text(accountID), .text(feed), .text(nonce), .int(time))
        }
    }
}
