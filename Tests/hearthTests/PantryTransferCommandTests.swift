import Foundation
import HearthTestSupport
import Testing

@Suite("hearth pantry household transfer", .timeLimit(.minutes(10)))
struct PantryTransferCommandTests {
    @Test("the owner hands the household to a member, who can then manage it; a member cannot take it")
    func transfer() async throws {
        let serverData = try TemporaryFolder(prefix: "hearth-pantry-transfer-server")
        try await ServerProcess.running(dataDirectory: serverData.url) { server in
            let owner = try TemporaryFolder(prefix: "hearth-pantry-transfer-owner")
            let guest = try TemporaryFolder(prefix: "hearth-pantry-transfer-guest")
            for home in [owner, guest] {
                let login = try await PantryCommandTests.pantry(
                    [
                        "login", "--server", server.base, "--email", "p-\(UUID().uuidString.prefix(8))@example.com",
                        "--sign-up",
                    ], home: home)
                #expect(login.status == 0, "\(login.stderr)")
            }
            let created = try await PantryCommandTests.pantry(["household", "create", "Home", "--json"], home: owner)
            let household = try #require(
                (PantryCommandTests.json(created) as? [String: Any])?["id"] as? String, "\(created.stderr)")
            let invite = try await PantryCommandTests.pantry(["household", "invite", household, "--json"], home: owner)
            let code = try #require(
                (PantryCommandTests.json(invite) as? [String: Any])?["code"] as? String, "\(invite.stderr)")
            #expect(try await PantryCommandTests.pantry(["household", "join", code], home: guest).status == 0)
            let members = try #require(
                PantryCommandTests.json(
                    try await PantryCommandTests.pantry(["household", "members", household, "--json"], home: owner))
                    as? [[String: Any]])
            let guestMember = try #require(members.first { $0["role"] as? String == "member" }?["id"] as? String)

            let taken = try await PantryCommandTests.pantry(
                ["household", "transfer", household, guestMember], home: guest)
            #expect(taken.status != 0)
            #expect(taken.stderr.contains("can transfer its ownership"), "\(taken.stderr)")

            let given = try await PantryCommandTests.pantry(
                ["household", "transfer", household, guestMember], home: owner)
            #expect(given.status == 0, "\(given.stderr)")
            #expect(given.stdout.contains("Home now belongs to member \(guestMember)."), "\(given.stdout)")
            let after = try #require(
                PantryCommandTests.json(
                    try await PantryCommandTests.pantry(["household", "members", household, "--json"], home: guest))
                    as? [[String: Any]])
            #expect(after.map { $0["role"] as? String } == ["owner", "admin"])
            #expect(after.first?["id"] as? String == guestMember)
        }
    }
}
