import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import Testing

@Suite("HouseholdService: adding members directly and handing over ownership", .timeLimit(.minutes(10)))
struct OwnershipTransferTests {
    @Test("only the owner may transfer; the new owner is owner, the old one admin; a stranger's member id is refused")
    func transfer() async throws {
        try await withLiveServer { server in
            let owner = try await server.signedUpClient("owner").households()
            let guest = try await server.signedUpClient("guest").households()
            let home = try await owner.createHousehold(name: "Home", description: nil)
            _ = try await guest.joinHousehold(inviteCode: try await owner.createInvite(householdId: home.id).code)
            let members = try await owner.members(of: home.id)
            let ownerMember = try #require(members.first { $0.role == .owner })
            let guestMember = try #require(members.first { $0.role == .member })

            let notOwner = await serviceError {
                _ = try await guest.transferOwnership(householdId: home.id, to: guestMember.id)
            }
            #expect(notOwner?.code == .unauthorized)
            let blank = await serviceError { _ = try await owner.transferOwnership(householdId: home.id, to: "  ") }
            #expect(blank?.message == "Member id cannot be empty")
            let elsewhere = try await server.signedUpClient("stranger").households().createHousehold(
                name: "Cabin", description: nil)
            let stranger = try #require(elsewhere.members.first)
            let wrongHousehold = await serviceError {
                _ = try await owner.transferOwnership(householdId: home.id, to: stranger.id)
            }
            #expect(wrongHousehold?.code == .validationFailed)
            #expect(
                try await owner.members(of: home.id).map(\.role) == [.owner, .member], "nothing changed on a refusal")

            let transferred = try await owner.transferOwnership(householdId: " \(home.id) ", to: guestMember.id)
            #expect(transferred.members.first { $0.id == guestMember.id }?.role == .owner)
            #expect(transferred.members.first { $0.id == ownerMember.id }?.role == .admin)
            #expect(try await guest.members(of: home.id).map(\.role) == [.owner, .admin])
        }
    }

    @Test(
        "the owner or an admin adds someone they share a household with by id; members, strangers, unknown ids, owners and members twice are refused"
    )
    func addMember() async throws {
        try await withLiveServer { server in
            let ownerServices = try await server.signedUpClient("owner")
            let owner = try ownerServices.households()
            let home = try await owner.createHousehold(name: "Home", description: nil)
            let friendServices = try await server.signedUpClient("friend")
            let friend = try #require(try await friendServices.auth().currentSession()).userId
            let neighbourServices = try await server.signedUpClient("neighbour")
            let neighbour = try #require(try await neighbourServices.auth().currentSession()).userId

            // Somebody who shares no household with the owner is not found, as an id with no account is.
            let stranger = await serviceError {
                _ = try await owner.addMember(to: home.id, userId: friend, role: .member)
            }
            #expect(stranger?.code == .notFound)
            let unknown = await serviceError {
                _ = try await owner.addMember(to: home.id, userId: "no-such-user", role: .member)
            }
            #expect(unknown?.code == .notFound)
            // The friend and the neighbour join another of the owner's households with an invite code.
            let cabin = try await owner.createHousehold(name: "Cabin", description: nil)
            let code = try await owner.createInvite(householdId: cabin.id).code
            _ = try await friendServices.households().joinHousehold(inviteCode: code)
            _ = try await neighbourServices.households().joinHousehold(inviteCode: code)

            let asOwner = await serviceError {
                _ = try await owner.addMember(to: home.id, userId: friend, role: .owner)
            }
            #expect(asOwner?.code == .validationFailed)
            let blank = await serviceError { _ = try await owner.addMember(to: home.id, userId: " ", role: .member) }
            #expect(blank?.message == "User id cannot be empty")
            let outsider = await serviceError {
                _ = try await friendServices.households().addMember(to: home.id, userId: friend, role: .member)
            }
            #expect(outsider?.code == .notFound)
            #expect(try await owner.members(of: home.id).count == 1, "nothing changed on a refusal")

            let added = try await owner.addMember(to: home.id, userId: " \(friend) ", role: .admin)
            #expect(added.userId == friend)
            #expect(added.role == .admin)
            #expect(try await friendServices.households().households().map(\.name) == ["Cabin", "Home"])
            let twice = await serviceError { _ = try await owner.addMember(to: home.id, userId: friend, role: .member) }
            #expect(twice?.code == .validationFailed)

            let byAdmin = try await friendServices.households().addMember(to: home.id, userId: neighbour, role: .member)
            #expect(byAdmin.role == .member)
            let byMember = await serviceError {
                _ = try await neighbourServices.households().addMember(to: home.id, userId: friend, role: .member)
            }
            #expect(byMember?.code == .unauthorized)
            #expect(try await owner.members(of: home.id).map(\.role) == [.owner, .admin, .member])
        }
    }
}
