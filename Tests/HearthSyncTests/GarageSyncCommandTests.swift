import Foundation
import HearthTestSupport
import Testing

/// `hearth garage sync` and `hearth garage sync status` as a person runs them.
@Suite(.serialized, .timeLimit(.minutes(10))) struct GarageSyncCommandTests {
    func folder() throws -> URL {
        let url = scratchDirectory("hearth-garage-sync-cli")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func hearth(_ arguments: [String], in folder: URL) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            ChildProcess.product("hearth"), ["garage"] + arguments,
            environment: ["HEARTH_DATA_DIR": folder.path, "HEARTH_SERVER_URL": "", "HEARTH_PASSWORD": ""])
    }

    func json(_ text: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    @Test func twoDatabasesConvergeThroughTheCommandAndTheStatusSaysSo() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = server.url.absoluteString
        let phone = folder.appendingPathComponent("phone.sqlite").path
        let laptop = folder.appendingPathComponent("laptop.sqlite").path

        let noServer = try await hearth(["sync", "--db", phone], in: folder)
        #expect(noServer.status == 1)
        #expect(noServer.stderr.contains("--server"))
        let notSignedIn = try await hearth(["sync", "--server", url, "--db", phone], in: folder)
        #expect(notSignedIn.status == 1)
        #expect(notSignedIn.stderr.contains("--email and --password"))

        #expect(
            try await hearth(
                [
                    "vehicle", "add", "--db", phone, "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year",
                    "2019", "--mileage", "42000",
                ], in: folder
            ).status == 0)
        let local = try await hearth(["sync", "status", "--db", phone], in: folder)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stdout.contains("not synced yet"))

        let first = try await hearth(
            [
                "sync", "--server", url, "--email", freshEmail("garage-cli"), "--password", "long enough password",
                "--sign-up", "--db", phone, "--json",
            ], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let summary = json(first.stdout)
        #expect((summary?["sent"] as? [String: Any])?["saved"] as? Int == 2)
        #expect((summary?["status"] as? [String: Any])?["state"] as? String == "synced")

        let second = try await hearth(["sync", "--server", url, "--db", laptop], in: folder)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("received 2 changes (2 saved, 0 deleted)"))
        #expect(second.stdout.contains("Status: synced"))
        #expect(second.stderr.isEmpty)  // no progress line when the output is piped

        // An edit on the laptop waits, then reaches the phone.
        #expect(try await hearth(["mileage", "Daily", "42600", "--db", laptop], in: folder).status == 0)
        let waiting = json(try await hearth(["sync", "status", "--db", laptop, "--json"], in: folder).stdout)
        #expect(waiting?["state"] as? String == "syncing")
        #expect(waiting?["pendingChanges"] as? Int == 2)
        #expect(
            try await hearth(["sync", "--server", url, "--db", laptop], in: folder).stdout.contains("sent 2 changes"))
        #expect(
            try await hearth(["sync", "--server", url, "--db", phone], in: folder).stdout.contains("received 2 changes")
        )
        let phoneList = try await hearth(["vehicle", "list", "--db", phone, "--json"], in: folder).stdout
        let laptopList = try await hearth(["vehicle", "list", "--db", laptop, "--json"], in: folder).stdout
        #expect(phoneList.contains("42600"))
        #expect(phoneList == laptopList)
        let synced = json(try await hearth(["sync", "status", "--db", phone, "--json"], in: folder).stdout)
        #expect(synced?["state"] as? String == "synced")
        #expect(synced?["pendingChanges"] as? Int == 0)

        // An unreachable server is said plainly.
        #expect(try await hearth(["mileage", "Daily", "42700", "--db", phone], in: folder).status == 0)
        let down = try await hearth(
            [
                "sync", "--server", "http://127.0.0.1:1", "--email", "a@example.com", "--password",
                "long enough password", "--db", phone,
            ], in: folder)
        #expect(down.status == 1)
        #expect(down.stderr.contains("Cannot reach the server"))
    }
}
