import Foundation
import GraphQL
import HearthPantryModel
import Testing

@testable import HearthPantryServer

@Suite("Households over GraphQL: create, invite, join, roles, leave, transfer, delete")
struct HouseholdSliceTests {
    static let create =
        "mutation($name: String!) { createHousehold(input: {name: $name, description: \"  \"}) { id name description myRole memberCount } }"

    @Test("a household's life from creation to deletion", arguments: DatabaseKind.allCases)
    func lifecycle(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let guest = try await pantry.user("guest")
            let created = try await pantry.data(Self.create, as: owner, ["name": "  Flat 3  "])["createHousehold"]
            #expect(created["name"].text == "Flat 3")
            #expect(created["description"] == .null)
            #expect(created["myRole"].text == "owner")
            #expect(created["memberCount"] == 1)
            let id = try #require(created["id"].text)

            let invite = try await pantry.data(
                "mutation($id: String!) { createInvite(householdId: $id) { code expiresAt } }", as: owner,
                ["id": .string(id)])
            let code = try #require(invite["createInvite", "code"].text)
            #expect(code.count == 9 && code.contains("-"))

            // People type codes loosely: case, spaces and the dash do not matter.
            let typed = " " + code.lowercased().replacingOccurrences(of: "-", with: "") + " "
            let joined = try await pantry.data(
                "mutation($code: String!) { joinHousehold(code: $code) { id memberCount myRole } }", as: guest,
                ["code": .string(typed)])
            #expect(joined["joinHousehold", "memberCount"] == 2)
            #expect(joined["joinHousehold", "myRole"].text == "member")

            let again = await pantry.run(
                "mutation($code: String!) { joinHousehold(code: $code) { id } }", as: guest, ["code": .string(code)])
            #expect(again.codes == ["BAD_USER_INPUT"])
            #expect(again.errors.first?.message == "You are already a member of Flat 3.")

            let members = try await pantry.data(
                "query($id: String!) { household(id: $id) { members { id role user { email } } } }", as: owner,
                ["id": .string(id)])
            #expect(members["household", "members"].elements.map { $0["role"].text } == ["owner", "member"])
            let guestMember = try #require(
                members["household", "members"].elements.first { $0["user", "email"].text == guest.email })
            let guestMemberID = try #require(guestMember["id"].text)

            let promoted = try await pantry.data(
                "mutation($m: String!) { updateMemberRole(memberId: $m, role: admin) { role } }", as: owner,
                ["m": .string(guestMemberID)])
            #expect(promoted["updateMemberRole", "role"].text == "admin")

            let ownerLeaves = await pantry.run(
                "mutation($id: String!) { leaveHousehold(householdId: $id) }", as: owner, ["id": .string(id)])
            #expect(ownerLeaves.codes == ["BAD_USER_INPUT"])
            #expect(
                ownerLeaves.errors.first?.message
                    == "The owner cannot leave the household; transfer ownership to another member first.")

            let transferred = try await pantry.data(
                "mutation($id: String!, $m: String!) { transferOwnership(householdId: $id, memberId: $m) { id myRole members { role user { email } } } }",
                as: owner, ["id": .string(id), "m": .string(guestMemberID)])
            #expect(transferred["transferOwnership", "myRole"].text == "admin")
            #expect(transferred["transferOwnership", "members", 0, "user", "email"].text == guest.email)

            #expect(
                try await pantry.data(
                    "mutation($id: String!) { leaveHousehold(householdId: $id) }", as: owner, ["id": .string(id)])[
                        "leaveHousehold"] == true)
            #expect(try await pantry.data("{ households { id } }", as: owner)["households"].elements.isEmpty)

            #expect(
                try await pantry.data(
                    "mutation($id: String!) { deleteHousehold(id: $id) }", as: guest, ["id": .string(id)])[
                        "deleteHousehold"] == true)
            let gone = await pantry.run(
                "query($id: String!) { household(id: $id) { id } }", as: guest, ["id": .string(id)])
            #expect(gone.codes == ["NOT_FOUND"])
            #expect(try await pantry.store.household(id: id) == nil)
            #expect(try await pantry.store.members(inHouseholds: [id]).isEmpty)
        }
    }

    @Test("inputs are checked by the household rules, with their messages", arguments: DatabaseKind.allCases)
    func inputRules(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let empty = await pantry.run(Self.create, as: owner, ["name": "   "])
            #expect(empty.codes == ["BAD_USER_INPUT"])
            #expect(empty.errors.first?.message == "Household name cannot be empty")
            #expect(try await pantry.data("{ households { id } }", as: owner)["households"].elements.isEmpty)

            let blank = await pantry.run("mutation { joinHousehold(code: \"  \") { id } }", as: owner)
            #expect(blank.codes == ["BAD_USER_INPUT"])
            #expect(blank.errors.first?.message == "Invite code cannot be empty")
            let unknown = await pantry.run("mutation { joinHousehold(code: \"ABCD-2345\") { id } }", as: owner)
            #expect(unknown.codes == ["NOT_FOUND"])
            #expect(
                unknown.errors.first?.message
                    == "Invite code ABCD-2345 was not found; check the code or ask a household admin for a new one.")
        }
    }

    @Test("revoked invite codes no longer let anyone join", arguments: DatabaseKind.allCases)
    func revokedInvite(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let guest = try await pantry.user("guest")
            let household = try await pantry.household("Home", owner: owner)
            let invite = try await pantry.invite(to: household)
            let listed = try await pantry.data(
                "query($id: String!) { household(id: $id) { invites { code } } }", as: owner,
                ["id": .string(household.id)])
            #expect(listed["household", "invites"].elements.map { $0["code"].text } == [invite.code])
            #expect(
                try await pantry.data(
                    "mutation($c: String!) { revokeInvite(code: $c) }", as: owner, ["c": .string(invite.code)])[
                        "revokeInvite"] == true)
            let join = await pantry.run(
                "mutation($c: String!) { joinHousehold(code: $c) { id } }", as: guest, ["c": .string(invite.code)])
            #expect(join.codes == ["BAD_USER_INPUT"])
            #expect(
                join.errors.first?.message
                    == "Invite code \(invite.code) was revoked; ask a household admin for a new one.")
            #expect(try await pantry.store.household(id: household.id)?.members.count == 1)
        }
    }

    @Test("me answers the caller's permission rules, which follow their memberships", arguments: DatabaseKind.allCases)
    func permissions(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let query = "{ me { id email permissions { version rules } } }"
            let before = try await pantry.data(query, as: owner)["me"]
            #expect(before["id"].text == owner.userID)
            let household = try await pantry.household("Home", owner: owner)
            let after = try await pantry.data(query, as: owner)["me"]
            #expect(before["permissions", "version"] != after["permissions", "version"])
            let rules = after["permissions", "rules"].elements
            #expect(rules.count >= 8)
            let readsHousehold = rules.contains { rule in
                rule["subject"] == "Household" && rule["action"] == "read"
                    && rule["conditions", "id", "$in"] == [.string(household.id)]
            }
            #expect(readsHousehold, "\(rules)")
        }
    }
}
