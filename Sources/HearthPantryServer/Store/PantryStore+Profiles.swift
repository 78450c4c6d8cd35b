import Foundation
import HearthCloud
import HearthCore

/// Accounts' profiles (names, picture, phone, main household), kept by the pantry beside the cloud accounts.
extension PantryStore {
    static let accountColumns = """
        a.id AS id, a.email AS email, a.created_at AS created_at, p.first_name AS first_name, p.last_name AS last_name,
        p.display_name AS display_name, p.avatar_url AS avatar_url, p.phone AS phone, p.primary_household_id AS primary_household_id,
        p.updated_at AS updated_at
        """

    /// Stores `profile` as the account's, replacing what it had.
    func save(profile: AccountRecord.Profile, of userID: String, at now: Date) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                """
                INSERT INTO pantry_profiles (user_id, first_name, last_name, display_name, avatar_url, phone, primary_household_id, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
                  display_name = excluded.display_name, avatar_url = excluded.avatar_url, phone = excluded.phone,
                  primary_household_id = excluded.primary_household_id, updated_at = excluded.updated_at
                """,
                .text(userID), .text(profile.firstName), .text(profile.lastName), SQLValue(profile.displayName),
                SQLValue(profile.avatarUrl),
                SQLValue(profile.phone), SQLValue(profile.primaryHouseholdId), .int(milliseconds(now)))
        }
    }

    /// The ids of everyone who shares at least one household with `userID`, themselves included when they belong
    /// to any household.
    func housemates(of userID: String) async throws -> [String] {
        try await database.transaction(readOnly: true) { tx in
            try await tx.query(
                """
                SELECT DISTINCT other.user_id AS user_id FROM pantry_members mine
                JOIN pantry_members other ON other.household_id = mine.household_id WHERE mine.user_id = ?
                """, .text(userID))
        }.map { $0.text("user_id") }
    }

    static func account(_ row: SQLRow) -> AccountRecord {
        AccountRecord(
            id: row.text("id"), email: row.text("email"), createdAt: date(row.int("created_at")),
            profile: AccountRecord.Profile(
                firstName: row.text("first_name"), lastName: row.text("last_name"),
                displayName: row.optionalText("display_name"),
                avatarUrl: row.optionalText("avatar_url"), phone: row.optionalText("phone"),
                primaryHouseholdId: row.optionalText("primary_household_id"),
                updatedAt: row.value("updated_at") == .null ? nil : date(row.int("updated_at"))))
    }
}
