import Foundation
import HearthCloudModel
import HearthTestSupport
import Testing

/// `hearth pantry digest show|run` on a real `hearth serve`'s data directory, e-mailing through aiosmtpd.
@Suite("hearth pantry digest", .timeLimit(.minutes(10)))
struct PantryDigestCommandTests {
    static func hearth(_ arguments: [String], home: TemporaryFolder) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            ChildProcess.product("hearth"), arguments,
            environment: ["HEARTH_DATA_DIR": home.url.path, "HEARTH_PASSWORD": "long enough password"])
    }

    @Test("show previews a member's digest; run sends it once a day, dry runs send nothing; an unknown member is named")
    func showAndRun() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        let serverData = try TemporaryFolder(prefix: "hearth-digest-server")
        try await ServerProcess.running(dataDirectory: serverData.url) { server in
            let me = try TemporaryFolder(prefix: "hearth-digest-cook")
            let email = "cook-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let login = try await Self.hearth(
                ["pantry", "login", "--server", server.base, "--email", email, "--sign-up"], home: me)
            #expect(login.status == 0, "\(login.stderr)")
            let created = try await Self.hearth(["pantry", "household", "create", "Home", "--json"], home: me)
            let home = try #require(
                (try? JSONSerialization.jsonObject(with: created.stdoutData) as? [String: Any])?["id"] as? String,
                "\(created.stderr)")
            // The items' days are counted from today in UTC, the member's zone below.
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            func day(_ offset: Int) -> String {
                let date = utc.date(byAdding: .day, value: offset, to: Date())!
                let parts = utc.dateComponents([.year, .month, .day], from: date)
                return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            }
            for (name, expires) in [("Milk", day(-1)), ("Cheese", day(40))] {
                let added = try await Self.hearth(
                    [
                        "pantry", "items", "add", home, name, "--unit", "l", "--location", "Fridge", "--expires",
                        expires,
                    ],
                    home: me)
                #expect(added.status == 0, "\(added.stderr)")
            }
            let session = try await server.decoded(
                CloudSession.self, "/cloud/v1/accounts/signin",
                CloudSignInRequest(emailAddress: email, password: "long enough password"))
            let set = try await server.send(
                "/graphql",
                [
                    "query":
                        "mutation { setDigestPreferences(input: {enabled: true, hour: 0, timeZone: \"UTC\"}) { enabled } }"
                ],
                token: session.token)
            #expect(set.status == 200 && String(decoding: set.body, as: UTF8.self).contains("\"enabled\":true"))

            let data = ["--data-dir", serverData.url.path]
            let show = try await Self.hearth(["pantry", "digest", "show", "--member", email] + data, home: me)
            #expect(show.status == 0, "\(show.stderr)")
            #expect(show.stdout.contains("Subject: Pantry: 1 item expired"), "\(show.stdout)")
            #expect(show.stdout.contains("Home\n  Fridge\n    - Milk (1 l): expired yesterday (\(day(-1)))"))
            #expect(!show.stdout.contains("Cheese"))

            let dry = try await Self.hearth(["pantry", "digest", "run", "--dry-run", "--json"] + data, home: me)
            #expect(dry.status == 0, "\(dry.stderr)")
            #expect(dry.stdout.contains("\"status\" : \"no_channel\""), "no mail server given: \(dry.stdout)")

            let mail =
                data + [
                    "--smtp-url", "smtp://127.0.0.1:\(smtp.port)?starttls=off", "--mail-from", "pantry@example.com",
                ]
            let wouldSend = try await Self.hearth(["pantry", "digest", "run", "--dry-run"] + mail, home: me)
            #expect(wouldSend.stdout.contains("would_send"), "\(wouldSend.stdout)\(wouldSend.stderr)")
            #expect(smtp.count == 0)
            let run = try await Self.hearth(["pantry", "digest", "run"] + mail, home: me)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("\tsent\t\"Pantry: 1 item expired\" via email"), "\(run.stdout)")
            #expect(try await smtp.envelope(1).rcptTos == [email])
            let again = try await Self.hearth(["pantry", "digest", "run"] + mail, home: me)
            #expect(again.stdout.contains("already_sent"), "\(again.stdout)")
            #expect(smtp.count == 1)

            let stranger = try await Self.hearth(
                ["pantry", "digest", "show", "--member", "nobody@example.com"] + data, home: me)
            #expect(stranger.status != 0)
            #expect(stranger.stderr.contains("No account has the id or e-mail address \"nobody@example.com\""))
        }
    }
}
