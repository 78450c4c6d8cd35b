import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import Testing

@Suite(
    "UserService against a live server: the current user, profile changes, finding housemates", .timeLimit(.minutes(10))
)
struct UserServiceTests {
    @Test("the current user comes with their rules; profile changes are trimmed, kept and refused by field")
    func profile() async throws {
        try await withLiveServer { server in
            let services = try await server.signedUpClient("ada")
            let session = try #require(try await services.auth().currentSession())
            let users = try services.users()
            let fresh = try await users.currentUser()
            #expect(fresh.id == session.userId)
            #expect(fresh.email == session.email)
            #expect(fresh.firstName == "" && fresh.displayName == nil)
            #expect(fresh.name == session.email)
            #expect(fresh.permissions.rules.isEmpty == false)

            let home = try await services.households().createHousehold(name: "Home", description: nil)
            let changed = try await users.updateProfile(
                ProfileChanges(firstName: " Ada ", lastName: "Lovelace", primaryHouseholdId: " \(home.id) "))
            #expect(changed.name == "Ada Lovelace")
            #expect(changed.primaryHouseholdId == home.id)
            #expect(try await users.currentUser().lastName == "Lovelace", "kept on the server")

            let bad = await serviceError { _ = try await users.updateProfile(ProfileChanges(avatarUrl: "not a url")) }
            #expect(bad?.code == .validationFailed)
            #expect(bad?.message == "avatarUrl must be an http:// or https:// address; it is \"not a url\".")
            let empty = await serviceError { _ = try await users.updateProfile(ProfileChanges()) }
            #expect(
                empty?.message
                    == "Give at least one of firstName, lastName, displayName, avatarUrl, phone or primaryHouseholdId to change."
            )
            #expect(try await users.currentUser().avatarUrl == nil)
            #expect(await users.checkHealth().isHealthy)
        }
    }

    @Test("search finds the people one shares a household with, and nobody else")
    func search() async throws {
        try await withLiveServer { server in
            let ada = try await server.signedUpClient("ada")
            let grace = try await server.signedUpClient("grace")
            let stranger = try await server.signedUpClient("stranger")
            let home = try await ada.households().createHousehold(name: "Home", description: nil)
            let code = try await ada.households().createInvite(householdId: home.id).code
            _ = try await grace.households().joinHousehold(inviteCode: code)
            _ = try await grace.users().updateProfile(ProfileChanges(firstName: "Grace", lastName: "Hopper"))
            _ = try await stranger.users().updateProfile(ProfileChanges(firstName: "Grace", lastName: "Stranger"))

            let found = try await ada.users().searchUsers(" grace ")
            #expect(found.map(\.name) == ["Grace Hopper"])
            #expect(found.first?.phone == nil)
            let short = await serviceError { _ = try await ada.users().searchUsers("g") }
            #expect(short?.message == "Search text must have at least 2 characters; it is \"g\".")
        }
    }
}
