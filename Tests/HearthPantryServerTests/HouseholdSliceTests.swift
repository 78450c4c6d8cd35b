import Foundation
import GraphQL
@testable import HearthPantryServer
import Testing

@Suite("Households over GraphQL: create, invite, join, roles, leave, transfer, delete")
struct HouseholdSliceTests {
    static let create = "mutation($name: String!) { createHousehold(input: {name: $name, description: \"  \"}) { id name description myRole memberCount } }"

    @Test("a household's life from creation to deletion", arguments: DatabaseKind.allCases)
    func lifecycle(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let guest = try await pantry.user("guest")
            let created = try await pantry.data(Self.create, as: owner, ["name": "  Flat 3  "])["createHousehold"]
            #expect(created["name"].text == "Flat 3")
            #expect(created["description"] == .null)
            #expect(created["myRole"].text == "owner")
            let id = try #require(created["id"].text)

            let invite = try await pantry.data("mutation($id: String!) { createInvite(householdId: $id, role: admin) { code role } }", as: owner, ["id": .string(id)])
            let code = try #require(invite["createInvite", "code"].text)
            #expect(invite["createInvite", "role"].text == "admin")

            let joined = try await pantry.data("mutation($code: String!) { joinHousehold(code: $code) { id memberCount myRole } }", as: guest, ["code": .string(" \(code.lowercased()) ")])
            #expect(joined["joinHousehold", "memberCount"] == .number(2))
            #expect(joined["joinHousehold", "myRole"].text == "admin")

            let again = await pantry.run("mutation($code: String!) { joinHousehold(code: $code) { id } }", as: guest, ["code": .string(code)])
            #expect(again.codes == ["BAD_USER_INPUT"])
            #expect(again.errors.first?.message == "You are already a member of this household.")

            let members = try await pantry.data("query($id: String!) { household(id: $id) { members { id role user { email } } } }", as: owner, ["id": .string(id)])
            let guestMember = try #require(members["household", "members"].elements.first { $0["user", "email"].text == guest.email })
            let guestMemberID = try #require(guestMember["id"].text)

            let ownerLeaves = await pantry.run("mutation($id: String!) { leaveHousehold(householdId: $id) }", as: owner, ["id": .string(id)])
            #expect(ownerLeaves.errors.first?.message == "The owner cannot leave the household; transfer ownership to another member first, or delete the household.")

            let transferred = await pantry.run("mutation($id: String!, $m: String!) { transferOwnership(householdId: $id, memberId: $m) { id myRole } }", as: owner, ["id": .string(id), "m": .string(guestMemberID)])
            #expect(transferred.errors.isEmpty)
            #expect(transferred.data?["transferOwnership", "myRole"].text == "admin")

            #expect(try await pantry.data("mutation($id: String!) { leaveHousehold(householdId: $id) }", as: owner, ["id": .string(id)])["leaveHousehold"] == .bool(true))
            #expect(try await pantry.data("{ households { id } }", as: owner)["households"].elements.isEmpty)

            #expect(try await pantry.data("mutation($id: String!) { deleteHousehold(id: $id) }", as: guest, ["id": .string(id)])["deleteHousehold"] == .bool(true))
            let gone = await pantry.run("query($id: String!) { household(id: $id) { id } }", as: guest, ["id": .string(id)])
            #expect(gone.codes == ["NOT_FOUND"])
            #expect(try await pantry.store.members(inHouseholds: [id]).isEmpty)
        }
    }

    @Test("names are trimmed and must not be empty; invite codes must not be empty", arguments: DatabaseKind.allCases)
    func inputRules(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let empty = await pantry.run(Self.create, as: owner, ["name": "   "])
            #expect(empty.codes == ["BAD_USER_INPUT"])
            #expect(empty.errors.first?.message == "Household name cannot be empty")
            let code = await pantry.run("mutation { joinHousehold(code: \"  \") { id } }", as: owner)
            #expect(code.errors.first?.message == "Invite code cannot be empty")
            let unknown = await pantry.run("mutation { joinHousehold(code: \"NOPE1234\") { id } }", as: owner)
            #expect(unknown.codes == ["BAD_USER_INPUT"])
            #expect(unknown.errors.first?.message.contains("is not valid") == true)
        }
    }

    @Test("revoked invite codes no longer let anyone join", arguments: DatabaseKind.allCases)
    func revokedInvite(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let guest = try await pantry.user("guest")
            let id = try #require(try await pantry.data(Self.create, as: owner, ["name": "Home"])["createHousehold", "id"].text)
            let code = try #require(try await pantry.data("mutation($id: String!) { createInvite(householdId: $id) { code } }", as: owner, ["id": .string(id)])["createInvite", "code"].text)
            #expect(try await pantry.data("mutation($c: String!) { revokeInvite(code: $c) }", as: owner, ["c": .string(code)])["revokeInvite"] == .bool(true))
            let join = await pantry.run("mutation($c: String!) { joinHousehold(code: $c) { id } }", as: guest, ["c": .string(code)])
            #expect(join.codes == ["BAD_USER_INPUT"])
            #expect(try await pantry.store.members(inHouseholds: [id])[id]?.count == 1)
        }
    }
}
