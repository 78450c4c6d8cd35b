import Foundation
import HearthTestSupport
import Testing

/// `hearth finance share` and `--book` as two people run them, each with a data folder (and sign-in) of their own.
@Suite(.serialized, .timeLimit(.minutes(10))) struct FinanceShareCommandTests {
    func hearth(_ arguments: [String], in folder: URL) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            ChildProcess.product("hearth"), ["finance"] + arguments,
            environment: ["HEARTH_DATA_DIR": folder.path, "HEARTH_SERVER_URL": "", "HEARTH_PASSWORD": ""])
    }

    func folder(_ name: String) throws -> URL {
        let url = scratchDirectory("hearth-finance-share-\(name)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(
        "shared read-only from the command line: invited, accepted, synced into a book of its own, a change refused, and emptied after removal"
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
            ["transactions", "add", "--title", "Rent", "--amount", "-900", "--date", "2026-11-01"], in: ownerFolder)
        #expect(added.status == 0, "\(added.stderr)")
        let ownerEmail = freshEmail("owner-cli")
        let ownerSync = try await hearth(
            ["sync", "--server", url, "--email", ownerEmail, "--password", password, "--sign-up"], in: ownerFolder)
        #expect(ownerSync.status == 0, "\(ownerSync.stderr)")
        let mine = try await hearth(
            ["transactions", "add", "--title", "Member's tea", "--amount", "-2", "--date", "2026-11-02"],
            in: memberFolder)
        #expect(mine.status == 0, "\(mine.stderr)")
        let memberSync = try await hearth(
            ["sync", "--server", url, "--email", memberEmail, "--password", password, "--sign-up"], in: memberFolder)
        #expect(memberSync.status == 0, "\(memberSync.stderr)")
        try await server.verify(memberEmail)

        let bad = try await hearth(["share", "add", "nobody", "--server", url], in: ownerFolder)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("\"nobody\" is not an e-mail address"), "\(bad.stderr)")
        let shared = try await hearth(["share", "add", memberEmail, "--read-only", "--server", url], in: ownerFolder)
        #expect(shared.status == 0, "\(shared.stderr)")
        #expect(shared.stdout.contains("Shared your money book with \(memberEmail) (read-only)"))

        let invitations = try await hearth(["share", "invitations", "--server", url, "--json"], in: memberFolder)
        #expect(invitations.status == 0, "\(invitations.stderr)")
        let offered = try JSONSerialization.jsonObject(with: Data(invitations.stdout.utf8)) as? [[String: Any]]
        let token = try #require(offered?.first?["shareToken"] as? String)
        let accepted = try await hearth(["share", "accept", token, "--server", url, "--json"], in: memberFolder)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        let book = try JSONSerialization.jsonObject(with: Data(accepted.stdout.utf8)) as? [String: Any]
        let owner = try #require(book?["owner"] as? String)
        #expect(book?["permission"] as? String == "READ_ONLY")

        // The book comes in a database of its own; the member's own book is untouched.
        let bookSync = try await hearth(["sync", "--book", owner, "--server", url], in: memberFolder)
        #expect(bookSync.status == 0, "\(bookSync.stderr)")
        let inBook = try await hearth(["transactions", "list", "--book", owner], in: memberFolder).stdout
        #expect(inBook.contains("Rent") && !inBook.contains("Member's tea"), "\(inBook)")
        let own = try await hearth(["transactions", "list"], in: memberFolder).stdout
        #expect(own.contains("Member's tea") && !own.contains("Rent"), "\(own)")
        #expect(
            FileManager.default.fileExists(
                atPath: memberFolder.appendingPathComponent("books/\(owner).sqlite").path))
        // The owner's address names the book too, in any case.
        let byAddress = try await hearth(["transactions", "list", "--book", ownerEmail.uppercased()], in: memberFolder)
        #expect(byAddress.status == 0 && byAddress.stdout.contains("Rent"), "\(byAddress.stderr)")
        let unknown = try await hearth(["transactions", "list", "--book", "nobody@example.com"], in: memberFolder)
        #expect(unknown.status != 0)
        #expect(
            unknown.stderr.contains("no money book of that address is on this device. Accept it here first"),
            "\(unknown.stderr)")

        let refused = try await hearth(
            ["transactions", "add", "--book", owner, "--title", "Not mine", "--amount", "-1"], in: memberFolder)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("shared with you read-only"), "\(refused.stderr)")
        let hostile = try await hearth(["transactions", "list", "--book", "../finance"], in: memberFolder)
        #expect(hostile.status != 0 && hostile.stderr.contains("is not an account"), "\(hostile.stderr)")

        let memberList = try await hearth(["share", "list", "--server", url], in: memberFolder)
        #expect(memberList.stdout.contains("--book \(owner)") && memberList.stdout.contains("read-only"))
        let ownerList = try await hearth(["share", "list", "--server", url], in: ownerFolder)
        #expect(ownerList.stdout.contains(memberEmail) && ownerList.stdout.contains("accepted"), "\(ownerList.stdout)")

        // A second member takes the book and gives it back by the owner's address: its copy there goes.
        let leaverFolder = try folder("leaver")
        let leaverEmail = freshEmail("leaver-cli")
        let leaverSync = try await hearth(
            ["sync", "--server", url, "--email", leaverEmail, "--password", password, "--sign-up"], in: leaverFolder)
        #expect(leaverSync.status == 0, "\(leaverSync.stderr)")
        try await server.verify(leaverEmail)
        let offered2 = try await hearth(["share", "add", leaverEmail, "--server", url, "--json"], in: ownerFolder)
        #expect(offered2.status == 0, "\(offered2.stderr)")
        let share2 = try JSONSerialization.jsonObject(with: Data(offered2.stdout.utf8)) as? [String: Any]
        let token2 = try #require(share2?["token"] as? String, "\(offered2.stdout)")
        let accepted2 = try await hearth(["share", "accept", token2, "--server", url], in: leaverFolder)
        #expect(accepted2.stdout.contains("hearth finance sync --book \(ownerEmail)"), "\(accepted2.stdout)")
        // Accepted, the book is named by its owner's address on this device from its first sync on.
        let bySync = try await hearth(["sync", "--book", ownerEmail, "--server", url], in: leaverFolder)
        #expect(bySync.status == 0, "\(bySync.stderr)")
        let leaverCopy = leaverFolder.appendingPathComponent("books/\(owner).sqlite")
        #expect(FileManager.default.fileExists(atPath: leaverCopy.path))
        let left = try await hearth(["share", "leave", ownerEmail, "--server", url], in: leaverFolder)
        #expect(left.status == 0, "\(left.stderr)")
        #expect(left.stdout.contains("You left the money book of \(ownerEmail)"), "\(left.stdout)")
        #expect(left.stdout.contains("is removed"), "\(left.stdout)")
        #expect(!FileManager.default.fileExists(atPath: leaverCopy.path))
        let again = try await hearth(["share", "leave", ownerEmail, "--server", url], in: leaverFolder)
        #expect(again.status != 0 && again.stderr.contains("has not shared a money book with you"), "\(again.stderr)")

        let removed = try await hearth(["share", "remove", memberEmail, "--server", url], in: ownerFolder)
        #expect(removed.status == 0, "\(removed.stderr)")
        let resync = try await hearth(["sync", "--book", owner, "--server", url], in: memberFolder)
        #expect(resync.status == 0, "\(resync.stderr)")
        let gone = try await hearth(["transactions", "list", "--book", owner, "--json"], in: memberFolder).stdout
        #expect(!gone.contains("Rent"), "\(gone)")
        #expect(
            try await hearth(["share", "list", "--server", url], in: ownerFolder).stdout.contains(
                "No money book is shared"))
    }
}
