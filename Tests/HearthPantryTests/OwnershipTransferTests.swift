import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import Testing

@Suite("HouseholdService: handing a household's ownership to another member", .timeLimit(.minutes(3)))
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

            let notOwner = await serviceError { _ = try await guest.transferOwnership(householdId: home.id, to: guestMember.id) }
            #expect(notOwner?.code == .unauthorized)
            let blank = await serviceError { _ = try await owner.transferOwnership(householdId: home.id, to: "  ") }
            #expect(blank?.message == "Member id cannot be empty")
            let elsewhere = try await server.signedUpClient("stranger").households().createHousehold(name: "Cabin", description: nil)
            let stranger = try #require(elsewhere.members.first)
            let wrongHousehold = await serviceError { _ = try await owner.transferOwnership(householdId: home.id, to: stranger.id) }
            #expect(wrongHousehold?.code == .validationFailed)
            #expect(try await owner.members(of: home.id).map(\.role) == [.owner, .member], "nothing changed on a refusal")

            let transferred = try await owner.transferOwnership(householdId: " \(home.id) ", to: guestMember.id)
            #expect(transferred.members.first { $0.id == guestMember.id }?.role == .owner)
            #expect(transferred.members.first { $0.id == ownerMember.id }?.role == .admin)
            #expect(try await guest.members(of: home.id).map(\.role) == [.owner, .admin])
        }
    }
}
