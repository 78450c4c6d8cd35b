package import Foundation
package import HearthCloud
import HearthCore

/// The pantry's rows in the server's database: households, members, invites and items, read in batches.
///
/// Every read takes many keys and answers in one statement (the GraphQL loaders call these); every write is
/// one transaction. Runs unchanged on SQLite and PostgreSQL.
package struct PantryStore: Sendable {
    let database: any SQLDatabase
    let clock: @Sendable () -> Date

    package init(database: any SQLDatabase, clock: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.clock = clock
    }

    /// Creates or upgrades the pantry's tables.
    package func migrate() async throws {
        try await PantryTables.migrate(database)
    }

    /// Most keys bound in one `IN (…)` list; longer lists are read in several statements.
    static let chunkSize = 500

    // MARK: Reads

    func households(ids: [String]) async throws -> [String: HouseholdRecord] {
        let rows = try await select("SELECT id, name, description, created_by, created_at, updated_at FROM pantry_households WHERE id IN", ids)
        return Dictionary(rows.map { ($0.text("id"), Self.household($0)) }, uniquingKeysWith: { a, _ in a })
    }

    /// The memberships of `userIDs`, by user, oldest first.
    func memberships(ofUsers userIDs: [String]) async throws -> [String: [MemberRecord]] {
        let rows = try await select("SELECT id, household_id, user_id, role, joined_at FROM pantry_members WHERE user_id IN", userIDs, order: "joined_at, id")
        return Dictionary(grouping: rows.map(Self.member), by: \.userID)
    }

    /// The members of each household, by household: owners, then admins, then members, oldest first.
    func members(inHouseholds ids: [String]) async throws -> [String: [MemberRecord]] {
        let rows = try await select("SELECT id, household_id, user_id, role, joined_at FROM pantry_members WHERE household_id IN", ids, order: "joined_at, id")
        return Dictionary(grouping: rows.map(Self.member), by: \.householdID).mapValues { members in
            members.sorted { ($0.role.sortOrder, $0.joinedAt, $0.id) < ($1.role.sortOrder, $1.joinedAt, $1.id) }
        }
    }

    /// The items of each household, by household, in name order.
    func items(inHouseholds ids: [String]) async throws -> [String: [ItemRecord]] {
        let rows = try await select(
            "SELECT id, household_id, name, quantity, unit, category, expiration_date, location, notes, added_by, created_at, updated_at FROM pantry_items WHERE household_id IN",
            ids, order: "name, id")
        return Dictionary(grouping: rows.map(Self.item), by: \.householdID)
    }

    /// The accounts of the server with these ids.
    func accounts(ids: [String]) async throws -> [String: AccountRecord] {
        let rows = try await select("SELECT id, email FROM accounts WHERE id IN", ids)
        return Dictionary(rows.map { ($0.text("id"), AccountRecord(id: $0.text("id"), email: $0.text("email"))) }, uniquingKeysWith: { a, _ in a })
    }

    /// The invites of each household that are neither revoked nor expired, by household.
    func invites(inHouseholds ids: [String]) async throws -> [String: [InviteRecord]] {
        let rows = try await select(
            "SELECT code, household_id, role, created_by, created_at, expires_at, revoked_at FROM pantry_invites WHERE revoked_at IS NULL AND expires_at > \(milliseconds(clock())) AND household_id IN",
            ids, order: "created_at, code")
        return Dictionary(grouping: rows.map(Self.invite), by: \.householdID)
    }

    /// Rows of `sql` (which ends in `… IN`) for `keys`, in statements of at most ``chunkSize`` keys.
    private func select(_ sql: String, _ keys: [String], order: String? = nil) async throws -> [SQLRow] {
        var unique: [String] = []
        var seen = Set<String>()
        for key in keys where seen.insert(key).inserted { unique.append(key) }
        guard !unique.isEmpty else { return [] }
        let orderBy = order.map { " ORDER BY \($0)" } ?? ""
        return try await database.transaction(readOnly: true) { [unique] tx in
            var rows: [SQLRow] = []
            var start = 0
            while start < unique.count {
                let chunk = Array(unique[start..<min(start + Self.chunkSize, unique.count)])
                rows += try await tx.query("\(sql) (\(placeholders(chunk.count)))\(orderBy)", chunk.map(SQLValue.text))
                start += chunk.count
            }
            return rows
        }
    }

    // MARK: Rows

    static func household(_ row: SQLRow) -> HouseholdRecord {
        HouseholdRecord(
            id: row.text("id"), name: row.text("name"), description: row.optionalText("description"), createdBy: row.text("created_by"),
            createdAt: date(row.int("created_at")), updatedAt: date(row.int("updated_at")))
    }

    static func member(_ row: SQLRow) -> MemberRecord {
        MemberRecord(
            id: row.text("id"), householdID: row.text("household_id"), userID: row.text("user_id"),
            role: MemberRole(rawValue: row.text("role")) ?? .member, joinedAt: date(row.int("joined_at")))
    }

    static func invite(_ row: SQLRow) -> InviteRecord {
        InviteRecord(
            code: row.text("code"), householdID: row.text("household_id"), role: MemberRole(rawValue: row.text("role")) ?? .member,
            createdBy: row.text("created_by"), createdAt: date(row.int("created_at")), expiresAt: date(row.int("expires_at")),
            revokedAt: row.value("revoked_at") == .null ? nil : date(row.int("revoked_at")))
    }

    static func item(_ row: SQLRow) -> ItemRecord {
        ItemRecord(
            id: row.text("id"), householdID: row.text("household_id"), name: row.text("name"), quantity: row.double("quantity"),
            unit: row.text("unit"), category: row.text("category"), expirationDate: row.optionalText("expiration_date"),
            location: row.optionalText("location"), notes: row.optionalText("notes"), addedBy: row.text("added_by"),
            createdAt: date(row.int("created_at")), updatedAt: date(row.int("updated_at")))
    }

    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
}

func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
