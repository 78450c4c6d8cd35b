import Foundation
import HearthTestSupport
import Testing

/// `hearth garage share` as two people run it, each with a data folder (and sign-in) of their own.
@Suite(.serialized, .timeLimit(.minutes(10))) struct GarageShareCommandTests {
    func hearth(_ arguments: [String], in folder: URL) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            ChildProcess.product("hearth"), ["garage"] + arguments,
            environment: ["HEARTH_DATA_DIR": folder.path, "HEARTH_SERVER_URL": "", "HEARTH_PASSWORD": ""])
    }

    func folder(_ name: String) throws -> URL {
        let url = scratchDirectory("hearth-garage-share-\(name)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(
        "shared read-only from the command line: invited, accepted, listed both ways, a change refused, and gone after removal"
    )
    func shareFromTheCommandLine() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let ownerFolder = try folder("owner")
        let memberFolder = try folder("member")
        let url = server.url.absoluteString
        let memberEmail = freshEmail("member-cli")
        let password = "long enough password"

        let added = try await hearth(
            ["vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year", "2019"],
            in: ownerFolder)
        #expect(added.status == 0, "\(added.stderr)")
        let ownerSync = try await hearth(
            ["sync", "--server", url, "--email", freshEmail("owner-cli"), "--password", password, "--sign-up"],
            in: ownerFolder)
        #expect(ownerSync.status == 0, "\(ownerSync.stderr)")
        let memberSync = try await hearth(
            ["sync", "--server", url, "--email", memberEmail, "--password", password, "--sign-up"], in: memberFolder)
        #expect(memberSync.status == 0, "\(memberSync.stderr)")
        try await server.verify(memberEmail)

        let bad = try await hearth(["share", "add", "Daily", "nobody", "--server", url], in: ownerFolder)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("\"nobody\" is not an e-mail address"))
        let shared = try await hearth(
            ["share", "add", "Daily", memberEmail, "--read-only", "--server", url], in: ownerFolder)
        #expect(shared.status == 0, "\(shared.stderr)")
        #expect(shared.stdout.contains("Shared with \(memberEmail) (read-only)"))

        let invitations = try await hearth(["share", "invitations", "--server", url, "--json"], in: memberFolder)
        #expect(invitations.status == 0, "\(invitations.stderr)")
        let offered = try JSONSerialization.jsonObject(with: Data(invitations.stdout.utf8)) as? [[String: Any]]
        let token = try #require(offered?.first?["shareToken"] as? String)
        let accepted = try await hearth(["share", "accept", token, "--server", url], in: memberFolder)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("Daily is here (read-only)."))
        #expect(try await hearth(["vehicle", "list"], in: memberFolder).stdout.contains("Daily"))

        let refused = try await hearth(["mileage", "Daily", "50000"], in: memberFolder)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("shared with you read-only"), "\(refused.stderr)")

        let memberList = try await hearth(["share", "list", "--server", url], in: memberFolder)
        #expect(memberList.stdout.contains("shared with you") && memberList.stdout.contains("read-only"))
        let ownerList = try await hearth(["share", "list", "--server", url], in: ownerFolder)
        #expect(ownerList.stdout.contains(memberEmail) && ownerList.stdout.contains("accepted"), "\(ownerList.stdout)")

        let removed = try await hearth(["share", "remove", "Daily", memberEmail, "--server", url], in: ownerFolder)
        #expect(removed.status == 0, "\(removed.stderr)")
        let resync = try await hearth(["sync", "--server", url], in: memberFolder)
        #expect(resync.status == 0, "\(resync.stderr)")
        #expect(resync.stdout.contains("1 deleted"), "\(resync.stdout)")
        let remaining = try await hearth(["vehicle", "list", "--json"], in: memberFolder).stdout
        #expect(!remaining.contains("Daily"), "\(remaining)")
        #expect(
            try await hearth(["share", "list", "--server", url], in: ownerFolder).stdout.contains(
                "No vehicle is shared"))
    }
}
