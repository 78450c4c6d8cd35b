import Foundation
import GraphQL
import HearthPantryModel
import Testing

@testable import HearthPantryServer

/// Who may do what to a household's members and the household itself, beyond the matrix: the owner's household is
/// the owner's to delete, admins manage plain members only, and outsiders learn nothing of what exists.
@Suite("Household roles: only the owner deletes, admins manage members and not admins, outsiders find nothing")
struct HouseholdRolesTests {
    @Test(
        "an admin cannot delete the owner's household: FORBIDDEN, and every member and item is still there",
        arguments: DatabaseKind.allCases)
    func adminCannotDelete(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let admin = try await pantry.user("admin")
            let household = try await pantry.household("Home", owner: owner, members: [(admin, .admin)])
            try await pantry.item("Rice", quantity: 500, in: household)
            let stored = try await pantry.store.household(id: household.id)
            let refused = await pantry.run("mutation { deleteHousehold(id: \"\(household.id)\") }", as: admin)
            #expect(refused.codes == ["FORBIDDEN"])
            #expect(
                refused.errors.first?.message == "Only the owner can delete a household; ask the owner, or leave it.")
            #expect(try await pantry.store.household(id: household.id) == stored)
            #expect(try await pantry.store.items(inHouseholds: [household.id])[household.id]?.count == 1)
            let deleted = try await pantry.data("mutation { deleteHousehold(id: \"\(household.id)\") }", as: owner)
            #expect(deleted["deleteHousehold"] == true)
            #expect(try await pantry.store.household(id: household.id) == nil)
        }
    }

    @Test("an admin cannot demote, remove or make another admin; the owner can", arguments: DatabaseKind.allCases)
    func adminsDoNotManageAdmins(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let first = try await pantry.user("first")
            let second = try await pantry.user("second")
            let plain = try await pantry.user("plain")
            let household = try await pantry.household(
                "Home", owner: owner, members: [(first, .admin), (second, .admin), (plain, .member)])
            let stored = try await pantry.store.household(id: household.id)
            let secondID = try #require(household.member(userId: second.userID)?.id)
            let plainID = try #require(household.member(userId: plain.userID)?.id)
            let reason =
                "Admins manage members, not the owner or other admins; ask the owner to change an admin's or the owner's membership."
            let demote = await pantry.run(
                "mutation { updateMemberRole(memberId: \"\(secondID)\", role: member) { id } }", as: first)
            #expect(demote.codes == ["FORBIDDEN"] && demote.errors.first?.message == reason)
            let remove = await pantry.run("mutation { removeMember(memberId: \"\(secondID)\") }", as: first)
            #expect(remove.codes == ["FORBIDDEN"] && remove.errors.first?.message == reason)
            let promote = await pantry.run(
                "mutation { updateMemberRole(memberId: \"\(plainID)\", role: admin) { id } }", as: first)
            #expect(
                promote.codes == ["FORBIDDEN"]
                    && promote.errors.first?.message == "Only the owner makes someone an admin; ask the owner.")
            #expect(try await pantry.store.household(id: household.id) == stored)

            // An admin still manages plain members, and may step down.
            _ = try await pantry.data("mutation { removeMember(memberId: \"\(plainID)\") }", as: first)
            let firstID = try #require(household.member(userId: first.userID)?.id)
            let stepped = try await pantry.data(
                "mutation { updateMemberRole(memberId: \"\(firstID)\", role: member) { role } }", as: first)
            #expect(stepped["updateMemberRole", "role"] == "member")
            // The owner manages admins.
            let demoted = try await pantry.data(
                "mutation { updateMemberRole(memberId: \"\(secondID)\", role: member) { role } }", as: owner)
            #expect(demoted["updateMemberRole", "role"] == "member")
        }
    }

    @Test(
        "addMember adds only people who already share a household with the caller; others are NOT_FOUND alike",
        arguments: DatabaseKind.allCases)
    func addMemberOnlyHousemates(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let stranger = try await pantry.user("stranger")
            let friend = try await pantry.user("friend")
            let household = try await pantry.household("Home", owner: owner)
            _ = try await pantry.household("Cabin", owner: friend, members: [(owner, .member)])
            let stored = try await pantry.store.household(id: household.id)
            let existing = await pantry.run(
                "mutation { addMember(householdId: \"\(household.id)\", userId: \"\(stranger.userID)\") { id } }",
                as: owner)
            let missing = await pantry.run(
                "mutation { addMember(householdId: \"\(household.id)\", userId: \"_nobody\") { id } }", as: owner)
            #expect(existing.codes == ["NOT_FOUND"] && missing.codes == ["NOT_FOUND"])
            // The two answers differ only by the id the caller gave: nothing tells whether the account exists.
            #expect(
                existing.errors.first?.message.replacingOccurrences(of: stranger.userID, with: "ID")
                    == missing.errors.first?.message.replacingOccurrences(of: "_nobody", with: "ID"))
            #expect(try await pantry.store.household(id: household.id) == stored)
            let added = try await pantry.data(
                "mutation { addMember(householdId: \"\(household.id)\", userId: \"\(friend.userID)\") { role } }",
                as: owner)
            #expect(added["addMember", "role"] == "member")
        }
    }

    @Test(
        "an outsider asking for a household, its member, item, recipe or invite gets NOT_FOUND that never names the household",
        arguments: DatabaseKind.allCases)
    func outsidersFindNothing(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let outsider = try await pantry.user("outsider")
            let household = try await pantry.household("Secret Flat", owner: owner)
            let (item, booking) = try await pantry.stockedItem("Rice", grams: 500, in: household)
            let invite = try await pantry.invite(to: household)
            let memberID = try #require(household.members.first?.id)
            let stored = try await pantry.store.household(id: household.id)
            let documents = [
                "{ household(id: \"\(household.id)\") { id } }",
                "{ items(householdId: \"\(household.id)\") { id } }",
                "{ item(id: \"\(item)\") { id } }",
                "mutation { undoBooking(id: \"\(booking)\") { id } }",
                "mutation { removeMember(memberId: \"\(memberID)\") }",
                "mutation { revokeInvite(code: \"\(invite.code)\") }",
                "mutation { deleteHousehold(id: \"\(household.id)\") }",
            ]
            for document in documents {
                let result = await pantry.run(document, as: outsider)
                #expect(result.codes == ["NOT_FOUND"], "\(document): \(result.errors.map(\.message))")
                let message = result.errors.first?.message ?? ""
                #expect(!message.contains("Secret Flat"), "\(document): \(message)")
                if !document.contains(household.id) {
                    #expect(!message.contains(household.id), "\(document) named the household: \(message)")
                }
            }
            // The same answer as for a household that does not exist.
            let real = await pantry.run("{ household(id: \"\(household.id)\") { id } }", as: outsider)
            let none = await pantry.run("{ household(id: \"nothing\") { id } }", as: outsider)
            #expect(
                real.errors.first?.message.replacingOccurrences(of: household.id, with: "ID")
                    == none.errors.first?.message.replacingOccurrences(of: "nothing", with: "ID"))
            #expect(try await pantry.store.household(id: household.id) == stored)
        }
    }
}
