import Foundation
import HearthCloud
import HearthCore
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("The pantry's tables: one store on SQLite and PostgreSQL")
struct PantryStoreTests {
    @Test("migrating again changes nothing, and every pantry table answers", arguments: DatabaseKind.allCases)
    func migrations(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            try await pantry.store.migrate()
            let tables = [
                "pantry_households", "pantry_members", "pantry_invites", "pantry_items", "pantry_stock_bookings",
                "pantry_recipes",
                "pantry_recipe_ingredients", "pantry_recipe_steps", "pantry_recipe_tags", "pantry_shopping_items",
            ]
            for table in tables {
                let rows = try await pantry.recordStore.database.transaction(readOnly: true) { tx in
                    try await tx.query("SELECT COUNT(*) AS n FROM \(table)", [])
                }
                #expect(rows.first?.int("n") == 0, "\(table)")
            }
        }
    }

    @Test(
        "a recipes table made before recipes had versions gains the column, its recipes at version 1",
        arguments: DatabaseKind.allCases)
    func addsLaterColumns(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let database = pantry.recordStore.database
            try await database.transaction(readOnly: false) { tx in
                try await tx.execute("DROP TABLE pantry_recipes", [])
                try await tx.execute(
                    """
                    CREATE TABLE pantry_recipes (
                        id TEXT PRIMARY KEY, household_id TEXT NOT NULL, name TEXT NOT NULL, description TEXT,
                        prep_time BIGINT, cook_time BIGINT, servings BIGINT, difficulty TEXT NOT NULL)
                    """, [])
                try await tx.execute(
                    "INSERT INTO pantry_recipes (id, household_id, name, difficulty) VALUES ('old', 'h', 'Stew', 'easy')",
                    [])
            }
            try await pantry.store.migrate()
            #expect(try await pantry.store.recipe(id: "old")?.version == 1)
            try await pantry.store.migrate()
            #expect(try await pantry.store.recipe(id: "old")?.name == "Stew", "migrating again changes nothing")
        }
    }

    @Test(
        "a household's rows are read in batches, saved as the rules change them, and deleted with it",
        arguments: DatabaseKind.allCases)
    func householdRows(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let guest = try await pantry.user("guest")
            let home = try await pantry.household("Home", owner: owner, members: [(guest, .admin)])
            let cabin = try await pantry.household("Cabin", owner: owner)
            let invite = try await pantry.invite(to: home)
            try await pantry.item("Rice", quantity: 1.5, in: home)

            let households = try await pantry.store.households(ids: [home.id, cabin.id, "missing"])
            #expect(households[home.id]?.name == "Home")
            #expect(households["missing"] == nil)
            let members = try await pantry.store.members(inHouseholds: [home.id, cabin.id])
            #expect(members[home.id]?.map(\.role) == [.owner, .admin])
            #expect(members[cabin.id]?.map(\.userId) == [owner.userID])
            let items = try await pantry.store.items(inHouseholds: [home.id])
            #expect(items[home.id]?.first?.quantity == 1.5)
            #expect(items[home.id]?.first?.expirationDate?.iso == "2030-01-31")
            let accounts = try await pantry.store.accounts(ids: [owner.userID, guest.userID])
            #expect(accounts[guest.userID]?.email == guest.email)
            #expect(try await pantry.store.memberships(ofUsers: [owner.userID])[owner.userID]?.count == 2)
            #expect(try await pantry.store.invite(code: invite.code)?.householdId == home.id)

            // A save from a stale read is refused, and changes nothing.
            let stored = try #require(try await pantry.store.household(id: home.id))
            let transferred = try HouseholdRules.transferOwnership(
                of: stored, to: guest.userID, by: owner.userID, at: Date().addingTimeInterval(1))
            try await pantry.store.save(transferred, replacing: stored)
            #expect(try await pantry.store.household(id: home.id)?.owner?.userId == guest.userID)
            #expect(try await pantry.store.household(id: home.id)?.members.map(\.role) == [.owner, .admin])
            let stale = try HouseholdRules.update(
                stored, name: "Stale", description: nil, by: owner.userID, at: Date().addingTimeInterval(2))
            await #expect(throws: ServiceError.self) { try await pantry.store.save(stale, replacing: stored) }
            #expect(try await pantry.store.household(id: home.id)?.name == "Home")

            #expect(try await pantry.store.deleteHousehold(id: home.id))
            #expect(try await pantry.store.deleteHousehold(id: home.id) == false)
            #expect(try await pantry.store.members(inHouseholds: [home.id]).isEmpty)
            #expect(try await pantry.store.items(inHouseholds: [home.id]).isEmpty)
            #expect(try await pantry.store.invite(code: invite.code) == nil)
        }
    }
}
