import Foundation
import HearthCloud
import HearthCore
import HearthPantryModel

/// The daily digest's rows: each account's ``DigestPreferences``, and which digests went out where.
extension PantryStore {
    static let digestColumns = "user_id, enabled, email, webhook_url, hour, time_zone, days_ahead"

    /// The account's digest preferences, or nil when it never set any (the defaults apply: off).
    func digestPreferences(of userID: String) async throws -> DigestPreferences? {
        try await database.transaction(readOnly: true) { tx in
            try await tx.first(
                "SELECT \(Self.digestColumns) FROM pantry_digest_preferences WHERE user_id = ?", .text(userID))
        }.map(Self.digestPreferences)
    }

    /// Stores `preferences` (already ``DigestPreferences/validated()``) as the account's.
    func save(digestPreferences preferences: DigestPreferences, of userID: String, at now: Date) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                """
                INSERT INTO pantry_digest_preferences (user_id, enabled, email, webhook_url, hour, time_zone, days_ahead, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled, email = excluded.email,
                  webhook_url = excluded.webhook_url, hour = excluded.hour, time_zone = excluded.time_zone,
                  days_ahead = excluded.days_ahead, updated_at = excluded.updated_at
                """,
                .text(userID), SQLValue(preferences.enabled), SQLValue(preferences.email),
                SQLValue(preferences.webhookURL), .int(Int64(preferences.hour)), .text(preferences.timeZone),
                .int(Int64(preferences.daysAhead)), .int(milliseconds(now)))
        }
    }

    /// Every account with the digest switched on, with its e-mail address, by id.
    func digestSubscribers() async throws -> [DigestRecipient] {
        try await database.transaction(readOnly: true) { tx in
            try await tx.query(
                """
                SELECT d.user_id AS user_id, d.enabled AS enabled, d.email AS email, d.webhook_url AS webhook_url,
                  d.hour AS hour, d.time_zone AS time_zone, d.days_ahead AS days_ahead, a.email AS address
                FROM pantry_digest_preferences d JOIN accounts a ON a.id = d.user_id
                WHERE d.enabled = 1 ORDER BY d.user_id
                """)
        }.map { row in
            DigestRecipient(
                userID: row.text("user_id"), email: row.text("address"), preferences: Self.digestPreferences(row))
        }
    }

    /// The account whose id or e-mail address (any case) is `member`, as a digest goes to it, whatever its
    /// switches say; nil without such an account.
    func digestRecipient(matching member: String) async throws -> DigestRecipient? {
        let text = Validation.trimmed(member)
        guard !text.isEmpty, text.count <= 320 else { return nil }
        let id = try await database.transaction(readOnly: true) { tx in
            try await tx.first(
                "SELECT id FROM accounts WHERE id = ? OR lower(email) = lower(?) ORDER BY id LIMIT 1", .text(text),
                .text(text))
        }.map { $0.text("id") }
        guard let id, let account = try await accounts(ids: [id])[id] else { return nil }
        return DigestRecipient(
            userID: id, email: account.email, preferences: try await digestPreferences(of: id) ?? DigestPreferences())
    }

    /// The households `userID` belongs to now, each with its items: what their digest may speak of.
    func digestHouseholds(of userID: String) async throws -> [(household: Household, items: [PantryItem])] {
        let ids = (try await memberships(ofUsers: [userID])[userID] ?? []).map(\.householdId)
        let households = try await self.households(ids: ids)
        let items = try await self.items(inHouseholds: ids)
        return ids.compactMap { id in households[id].map { ($0, items[id] ?? []) } }
    }

    /// The channels the digest with this key has gone out on (`day` once it is done).
    func digestChannels(delivered key: String) async throws -> Set<String> {
        Set(
            try await database.transaction(readOnly: true) { tx in
                try await tx.query(
                    "SELECT channel FROM pantry_digest_deliveries WHERE delivery_key = ?", .text(key))
            }.map { $0.text("channel") })
    }

    /// Notes that the digest with this key went out on `channel` (or, with `day`, that it is done).
    func recordDigest(_ key: String, channel: String, userID: String, day: CalendarDay, at now: Date) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                """
                INSERT INTO pantry_digest_deliveries (delivery_key, channel, user_id, day, delivered_at)
                VALUES (?, ?, ?, ?, ?) ON CONFLICT (delivery_key, channel) DO NOTHING
                """, .text(key), .text(channel), .text(userID), .text(day.iso), .int(milliseconds(now)))
        }
    }

    /// Claims the sending of the digest with this key until `until`, so that another server process (or a
    /// `hearth pantry digest run` beside a running server) does not send it at the same time: true when this
    /// caller holds the claim, false while someone else's has not run out.
    func claimDigest(_ key: String, userID: String, day: CalendarDay, now: Date, until: Date) async throws -> Bool {
        try await database.transaction(readOnly: false) { tx in
            try await tx.query(
                """
                INSERT INTO pantry_digest_deliveries (delivery_key, channel, user_id, day, delivered_at)
                VALUES (?, ?, ?, ?, ?) ON CONFLICT (delivery_key, channel) DO UPDATE SET delivered_at = excluded.delivered_at
                WHERE pantry_digest_deliveries.delivered_at <= ? RETURNING delivery_key
                """, .text(key), .text(PantryDigests.claim), .text(userID), .text(day.iso),
                .int(milliseconds(until)), .int(milliseconds(now)))
        }.count == 1
    }

    /// Gives up the claim on the digest with this key (after a channel failed), so the next run may try again.
    func releaseDigest(_ key: String) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                "DELETE FROM pantry_digest_deliveries WHERE delivery_key = ? AND channel = ?", .text(key),
                .text(PantryDigests.claim))
        }
    }

    /// Forgets deliveries made before `cutoff`: their days are long gone and can never be due again.
    func forgetDigests(deliveredBefore cutoff: Date) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                "DELETE FROM pantry_digest_deliveries WHERE delivered_at < ?", .int(milliseconds(cutoff)))
        }
    }

    static func digestPreferences(_ row: SQLRow) -> DigestPreferences {
        DigestPreferences(
            enabled: row.bool("enabled"), email: row.bool("email"), webhookURL: row.optionalText("webhook_url"),
            hour: Int(row.int("hour")), timeZone: row.text("time_zone"), daysAhead: Int(row.int("days_ahead")))
    }
}
