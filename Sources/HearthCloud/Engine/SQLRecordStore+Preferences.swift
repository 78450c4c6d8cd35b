import Foundation

/// The accounts' choices the server acts on: one value per account and name.
extension SQLRecordStore {
    public func accountPreference(accountID: String, name: String) async throws -> String? {
        try await transaction(readOnly: true) { tx in
            try await tx.first(
                "SELECT value FROM account_preferences WHERE account_id = ? AND name = ?", .text(accountID),
                .text(name)
            ).map { $0.text("value") }
        }
    }

    public func setAccountPreference(accountID: String, name: String, value: String?, at time: Int64) async throws {
        try await transaction(readOnly: false) { tx in
            guard let value else {
                try await tx.execute(
                    "DELETE FROM account_preferences WHERE account_id = ? AND name = ?", .text(accountID), .text(name))
                return
            }
            try await tx.execute(
                """
                INSERT INTO account_preferences (account_id, name, value, updated_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (account_id, name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                """,
                .text(accountID), .text(name), .text(value), .int(time))
        }
    }
}
