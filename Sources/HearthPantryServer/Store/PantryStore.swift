package import Foundation
package import HearthCloud
import HearthCore
import HearthPantryModel

/// The pantry's rows in the server's database, as HearthPantryModel's types: households, members, invite
/// codes and items.
///
/// Reads take many keys and answer in one statement (the GraphQL loaders call them); every write is one
/// transaction. Runs unchanged on SQLite and PostgreSQL.
package struct PantryStore: Sendable {
    let database: any SQLDatabase
    let clock: @Sendable () -> Date
    /// Items as last read, by household, while their revision stays the same.
    let itemCache: PantryItemCache

    package init(database: any SQLDatabase, clock: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.clock = clock
        self.itemCache = PantryItemCache()
    }

    /// Creates or upgrades the pantry's tables.
    package func migrate() async throws {
        try await PantryTables.migrate(database)
    }

    /// Most keys bound in one `IN (…)` list; longer lists are read in several statements.
    static let chunkSize = 500

    static let householdColumns = "id, name, description, created_by, created_at, updated_at"
    static let memberColumns = "id, household_id, user_id, role, joined_at"
    static let inviteColumns = "code, household_id, created_by, created_at, expires_at, revoked_at"
    static let itemColumns =
        "id, household_id, name, quantity, unit, category, expiration_date, location, notes, barcode, minimum_quantity, due_date_kind, added_by, created_at, updated_at"

    /// Where `userID`'s answers stand: the revisions of their households, of everyone they share one with (the
    /// names and addresses answers show) and of their own account, in a fixed order. It changes with every
    /// write to anything an answer of theirs can show, and with every household they join or leave.
    func answerVersion(for userID: String) async throws -> String {
        let rows = try await database.single(
            """
            SELECT 'h' AS kind, m.household_id AS id, COALESCE(r.revision, 0) AS revision FROM pantry_members m
                LEFT JOIN pantry_household_revisions r ON r.household_id = m.household_id WHERE m.user_id = ?
            UNION ALL
            SELECT 'u' AS kind, other.user_id AS id, COALESCE(u.revision, 0) AS revision FROM pantry_members mine
                JOIN pantry_members other ON other.household_id = mine.household_id
                LEFT JOIN pantry_user_revisions u ON u.user_id = other.user_id WHERE mine.user_id = ?
            UNION ALL
            SELECT 'u' AS kind, a.id AS id, COALESCE(u.revision, 0) AS revision FROM accounts a
                LEFT JOIN pantry_user_revisions u ON u.user_id = a.id WHERE a.id = ?
            """, [.text(userID), .text(userID), .text(userID)])
        return rows.map { "\($0.text("kind")):\($0.text("id")):\($0.int("revision"))" }.sorted().joined(separator: ",")
    }

    // MARK: Batched reads

    /// The households with these ids, without their members (the loaders read those apart).
    func households(ids: [String]) async throws -> [String: Household] {
        let rows = try await select("SELECT \(Self.householdColumns) FROM pantry_households WHERE id IN", ids)
        return Dictionary(
            rows.map { ($0.text("id"), Self.household($0, members: [])) }, uniquingKeysWith: { a, _ in a })
    }

    /// The memberships of each user, by user, oldest first.
    func memberships(ofUsers userIDs: [String]) async throws -> [String: [HouseholdMember]] {
        let rows = try await select(
            "SELECT \(Self.memberColumns) FROM pantry_members WHERE user_id IN", userIDs, order: "joined_at, id")
        return Dictionary(grouping: rows.map(Self.member), by: \.userId)
    }

    /// The members of each household, by household: the owner, then admins, then members, oldest first.
    func members(inHouseholds ids: [String]) async throws -> [String: [HouseholdMember]] {
        let rows = try await select(
            "SELECT \(Self.memberColumns) FROM pantry_members WHERE household_id IN", ids, order: "joined_at, id")
        return Dictionary(grouping: rows.map(Self.member), by: \.householdId).mapValues(Self.sorted)
    }

    /// The items of each household, by household, in name order; households without items are left out.
    func items(inHouseholds ids: [String]) async throws -> [String: [PantryItem]] {
        try await revisedItems(ids).compactMapValues { $0.items.isEmpty ? nil : $0.items }
    }

    /// The stock of a household as recipes are ranked against it on `today`.
    func stockIndex(of householdID: String, today: CalendarDay?) async throws -> CookableRanking.StockIndex {
        let found = try await revisedItems([householdID])[householdID] ?? (0, [])
        return itemCache.stockIndex(householdID, revision: found.revision, items: found.items, today: today)
    }

    /// Each household's items and the revision they are at: kept ones while the revision is unchanged, the
    /// rest read in one statement per ``chunkSize`` households.
    private func revisedItems(_ ids: [String]) async throws -> [String: (revision: Int64, items: [PantryItem])] {
        let unique = Array(Set(ids))
        guard !unique.isEmpty else { return [:] }
        let (revisions, kept, rows) = try await database.transaction(readOnly: true) { [unique, itemCache] tx in
            // The revision first: items read after it can only be newer than it says.
            var revisions: [String: Int64] = [:]
            for row in try await Self.select(
                tx, "SELECT household_id, revision FROM pantry_item_revisions WHERE household_id IN", unique)
            {
                revisions[row.text("household_id")] = row.int("revision")
            }
            var kept: [String: [PantryItem]] = [:]
            var missing: [String] = []
            for id in unique {
                if let items = itemCache.items(id, revision: revisions[id] ?? 0) {
                    kept[id] = items
                } else {
                    missing.append(id)
                }
            }
            let rows = try await Self.select(
                tx, "SELECT \(Self.itemColumns) FROM pantry_items WHERE household_id IN", missing, order: "name, id")
            return (revisions, kept, missing.isEmpty ? nil : (missing, rows))
        }
        var result: [String: (revision: Int64, items: [PantryItem])] = [:]
        for (id, items) in kept { result[id] = (revisions[id] ?? 0, items) }
        if let (missing, rows) = rows {
            let read = Dictionary(grouping: rows.map(Self.item), by: \.householdId)
            for id in missing {
                let items = read[id] ?? []
                itemCache.store(id, revision: revisions[id] ?? 0, items: items)
                result[id] = (revisions[id] ?? 0, items)
            }
        }
        return result
    }

    /// The invite codes of each household that still work (neither revoked nor expired), by household.
    func invites(inHouseholds ids: [String]) async throws -> [String: [InviteCode]] {
        let rows = try await select(
            "SELECT \(Self.inviteColumns) FROM pantry_invites WHERE revoked_at IS NULL AND expires_at > \(milliseconds(clock())) AND household_id IN",
            ids, order: "created_at, code")
        return Dictionary(grouping: rows.map(Self.invite), by: \.householdId)
    }

    /// The accounts of the server with these ids, with their profiles.
    func accounts(ids: [String]) async throws -> [String: AccountRecord] {
        let rows = try await select(
            "SELECT \(Self.accountColumns) FROM accounts a LEFT JOIN pantry_profiles p ON p.user_id = a.id WHERE a.id IN",
            ids)
        return Dictionary(rows.map { ($0.text("id"), Self.account($0)) }, uniquingKeysWith: { a, _ in a })
    }

    /// Rows of `sql` (which ends in `… IN`) for `keys`, in statements of at most ``chunkSize`` keys.
    func select(_ sql: String, _ keys: [String], order: String? = nil) async throws -> [SQLRow] {
        var unique: [String] = []
        var seen = Set<String>()
        for key in keys where seen.insert(key).inserted { unique.append(key) }
        guard !unique.isEmpty else { return [] }
        return try await database.transaction(readOnly: true) { [unique] tx in
            try await Self.select(tx, sql, unique, order: order)
        }
    }

    /// Rows of `sql` (which ends in `… IN`) for `keys` (each once) in `tx`, in statements of at most ``chunkSize`` keys.
    static func select(_ tx: any SQLTransaction, _ sql: String, _ keys: [String], order: String? = nil) async throws
        -> [SQLRow]
    {
        let orderBy = order.map { " ORDER BY \($0)" } ?? ""
        var rows: [SQLRow] = []
        var start = 0
        while start < keys.count {
            let chunk = Array(keys[start..<min(start + chunkSize, keys.count)])
            rows += try await tx.query("\(sql) (\(placeholders(chunk.count)))\(orderBy)", chunk.map(SQLValue.text))
            start += chunk.count
        }
        return rows
    }

    // MARK: Rows

    static func household(_ row: SQLRow, members: [HouseholdMember]) -> Household {
        Household(
            id: row.text("id"), name: row.text("name"), description: row.optionalText("description"),
            createdBy: row.text("created_by"),
            createdAt: date(row.int("created_at")), updatedAt: date(row.int("updated_at")), members: members)
    }

    static func member(_ row: SQLRow) -> HouseholdMember {
        HouseholdMember(
            id: row.text("id"), userId: row.text("user_id"), householdId: row.text("household_id"),
            role: MemberRole(rawValue: row.text("role")) ?? .member, joinedAt: date(row.int("joined_at")))
    }

    static func invite(_ row: SQLRow) -> InviteCode {
        InviteCode(
            code: row.text("code"), householdId: row.text("household_id"), createdBy: row.text("created_by"),
            createdAt: date(row.int("created_at")), expiresAt: date(row.int("expires_at")),
            revokedAt: row.value("revoked_at") == .null ? nil : date(row.int("revoked_at")))
    }

    static func item(_ row: SQLRow) -> PantryItem {
        PantryItem(
            id: row.text("id"), householdId: row.text("household_id"), name: row.text("name"),
            quantity: row.double("quantity"),
            unit: row.text("unit"), category: ItemCategory(rawValue: row.text("category")) ?? .other,
            expirationDate: row.optionalText("expiration_date").flatMap { CalendarDay(iso: $0) },
            location: row.optionalText("location"), notes: row.optionalText("notes"), addedBy: row.text("added_by"),
            createdAt: date(row.int("created_at")), updatedAt: date(row.int("updated_at")),
            minimumQuantity: row.value("minimum_quantity") == .null ? nil : row.double("minimum_quantity"),
            dueDateKind: DueDateKind(rawValue: row.text("due_date_kind")) ?? .expiration,
            barcode: row.optionalText("barcode").flatMap { try? GTIN($0) })
    }

    /// Members as households list them: the owner, then admins, then members, oldest first.
    static func sorted(_ members: [HouseholdMember]) -> [HouseholdMember] {
        members.sorted { ($0.role.sortOrder, $0.joinedAt, $0.id) < ($1.role.sortOrder, $1.joinedAt, $1.id) }
    }

    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
}

func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
