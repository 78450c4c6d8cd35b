import Foundation
import HearthTestSupport
import Testing

/// `hearth finance sync` as a person runs it: clear errors on stderr with a non-zero exit, JSON on request.
@Suite(.serialized, .timeLimit(.minutes(10))) struct FinanceSyncCommandTests {
    func folder() throws -> URL {
        let url = scratchDirectory("hearth-sync-cli")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func hearth(_ arguments: [String], in folder: URL) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            ChildProcess.product("hearth"), arguments,
            environment: ["HEARTH_DATA_DIR": folder.path, "HEARTH_SERVER_URL": "", "HEARTH_PASSWORD": ""])
    }

    @Test func badInvocationsExplainThemselvesAndWriteNothing() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = server.url.absoluteString

        let noServer = try await hearth(["finance", "sync"], in: folder)
        #expect(noServer.status == 1)
        #expect(noServer.stderr.contains("--server"))

        let badURL = try await hearth(["finance", "sync", "--server", "localhost:8080"], in: folder)
        #expect(badURL.status == 1)
        #expect(badURL.stderr.contains("is not a server URL"))

        let notSignedIn = try await hearth(["finance", "sync", "--server", url], in: folder)
        #expect(notSignedIn.status == 1)
        #expect(notSignedIn.stderr.contains("--email and --password"))

        let noPassword = try await hearth(["finance", "sync", "--server", url, "--email", "a@example.com"], in: folder)
        #expect(noPassword.status == 1)
        #expect(noPassword.stderr.contains("--password"))

        let wrong = try await hearth(
            ["finance", "sync", "--server", url, "--email", "nobody@example.com", "--password", "wrong password"],
            in: folder)
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("refused the sign-in"))
        #expect(!wrong.stderr.contains("Fatal"))

        let unreachable = try await hearth(
            [
                "finance", "sync", "--server", "http://127.0.0.1:1", "--email", "a@example.com", "--password",
                "long enough password",
            ], in: folder)
        #expect(unreachable.status == 1)
        #expect(unreachable.stderr.contains("Cannot reach the server"))

        // None of these created a database.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("finance.sqlite").path))
    }

    @Test func twoDatabasesConvergeThroughTheCommandWithJSONOutput() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = server.url.absoluteString
        let phone = folder.appendingPathComponent("phone.sqlite").path
        let laptop = folder.appendingPathComponent("laptop.sqlite").path
        let email = freshEmail("cli")

        #expect(try await hearth(["finance", "people", "add", "--db", phone, "--name", "Ada"], in: folder).status == 0)
        #expect(
            try await hearth(
                ["finance", "transactions", "add", "--db", phone, "--title", "Rent", "--amount", "-900"], in: folder
            ).status == 0)
        let first = try await hearth(
            [
                "finance", "sync", "--server", url, "--email", email, "--password", "long enough password", "--sign-up",
                "--db", phone, "--json",
            ], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any]
        #expect((summary?["sent"] as? [String: Any])?["saved"] as? Int == 2)
        #expect(summary?["pending"] as? Int == 0)

        let second = try await hearth(["finance", "sync", "--server", url, "--db", laptop], in: folder)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("received 2 changes (2 saved, 0 deleted)"))

        // An edit on the laptop reaches the phone.
        #expect(
            try await hearth(
                ["finance", "transactions", "add", "--db", laptop, "--title", "Coffee", "--amount", "-3.50"], in: folder
            ).status == 0)
        #expect(
            try await hearth(["finance", "sync", "--server", url, "--db", laptop], in: folder).stdout.contains(
                "sent 1 change"))
        #expect(
            try await hearth(["finance", "sync", "--server", url, "--db", phone], in: folder).stdout.contains(
                "received 1 change"))
        let phoneList = try await hearth(["finance", "transactions", "list", "--db", phone, "--json"], in: folder)
            .stdout
        let laptopList = try await hearth(["finance", "transactions", "list", "--db", laptop, "--json"], in: folder)
            .stdout
        #expect(phoneList.contains("Coffee"))
        #expect(phoneList == laptopList)
    }
}
