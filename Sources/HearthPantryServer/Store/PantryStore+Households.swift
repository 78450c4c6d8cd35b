import Foundation
import HearthCloud
import HearthCore
import HearthPantryModel

/// Household, member, invite and item writes, each one transaction. The resolvers decide with
/// HouseholdRules and the caller's permissions what the new state is; these store it.
extension PantryStore {
    /// The household with its members, as stored now; nil when there is none.
    func household(id: String) async throws -> Household? {
        try await database.transaction(readOnly: true) { tx in
            guard
                let row = try await tx.first(
                    "SELECT \(Self.householdColumns) FROM pantry_households WHERE id = ?", .text(id))
            else { return nil }
            let members = try await tx.query(
                "SELECT \(Self.memberColumns) FROM pantry_members WHERE household_id = ?", .text(id)
            ).map(Self.member)
            return Self.household(row, members: Self.sorted(members))
        }
    }

    /// Stores a new household and its members.
    func insert(_ household: Household) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                "INSERT INTO pantry_households (id, name, description, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                .text(household.id), .text(household.name), SQLValue(household.description), .text(household.createdBy),
                .int(milliseconds(household.createdAt)), .int(milliseconds(household.updatedAt)))
            for member in household.members { try await Self.insert(member, tx) }
        }
    }

    /// Stores `new`, which HouseholdRules made from `old`: its name and description, and the members added,
    /// removed or given another role. `CONFLICT` when the household changed since `old` was read (nothing
    /// is written then).
    /// - Parameter change: what subscribers are told once it commits.
    func save(_ new: Household, replacing old: Household, change: HouseholdChange? = nil) async throws {
        do {
            try await write(new, replacing: old, change: change)
        } catch is SQLUniqueViolation {
            throw ServiceError(
                .conflict, "\(old.name) changed while this change was being made; load it again and retry.")
        }
    }

    private func write(_ new: Household, replacing old: Household, change: HouseholdChange?) async throws {
        try await database.transaction(readOnly: false) { tx in
            if let change { try await tx.noticeOnCommit(change.notice) }
            let updated = try await tx.query(
                "UPDATE pantry_households SET name = ?, description = ?, updated_at = ? WHERE id = ? AND updated_at = ? RETURNING id",
                .text(new.name), SQLValue(new.description), .int(milliseconds(new.updatedAt)), .text(new.id),
                .int(milliseconds(old.updatedAt)))
            guard !updated.isEmpty else {
                throw ServiceError(
                    .conflict, "\(old.name) changed while this change was being made; load it again and retry.")
            }
            let before = Dictionary(old.members.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            let after = Set(new.members.map(\.id))
            for member in old.members where !after.contains(member.id) {
                try await tx.execute("DELETE FROM pantry_members WHERE id = ?", .text(member.id))
            }
            for member in new.members {
                if let previous = before[member.id] {
                    if previous.role != member.role {
                        try await tx.execute(
                            "UPDATE pantry_members SET role = ? WHERE id = ?", .text(member.role.rawValue),
                            .text(member.id))
                    }
                } else {
                    try await Self.insert(member, tx)
                }
            }
        }
    }

    /// Deletes the household and everything in it; false when it did not exist. Subscribers are told `change`
    /// once it commits.
    func deleteHousehold(id: String, change: HouseholdChange? = nil) async throws -> Bool {
        try await database.transaction(readOnly: false) { tx in
            if let change { try await tx.noticeOnCommit(change.notice) }
            for table in PantryTables.householdScoped {
                try await tx.execute("DELETE FROM \(table) WHERE household_id = ?", .text(id))
            }
            for table in ["pantry_recipe_ingredients", "pantry_recipe_steps", "pantry_recipe_tags"] {
                try await tx.execute(
                    "DELETE FROM \(table) WHERE recipe_id IN (SELECT id FROM pantry_recipes WHERE household_id = ?)",
                    .text(id))
            }
            try await tx.execute("DELETE FROM pantry_recipes WHERE household_id = ?", .text(id))
            return try await tx.query("DELETE FROM pantry_households WHERE id = ? RETURNING id", .text(id)).isEmpty
                == false
        }
    }

    /// The invite with this code (canonical form), revoked, expired or not; nil when there is none.
    func invite(code: String) async throws -> InviteCode? {
        try await database.transaction(readOnly: true) { tx in
            try await tx.first("SELECT \(Self.inviteColumns) FROM pantry_invites WHERE code = ?", .text(code))
        }.map(Self.invite)
    }

    /// Stores a new invite, or an invite's revocation.
    func save(_ invite: InviteCode) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                """
                INSERT INTO pantry_invites (code, household_id, created_by, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (code) DO UPDATE SET revoked_at = excluded.revoked_at
                """,
                .text(invite.code), .text(invite.householdId), .text(invite.createdBy),
                .int(milliseconds(invite.createdAt)),
                .int(milliseconds(invite.expiresAt)), SQLValue(invite.revokedAt.map(milliseconds)))
        }
    }

    /// Stores a pantry item.
    func insert(_ item: PantryItem) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                "INSERT INTO pantry_items (\(Self.itemColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                .text(item.id), .text(item.householdId), .text(item.name), .double(item.quantity), .text(item.unit),
                .text(item.category.rawValue),
                SQLValue(item.expirationDate?.iso), SQLValue(item.location), SQLValue(item.notes),
                SQLValue(item.barcode?.code),
                item.minimumQuantity.map(SQLValue.double) ?? .null, .text(item.dueDateKind.rawValue),
                .text(item.addedBy),
                .int(milliseconds(item.createdAt)), .int(milliseconds(item.updatedAt)))
        }
    }

    private static func insert(_ member: HouseholdMember, _ tx: any SQLTransaction) async throws {
        try await tx.execute(
            "INSERT INTO pantry_members (id, household_id, user_id, role, joined_at) VALUES (?, ?, ?, ?, ?)",
            .text(member.id), .text(member.householdId), .text(member.userId), .text(member.role.rawValue),
            .int(milliseconds(member.joinedAt)))
    }

    static func newID() -> String { UUID().uuidString.lowercased() }
}

extension PantryStore {
    /// The household a membership belongs to; nil when there is no such membership.
    func householdID(ofMember memberID: String) async throws -> String? {
        try await database.transaction(readOnly: true) { tx in
            try await tx.first("SELECT household_id FROM pantry_members WHERE id = ?", .text(memberID))
        }?.text("household_id")
    }
}
