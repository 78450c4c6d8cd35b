import Foundation
import HearthCloud
import HearthCore

/// Household, member and invite writes: each one transaction, checking what the database must agree to
/// (the row exists, the code is usable) inside it. Who may call them is the resolvers' to decide.
extension PantryStore {
    /// A new household, with `userID` as its owner.
    func createHousehold(name: String, description: String?, by userID: String) async throws -> HouseholdRecord {
        let now = clock()
        let household = HouseholdRecord(id: Self.newID(), name: name, description: description, createdBy: userID, createdAt: now, updatedAt: now)
        let member = MemberRecord(id: Self.newID(), householdID: household.id, userID: userID, role: .owner, joinedAt: now)
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                "INSERT INTO pantry_households (id, name, description, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                .text(household.id), .text(name), SQLValue(description), .text(userID), .int(milliseconds(now)), .int(milliseconds(now)))
            try await Self.insert(member, tx)
        }
        return household
    }

    /// The household with a new name and description; nil when it does not exist.
    func updateHousehold(id: String, name: String, description: String?) async throws -> HouseholdRecord? {
        let now = clock()
        let rows = try await database.transaction(readOnly: false) { tx in
            try await tx.query(
                "UPDATE pantry_households SET name = ?, description = ?, updated_at = ? WHERE id = ? RETURNING id, name, description, created_by, created_at, updated_at",
                .text(name), SQLValue(description), .int(milliseconds(now)), .text(id))
        }
        return rows.first.map(Self.household)
    }

    /// Deletes the household and everything in it; false when it did not exist.
    func deleteHousehold(id: String) async throws -> Bool {
        try await database.transaction(readOnly: false) { tx in
            for table in PantryTables.householdScoped {
                try await tx.execute("DELETE FROM \(table) WHERE household_id = ?", .text(id))
            }
            try await tx.execute("DELETE FROM pantry_recipe_ingredients WHERE recipe_id IN (SELECT id FROM pantry_recipes WHERE household_id = ?)", .text(id))
            try await tx.execute("DELETE FROM pantry_recipe_steps WHERE recipe_id IN (SELECT id FROM pantry_recipes WHERE household_id = ?)", .text(id))
            try await tx.execute("DELETE FROM pantry_recipe_tags WHERE recipe_id IN (SELECT id FROM pantry_recipes WHERE household_id = ?)", .text(id))
            try await tx.execute("DELETE FROM pantry_recipes WHERE household_id = ?", .text(id))
            return try await tx.query("DELETE FROM pantry_households WHERE id = ? RETURNING id", .text(id)).isEmpty == false
        }
    }

    /// A new invite code for the household, valid for `lifetime`.
    func createInvite(householdID: String, role: MemberRole, by userID: String, lifetime: Duration) async throws -> InviteRecord {
        let now = clock()
        let invite = InviteRecord(
            code: Self.newInviteCode(), householdID: householdID, role: role, createdBy: userID, createdAt: now,
            expiresAt: now.addingTimeInterval(Double(lifetime.components.seconds)), revokedAt: nil)
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                "INSERT INTO pantry_invites (code, household_id, role, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
                .text(invite.code), .text(householdID), .text(role.rawValue), .text(userID), .int(milliseconds(now)), .int(milliseconds(invite.expiresAt)))
        }
        return invite
    }

    /// The invite with this code, revoked, expired or not; nil when there is none.
    func invite(code: String) async throws -> InviteRecord? {
        try await database.transaction(readOnly: true) { tx in
            try await tx.first("SELECT code, household_id, role, created_by, created_at, expires_at, revoked_at FROM pantry_invites WHERE code = ?", .text(code))
        }.map(Self.invite)
    }

    /// Revokes the invite; false when it was already revoked or does not exist.
    func revokeInvite(code: String) async throws -> Bool {
        let now = clock()
        return try await database.transaction(readOnly: false) { tx in
            try await tx.query("UPDATE pantry_invites SET revoked_at = ? WHERE code = ? AND revoked_at IS NULL RETURNING code", .int(milliseconds(now)), .text(code)).isEmpty == false
        }
    }

    /// Makes `userID` a member through the invite, counting its use. The invite must be usable and the user
    /// not yet a member: `VALIDATION_FAILED` with `invalid` or `alreadyMember` otherwise.
    func join(code: String, userID: String, invalid: String, alreadyMember: String) async throws -> MemberRecord {
        let now = clock()
        return try await database.transaction(readOnly: false) { tx in
            guard let row = try await tx.first(
                "UPDATE pantry_invites SET uses = uses + 1 WHERE code = ? AND revoked_at IS NULL AND expires_at > ? RETURNING household_id, role",
                .text(code), .int(milliseconds(now)))
            else { throw ServiceError.validationFailed(invalid) }
            let householdID = row.text("household_id")
            if try await tx.first("SELECT id FROM pantry_members WHERE household_id = ? AND user_id = ?", .text(householdID), .text(userID)) != nil {
                throw ServiceError.validationFailed(alreadyMember)
            }
            let member = MemberRecord(id: Self.newID(), householdID: householdID, userID: userID, role: MemberRole(rawValue: row.text("role")) ?? .member, joinedAt: now)
            try await Self.insert(member, tx)
            return member
        }
    }

    /// The member with a new role; nil when there is no such member.
    func updateMemberRole(memberID: String, role: MemberRole) async throws -> MemberRecord? {
        try await database.transaction(readOnly: false) { tx in
            try await tx.first("UPDATE pantry_members SET role = ? WHERE id = ? RETURNING id, household_id, user_id, role, joined_at", .text(role.rawValue), .text(memberID))
        }.map(Self.member)
    }

    /// Removes the membership; false when there was none.
    func removeMember(memberID: String) async throws -> Bool {
        try await database.transaction(readOnly: false) { tx in
            try await tx.query("DELETE FROM pantry_members WHERE id = ? RETURNING id", .text(memberID)).isEmpty == false
        }
    }

    /// Makes `toMemberID` the owner and the owner `fromMemberID` an admin, together.
    func transferOwnership(from fromMemberID: String, to toMemberID: String) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute("UPDATE pantry_members SET role = ? WHERE id = ?", .text(MemberRole.admin.rawValue), .text(fromMemberID))
            try await tx.execute("UPDATE pantry_members SET role = ? WHERE id = ?", .text(MemberRole.owner.rawValue), .text(toMemberID))
        }
    }

    /// The membership with this id; nil when there is none.
    func member(id: String) async throws -> MemberRecord? {
        try await database.transaction(readOnly: true) { tx in
            try await tx.first("SELECT id, household_id, user_id, role, joined_at FROM pantry_members WHERE id = ?", .text(id))
        }.map(Self.member)
    }

    /// Adds a pantry item (the households slice's items are written here until the item mutations exist).
    func addItem(_ item: ItemRecord) async throws {
        try await database.transaction(readOnly: false) { tx in
            try await tx.execute(
                "INSERT INTO pantry_items (id, household_id, name, quantity, unit, category, expiration_date, location, notes, added_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                .text(item.id), .text(item.householdID), .text(item.name), .double(item.quantity), .text(item.unit), .text(item.category),
                SQLValue(item.expirationDate), SQLValue(item.location), SQLValue(item.notes), .text(item.addedBy),
                .int(milliseconds(item.createdAt)), .int(milliseconds(item.updatedAt)))
        }
    }

    private static func insert(_ member: MemberRecord, _ tx: any SQLTransaction) async throws {
        try await tx.execute(
            "INSERT INTO pantry_members (id, household_id, user_id, role, joined_at) VALUES (?, ?, ?, ?, ?)",
            .text(member.id), .text(member.householdID), .text(member.userID), .text(member.role.rawValue), .int(milliseconds(member.joinedAt)))
    }

    static func newID() -> String { UUID().uuidString.lowercased() }

    /// Eight characters from an alphabet without look-alikes (no 0/O, 1/I/L).
    static func newInviteCode() -> String {
        let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<8).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
