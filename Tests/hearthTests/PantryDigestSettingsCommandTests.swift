import Foundation
import HearthTestSupport
import Testing

/// `hearth pantry digest settings` against a real `hearth serve`: a member reads and changes their own digest
/// preferences, and the server's refusals come back naming the field.
@Suite("hearth pantry digest settings", .timeLimit(.minutes(10)))
struct PantryDigestSettingsCommandTests {
    @Test("a member switches the digest on, chooses hour, zone, window and webhook, and bad values are named")
    func settings() async throws {
        let serverData = try TemporaryFolder(prefix: "hearth-digest-settings-server")
        let home = try TemporaryFolder(prefix: "hearth-digest-settings-home")
        try await ServerProcess.running(dataDirectory: serverData.url, arguments: []) { server in
            func pantry(_ arguments: String...) async throws -> ChildProcess.Result {
                try await PantryCommandTests.pantry(arguments, home: home)
            }
            let login = try await pantry(
                "login", "--server", server.base, "--email", "ada-\(UUID().uuidString.prefix(8))@example.com",
                "--sign-up")
            #expect(login.status == 0, "\(login.stderr)")

            let first = try await pantry("digest", "settings")
            #expect(first.status == 0, "\(first.stderr)")
            #expect(
                first.stdout
                    == "Digest off: at 7:00 UTC, items due within 5 days, by e-mail. Switch it on with --on.\n")

            let on = try await pantry(
                "digest", "settings", "--on", "--hour", "6", "--time-zone", "Europe/Madrid", "--days-ahead", "4",
                "--json")
            #expect(on.status == 0, "\(on.stderr)")
            let set = try #require(PantryCommandTests.json(on) as? [String: Any])
            #expect(set["enabled"] as? Bool == true && set["hour"] as? Int == 6 && set["daysAhead"] as? Int == 4)
            #expect(set["timeZone"] as? String == "Europe/Madrid" && set["email"] as? Bool == true)

            let hook = try await pantry(
                "digest", "settings", "--webhook", "https://hooks.example.com/pantry", "--no-email")
            #expect(hook.status == 0, "\(hook.stderr)")
            #expect(
                hook.stdout
                    == "Digest on: at 6:00 Europe/Madrid, items due within 4 days, by webhook https://hooks.example.com/pantry.\n"
            )

            // Every bad value is named at once, and nothing changes.
            let bad = try await pantry(
                "digest", "settings", "--hour", "25", "--time-zone", "Mars/Olympus", "--webhook", "file:///etc/passwd")
            #expect(bad.status != 0)
            #expect(bad.stderr.contains("hour must be a whole hour from 0 to 23"), "\(bad.stderr)")
            #expect(bad.stderr.contains("\"Mars/Olympus\" is not one"), "\(bad.stderr)")
            #expect(bad.stderr.contains("webhookUrl must be an http:// or https:// address"), "\(bad.stderr)")
            let both = try await pantry("digest", "settings", "--on", "--off")
            #expect(both.status != 0 && both.stderr.contains("Give --on or --off, not both."))

            let removed = try await pantry("digest", "settings", "--webhook", "", "--email", "--off")
            #expect(removed.status == 0, "\(removed.stderr)")
            #expect(
                removed.stdout
                    == "Digest off: at 6:00 Europe/Madrid, items due within 4 days, by e-mail. Switch it on with --on.\n"
            )
        }
    }
}
