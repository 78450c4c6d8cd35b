import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import Testing

@Suite(
    "HouseholdService against a live server: messages, the 5-minute cache, invites, members, watching",
    .timeLimit(.minutes(10)))
struct HouseholdServiceTests {
    @Test("empty names and invite codes are refused with the pantry's messages; inputs are trimmed")
    func messagesAndTrimming() async throws {
        try await withLiveServer { server in
            let households = try await server.signedUpClient().households()
            let noName = await serviceError { _ = try await households.createHousehold(name: "  \n", description: nil) }
            #expect(noName?.code == .validationFailed)
            #expect(noName?.message == "Household name cannot be empty")
            let noCode = await serviceError { _ = try await households.joinHousehold(inviteCode: "   ") }
            #expect(noCode?.message == "Invite code cannot be empty")

            let home = try await households.createHousehold(name: "  Home ", description: "  the flat  ")
            #expect(home.name == "Home")
            #expect(home.description == "the flat")
            #expect(home.members.map(\.role) == [.owner])
            let renamed = try await households.updateHousehold(id: " \(home.id) ", name: " Flat ", description: nil)
            #expect(renamed.name == "Flat")
            #expect(try await households.households().map(\.name) == ["Flat"])
        }
    }

    @Test("reads come from the cache for 5 minutes, then from the server")
    func fiveMinuteCache() async throws {
        try await withLiveServer { server in
            let clock = ManualClock()
            let email = freshEmail()
            let mine = server.client(clock: clock)
            try await mine.auth().signUp(email: email, password: "long enough password")
            let households = try mine.households()
            _ = try await households.createHousehold(name: "Home", description: nil)
            #expect(try await households.households().map(\.name) == ["Home"])

            let elsewhere = server.client()
            try await elsewhere.auth().signIn(email: email, password: "long enough password")
            _ = try await elsewhere.households().createHousehold(name: "Cabin", description: nil)

            clock.advance(by: .seconds(299))
            #expect(try await households.households().map(\.name) == ["Home"], "still cached at 4:59")
            clock.advance(by: .seconds(1))
            #expect(try await households.households().map(\.name) == ["Cabin", "Home"], "asked the server at 5:00")
        }
    }

    @Test(
        "invite, join, members, roles, removal and leaving; outsiders are refused and signed-out callers told to sign in"
    )
    func membership() async throws {
        try await withLiveServer { server in
            let owner = try await server.signedUpClient("owner").households()
            let guestServices = try await server.signedUpClient("guest")
            let guest = try guestServices.households()
            let home = try await owner.createHousehold(name: "Home", description: nil)
            let invite = try await owner.createInvite(householdId: home.id)
            #expect(invite.householdId == home.id)

            let joined = try await guest.joinHousehold(inviteCode: "  \(invite.code) ")
            #expect(joined.id == home.id)
            let members = try await owner.members(of: home.id)
            #expect(members.map(\.role) == [.owner, .member])
            let guestMember = try #require(members.last)

            let promoted = try await owner.updateMemberRole(memberId: guestMember.id, role: .admin)
            #expect(promoted.role == .admin)
            #expect(try await guest.members(of: home.id).map(\.role) == [.owner, .admin])
            #expect(try await guestServices.permissions().canManageMembers(in: home.id))

            let outsider = try await server.signedUpClient("outsider").households()
            let hidden = await serviceError { _ = try await outsider.household(id: home.id) }
            #expect(hidden?.code == .notFound)
            let signedOut = await serviceError { _ = try await server.client().households().households() }
            #expect(signedOut?.code == .notAuthenticated)

            try await guest.leaveHousehold(householdId: home.id)
            #expect(try await guest.households().isEmpty)
            #expect(try await owner.members(of: home.id).count == 1)

            let second = try await owner.createInvite(householdId: home.id)
            let rejoined = try await guest.joinHousehold(inviteCode: second.code)
            let member = try #require(rejoined.members.first { $0.role == .member })
            try await owner.removeMember(memberId: member.id)
            #expect(try await owner.members(of: home.id).map(\.role) == [.owner])

            try await owner.deleteHousehold(id: home.id)
            #expect(try await owner.households().isEmpty)
        }
    }

    @Test("watching households yields the list again after a change")
    func watch() async throws {
        try await withLiveServer { server in
            let households = try await server.signedUpClient().households()
            _ = try await households.createHousehold(name: "Home", description: nil)
            var updates = households.watchHouseholds().makeAsyncIterator()
            #expect(try await updates.next()?.map(\.name) == ["Home"])
            _ = try await households.createHousehold(name: "Cabin", description: nil)
            #expect(try await updates.next()?.map(\.name) == ["Cabin", "Home"])
            #expect(await households.checkHealth().isHealthy)
        }
    }
}

@Suite("PantryService against a live server", .timeLimit(.minutes(10)))
struct PantryServiceTests {
    @Test("items are added with trimmed inputs and listed; the rules' refusals name the field")
    func addAndList() async throws {
        try await withLiveServer { server in
            let services = try await server.signedUpClient()
            let home = try await services.households().createHousehold(name: "Home", description: nil)
            let items = try services.pantry()
            #expect(try await items.items(in: home.id).isEmpty)

            let oats = try await items.addItem(
                householdId: home.id, name: "  Oats ", quantity: 500, unit: " g ", category: .pantry,
                expirationDate: CalendarDay(iso: "2030-01-31"), location: "  shelf ", notes: nil)
            #expect(oats.name == "Oats")
            #expect(oats.unit == "g")
            #expect(oats.location == "shelf")
            #expect(oats.expirationDate?.iso == "2030-01-31")
            #expect(try await items.items(in: home.id).map(\.name) == ["Oats"])

            let noName = await serviceError {
                _ = try await items.addItem(
                    householdId: home.id, name: "  ", quantity: 1, unit: nil, category: nil, expirationDate: nil,
                    location: nil, notes: nil)
            }
            #expect(noName?.message == "Item name cannot be empty")
            let negative = await serviceError {
                _ = try await items.addItem(
                    householdId: home.id, name: "Milk", quantity: -1, unit: nil, category: nil, expirationDate: nil,
                    location: nil, notes: nil)
            }
            #expect(negative?.code == .validationFailed)
            #expect(negative?.reasons == ["Item quantity must be 0 or more"])

            let outsider = try await server.signedUpClient("outsider").pantry()
            #expect(await serviceError { _ = try await outsider.items(in: home.id) }?.code == .notFound)
        }
    }
}
