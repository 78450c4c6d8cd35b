import Foundation
import HearthTestSupport
import Testing

/// `hearth health sync`, `share` and `debug-log` as two people run them, each with their own data folder.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HealthSyncCommandTests {
    func folder() throws -> URL {
        let url = scratchDirectory("hearth-health-sync-cli")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func hearth(_ arguments: [String], in folder: URL) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            ChildProcess.product("hearth"), ["health"] + arguments,
            environment: ["HEARTH_DATA_DIR": folder.path, "HEARTH_SERVER_URL": "", "HEARTH_PASSWORD": ""])
    }

    func json(_ text: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    @Test func anOwnerSharesARecordThatTheGuestAcceptsAndTheLogTellsTheStory() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let ownerFolder = try folder()
        let guestFolder = try folder()
        defer {
            try? FileManager.default.removeItem(at: ownerFolder)
            try? FileManager.default.removeItem(at: guestFolder)
        }
        let url = server.url.absoluteString
        let guestEmail = freshEmail("guest-cli")
        let password = "long enough password"

        #expect(
            try await hearth(["record", "add", "--pet", "--name", "Rex", "--cloud", "on"], in: ownerFolder).status == 0)
        #expect(
            try await hearth(
                ["entry", "add", "Rex", "vaccination", "--date", "2024-01-15", "--name", "Rabies"], in: ownerFolder
            ).status == 0)
        #expect(try await hearth(["record", "add", "--pet", "--name", "Milo"], in: ownerFolder).status == 0)
        #expect(try await hearth(["sync", "status"], in: ownerFolder).stdout.contains("not synced yet"))

        let first = try await hearth(
            [
                "sync", "--server", url, "--email", freshEmail("owner-cli"), "--password", password, "--sign-up",
                "--json",
            ], in: ownerFolder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect((json(first.stdout)?["sent"] as? [String: Any])?["saved"] as? Int == 1)
        #expect((json(first.stdout)?["status"] as? [String: Any])?["state"] as? String == "synced")
        #expect(first.stderr.isEmpty)  // no progress line when the output is piped

        // A record that is not in the cloud cannot be shared; the error names it and the way out.
        let milo = try await hearth(["share", "create", "Milo", "--server", url], in: ownerFolder)
        #expect(milo.status == 1)
        #expect(milo.stderr.contains("record Milo"))
        #expect(milo.stderr.contains("--cloud on"))
        let nobody = try await hearth(["share", "create", "Bella", "--server", url], in: ownerFolder)
        #expect(nobody.status == 1)
        #expect(nobody.stderr.contains("A record called \"Bella\""))

        let created = try await hearth(["share", "create", "Rex", "--server", url, "--json"], in: ownerFolder)
        #expect(created.status == 0, "\(created.stderr)")
        let link = try #require(json(created.stdout)?["link"] as? String)
        #expect(!link.isEmpty)
        #expect(try await hearth(["record", "list"], in: ownerFolder).stdout.contains("Rex   pet   shared"))

        // The guest signs in once, then accepts. Rex is end-to-end encrypted: it arrives once the owner's device
        // has handed the guest its key (at the owner's next sync), with its entry.
        #expect(
            try await hearth(
                ["sync", "--server", url, "--email", guestEmail, "--password", password, "--sign-up"], in: guestFolder
            ).status == 0)
        let bad = try await hearth(["share", "accept", "no-such-link", "--server", url], in: guestFolder)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("opens no share"))
        let accepted = try await hearth(["share", "accept", link, "--server", url], in: guestFolder)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout.contains("Joined the share. Its record is end-to-end encrypted"))
        let fingerprintLine = try #require(accepted.stdout.split(separator: "\n").first { $0.contains("fingerprint") })
        let guestFingerprint = String(fingerprintLine.suffix(35))
        #expect(try await hearth(["record", "list"], in: guestFolder).stdout.contains("No records yet"))
        #expect(try await hearth(["sync", "--server", url], in: ownerFolder).status == 0)
        // The owner's device now trusts the guest's key: the same fingerprint the guest was shown.
        let ownerKeys = try #require(json(try await hearth(["keys", "--json"], in: ownerFolder).stdout))
        #expect(
            (ownerKeys["trusted"] as? [[String: Any]])?.compactMap { $0["fingerprint"] as? String } == [
                guestFingerprint
            ])
        #expect(try await hearth(["sync", "--server", url], in: guestFolder).status == 0)
        #expect(try await hearth(["record", "list"], in: guestFolder).stdout.contains("Rex   pet   shared"))
        let guestKeys = try await hearth(["keys"], in: guestFolder)
        #expect(guestKeys.stdout.contains("This device's key fingerprint: \(guestFingerprint)"))
        #expect(guestKeys.stdout.contains("  owner  "))
        #expect(try await hearth(["record", "show", "Rex"], in: guestFolder).stdout.contains("1 vaccinations"))

        let participants = try await hearth(["share", "participants", "Rex", "--server", url], in: ownerFolder)
        #expect(participants.status == 0, "\(participants.stderr)")
        #expect(participants.stdout.contains(guestEmail))
        #expect(participants.stdout.contains("accepted"))
        let removed = try await hearth(["share", "remove", "Rex", guestEmail, "--server", url], in: ownerFolder)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("Removed \(guestEmail)"))
        let afterRemoval = try await hearth(["sync", "--server", url], in: guestFolder).stdout
        #expect(afterRemoval.contains("(0 saved, 1 deleted)"), "\(afterRemoval)")
        #expect(try await hearth(["record", "list"], in: guestFolder).stdout.contains("No records yet"))

        // The debug logs: lines with timestamps, the last link and the last error; written to a file; cleared.
        let ownerLog = try await hearth(["debug-log"], in: ownerFolder)
        #expect(ownerLog.stdout.contains("] Share record Rex ("))
        #expect(ownerLog.stdout.contains("Last share link: \(link)"))
        #expect(ownerLog.stdout.contains("Last error: Share record Milo"))
        let guestLog = try #require(json(try await hearth(["debug-log", "--json"], in: guestFolder).stdout))
        #expect(
            (guestLog["lines"] as? [String])?.contains {
                $0.contains("] Accept a share link: accepted; record ") && $0.contains("waits for its key")
            } == true)
        #expect((guestLog["lastError"] as? String)?.contains("opens no share") == true)
        #expect(guestLog["lastShareLink"] as? String == link)
        let exported = try await hearth(
            ["debug-log", "-o", ownerFolder.appendingPathComponent("log.txt").path, "--clear"], in: ownerFolder)
        #expect(exported.status == 0, "\(exported.stderr)")
        let text = try String(contentsOf: ownerFolder.appendingPathComponent("log.txt"), encoding: .utf8)
        #expect(text.hasPrefix("[") && text.contains("] Share record Rex (") && text.hasSuffix("\n"))
        #expect(try await hearth(["debug-log"], in: ownerFolder).stdout.hasPrefix("The debug log is empty."))

        // Taking the record out of the cloud is one option on the record.
        #expect(try await hearth(["record", "update", "Rex", "--cloud", "off"], in: ownerFolder).status == 0)
        let waiting = json(try await hearth(["sync", "status", "--json"], in: ownerFolder).stdout)
        #expect(waiting?["pendingChanges"] as? Int == 1)
        #expect(try await hearth(["sync", "--server", url], in: ownerFolder).stdout.contains("(0 saved, 1 deleted)"))
        #expect(try await hearth(["record", "list"], in: ownerFolder).stdout.contains("Rex   pet   local"))
    }

    @Test func syncWatchKeepsSyncingFetchingOnEveryPushAndSendingLocalEdits() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let laptop = try folder()
        let phone = try folder()
        let url = server.url.absoluteString
        let email = freshEmail("watch-cli")
        let password = "long enough password"
        #expect(try await hearth(["record", "add", "--pet", "--name", "Rex", "--cloud", "on"], in: laptop).status == 0)
        #expect(
            try await hearth(
                ["sync", "--server", url, "--email", email, "--password", password, "--sign-up"], in: laptop
            ).status == 0)
        // The phone is the same person's: it takes the key with the recovery code, then signs in.
        let keys = try #require(json(try await hearth(["keys", "--recovery-code", "--json"], in: laptop).stdout))
        let code = try #require(keys["recoveryCode"] as? String)
        #expect(try await hearth(["keys", "recover", code], in: phone).status == 0)
        #expect(
            try await hearth(["sync", "--server", url, "--email", email, "--password", password], in: phone).status == 0
        )
        #expect(try await hearth(["record", "list"], in: phone).stdout.contains("Rex"))

        let watching = try ChildProcess.start(
            ChildProcess.product("hearth"), ["health", "sync", "--server", url, "--watch", "--json"],
            environment: ["HEARTH_DATA_DIR": phone.path, "HEARTH_SERVER_URL": "", "HEARTH_PASSWORD": ""])
        defer { watching.signal(SIGKILL) }
        _ = try await watching.waitForOutput(containing: "{\"status\":\"synced\"}", timeout: .seconds(60))

        // The laptop changes Rex: the server's push makes the watching phone fetch it, with no command run there.
        #expect(try await hearth(["entry", "add", "Rex", "allergy", "--name", "Pollen"], in: laptop).status == 0)
        #expect(try await hearth(["sync", "--server", url], in: laptop).status == 0)
        _ = try await watching.waitForOutput(containing: "\"received\":{", timeout: .seconds(60))
        try await waitUntil("the phone holds the laptop's entry", timeout: .seconds(60), interval: .milliseconds(100)) {
            try await hearth(["record", "show", "Rex", "--json"], in: phone).stdout.contains("Pollen")
        }

        // An entry added on the phone by another command goes out from the watching process on its own.
        #expect(try await hearth(["entry", "add", "Rex", "allergy", "--name", "Dust"], in: phone).status == 0)
        _ = try await watching.waitForOutput(containing: "\"sent\":{", timeout: .seconds(60))
        try await waitUntil(
            "the laptop receives the phone's entry", timeout: .seconds(60), interval: .milliseconds(200)
        ) {
            _ = try await hearth(["sync", "--server", url], in: laptop)
            return try await hearth(["record", "show", "Rex", "--json"], in: laptop).stdout.contains("Dust")
        }
        #expect(try await hearth(["sync", "status"], in: phone).stdout.contains("Status: synced"))

        // SIGTERM ends it cleanly.
        watching.signal(SIGTERM)
        #expect(await watching.exit() == 0, "\(watching.stderr)")
        #expect(!watching.stderr.contains("error"), "\(watching.stderr)")
    }
}
