import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import HearthTestSupport
import Testing

@Suite("Households and permissions follow other members; the current household and user", .timeLimit(.minutes(10)))
struct MembershipUpdatesTests {
    /// Renames the household until `follower` has heard a change, so its subscription is known to be live.
    static func settle(_ follower: any MembershipUpdating, owner: any HouseholdServicing, home: Household) async throws
    {
        let heard = Locked(false)
        let changes = follower.changes()
        let listener = Task {
            for await _ in changes {
                heard.withLock { $0 = true }
                return
            }
        }
        defer { listener.cancel() }
        var round = 0
        try await waitUntil("the household's subscription hears a change", interval: .milliseconds(100)) {
            round += 1
            _ = try await owner.updateHousehold(id: home.id, name: "Home \(round)", description: nil)
            return heard.current
        }
    }

    @Test("another member joining, changing role and being removed reaches the households and the rules")
    func followsOtherMembers() async throws {
        try await withLiveServer { server in
            let ownerServices = try await server.signedUpClient("owner")
            let owner = try ownerServices.households()
            let home = try await owner.createHousehold(name: "Home", description: nil)
            let guestServices = try await server.signedUpClient("guest")
            let guest = try guestServices.households()
            _ = try await guest.joinHousehold(inviteCode: try await owner.createInvite(householdId: home.id).code)

            // The owner follows the household; the households read are cached (the manual clock never moves).
            try await ownerServices.membershipUpdates().start()
            try await Self.settle(ownerServices.membershipUpdates(), owner: owner, home: home)
            #expect(try await owner.members(of: home.id).count == 2)
            let third = try await server.signedUpClient("third")
            _ = try await third.households().joinHousehold(
                inviteCode: try await owner.createInvite(householdId: home.id).code)
            try await waitUntil("the owner's cached household shows the third member") {
                try await owner.households().first?.members.count == 3
            }

            // The guest follows too; a role given by the owner counts in the guest's rules without asking.
            let guestRules = try guestServices.permissions()
            #expect(try await guestRules.canManageHousehold(home.id) == false)
            try await guestServices.membershipUpdates().start()
            try await Self.settle(guestServices.membershipUpdates(), owner: owner, home: home)
            let guestId = try await guestServices.auth().currentSession()?.userId
            let guestMember = try #require(try await owner.members(of: home.id).first { $0.userId == guestId })
            _ = try await owner.updateMemberRole(memberId: guestMember.id, role: .admin)
            try await waitUntil("the guest's rules let them manage the household") {
                try await guestRules.canManageHousehold(home.id)
            }

            // Removed, the guest's stream ends: the rules and the cached households drop the household.
            try await owner.removeMember(memberId: guestMember.id)
            try await waitUntil("the guest's rules no longer let them read the household") {
                try await guestRules.canReadHousehold(home.id) == false
            }
            #expect(try await guest.households().isEmpty)
            await (try ownerServices.membershipUpdates()).stopAll()
            await (try guestServices.membershipUpdates()).stopAll()
        }
    }

    @Test("joining and leaving through the household service refresh the rules at once")
    func ownChangesRefreshRules() async throws {
        try await withLiveServer { server in
            let owner = try await server.signedUpClient("owner").households()
            let home = try await owner.createHousehold(name: "Home", description: nil)
            let guestServices = try await server.signedUpClient("guest")
            let rules = try guestServices.permissions()
            #expect(try await rules.canReadHousehold(home.id) == false)
            _ = try await guestServices.households().joinHousehold(
                inviteCode: try await owner.createInvite(householdId: home.id).code)
            #expect(try await rules.canReadHousehold(home.id), "the rules were refreshed after joining")
            try await guestServices.households().leaveHousehold(householdId: home.id)
            #expect(try await rules.canReadHousehold(home.id) == false, "and after leaving")
        }
    }

    @Test("the current household: last selected while still a member, else primary, else first by name")
    func currentHousehold() async throws {
        try await withLiveServer { server in
            let services = try await server.signedUpClient("cook")
            let households = try services.households()
            #expect(try await households.getCurrentHousehold() == nil)
            let home = try await households.createHousehold(name: "Home", description: nil)
            let cabin = try await households.createHousehold(name: "Cabin", description: nil)
            #expect(try await households.getCurrentHousehold()?.id == cabin.id, "the first by name")
            _ = try await services.users().updateProfile(ProfileChanges(primaryHouseholdId: home.id))
            #expect(try await households.getCurrentHousehold()?.id == home.id, "the primary household")
            try await households.selectHousehold(id: cabin.id)
            #expect(try await services.preferences().preferences().lastSelectedHouseholdId == cabin.id)
            #expect(try await households.getCurrentHousehold()?.id == cabin.id, "the last selected")
            try await households.deleteHousehold(id: cabin.id)
            #expect(try await households.getCurrentHousehold()?.id == home.id, "a household left no longer counts")
            let stranger = await serviceError { _ = try await households.selectHousehold(id: UUID().uuidString) }
            #expect(stranger?.code == .notFound)
        }
    }

    @Test("watchCurrentUser yields the user, then their saved profile")
    func watchCurrentUser() async throws {
        try await withLiveServer { server in
            let services = try await server.signedUpClient("cook")
            let users = try services.users()
            var iterator = users.watchCurrentUser().makeAsyncIterator()
            let first = try #require(try await iterator.next())
            #expect(first.firstName != "Ada")
            _ = try await users.updateProfile(ProfileChanges(firstName: "Ada"))
            let second = try #require(try await iterator.next())
            #expect(second.firstName == "Ada")
            #expect(second.id == first.id)
        }
    }
}
