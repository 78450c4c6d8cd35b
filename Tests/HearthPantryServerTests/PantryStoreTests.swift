import Foundation
import HearthCloud
@testable import HearthPantryServer
import Testing

@Suite("The pantry's tables: one store on SQLite and PostgreSQL")
struct PantryStoreTests {
    @Test("migrating again changes nothing, and every pantry table answers", arguments: DatabaseKind.allCases)
    func migrations(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            try await pantry.store.migrate()
            let tables = [
                "pantry_households", "pantry_members", "pantry_invites", "pantry_items", "pantry_stock_bookings", "pantry_recipes",
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

    @Test("a household's rows are read in batches and deleted with it", arguments: DatabaseKind.allCases)
    func householdRows(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let guest = try await pantry.user("guest")
            let home = try await pantry.store.createHousehold(name: "Home", description: "Upstairs", by: owner.userID)
            let cabin = try await pantry.store.createHousehold(name: "Cabin", description: nil, by: owner.userID)
            let invite = try await pantry.store.createInvite(householdID: home.id, role: .admin, by: owner.userID, lifetime: .seconds(60))
            let joined = try await pantry.store.join(code: invite.code, userID: guest.userID, invalid: "invalid", alreadyMember: "already")
            #expect(joined.role == .admin)
            let now = Date()
            try await pantry.store.addItem(ItemRecord(
                id: PantryStore.newID(), householdID: home.id, name: "Rice", quantity: 1.5, unit: "kg", category: "pantry",
                expirationDate: "2030-01-31", location: "Shelf", notes: nil, addedBy: owner.userID, createdAt: now, updatedAt: now))

            let households = try await pantry.store.households(ids: [home.id, cabin.id, "missing"])
            #expect(households[home.id]?.description == "Upstairs")
            #expect(households[cabin.id]?.description == nil)
            #expect(households["missing"] == nil)
            let members = try await pantry.store.members(inHouseholds: [home.id, cabin.id])
            #expect(members[home.id]?.map(\.role) == [.owner, .admin])
            #expect(members[cabin.id]?.map(\.userID) == [owner.userID])
            let items = try await pantry.store.items(inHouseholds: [home.id])
            #expect(items[home.id]?.first?.quantity == 1.5)
            #expect(items[home.id]?.first?.expirationDate == "2030-01-31")
            let accounts = try await pantry.store.accounts(ids: [owner.userID, guest.userID])
            #expect(accounts[guest.userID]?.email == guest.email)
            #expect(try await pantry.store.memberships(ofUsers: [owner.userID])[owner.userID]?.count == 2)

            #expect(try await pantry.store.deleteHousehold(id: home.id))
            #expect(try await pantry.store.deleteHousehold(id: home.id) == false)
            #expect(try await pantry.store.members(inHouseholds: [home.id]).isEmpty)
            #expect(try await pantry.store.items(inHouseholds: [home.id]).isEmpty)
            #expect(try await pantry.store.invite(code: invite.code) == nil)
        }
    }
}
