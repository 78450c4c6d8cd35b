import Foundation
import HTTPTypes
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `hearth garage reminders run` as a user runs it: a real process delivering to stderr, to a webhook on a
/// local HTTP server and by e-mail through aiosmtpd, following a due date another command adds while it runs,
/// and stopped by SIGTERM.
///
/// Reminders go off at 09:00 local time, so the process runs in a time zone where it is now between 09:00
/// and 10:00: a slot of today has just passed, and fires a minute after it is scheduled, as in the app.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ReminderRunCLITests {
    /// A whole-hour zone (Etc/GMT±N) where the local time now is 09:xx, and today's date there.
    static func nineOClockZone(now: Date = Date()) -> (identifier: String, today: CalendarDay) {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        var offset = 9 - utc.component(.hour, from: now)
        if offset < -12 { offset += 24 }
        // Etc/GMT names count the other way: Etc/GMT-3 is three hours ahead of UTC.
        let identifier = offset == 0 ? "Etc/GMT" : offset > 0 ? "Etc/GMT-\(offset)" : "Etc/GMT+\(-offset)"
        return (identifier, CalendarDay(now, in: TimeZone(identifier: identifier)!))
    }

    @Test func runDeliversToTheLogAWebhookAndByMailAndFollowsOtherCommands() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        // Delivery is at least once: an answer that comes too late on a busy machine makes the next check send
        // the reminder again, with the same Idempotency-Key. The receiver counts deliveries by that key.
        let posts = Locked<[(key: String, body: Data)]>([])
        let router = Router()
        router.post("/hooks/garage") { request, _ -> HTTPResponse.Status in
            let body = try await request.body.collect(upTo: 1 << 20)
            let key = request.headers[HTTPField.Name("Idempotency-Key")!] ?? ""
            posts.withLock { $0.append((key, Data(body.readableBytesView))) }
            return .noContent
        }
        let deliveries: @Sendable () -> Set<String> = { Set(posts.withLock { $0 }.map(\.key)) }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let zone = Self.nineOClockZone()
            var cli = try HearthCLI()
            cli.environment = ["TZ": zone.identifier]
            #expect(
                try await cli.run(
                    "vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year", "2019",
                    "--mileage", "42000"
                ).status == 0)
            // Due in a week: its 7-day reminder is at 09:00 today, which has just passed.
            let added = try await cli.run(
                "service", "add", "Daily", "--preset", "Oil Change", "--due-date", zone.today.adding(days: 7).iso)
            #expect(added.status == 0, "\(added.stderr)")

            let running = try ChildProcess.start(
                ChildProcess.product("hearth"),
                [
                    "garage", "reminders", "run", "--webhook", "http://127.0.0.1:\(port)/hooks/garage",
                    "--smtp-url", "smtp://127.0.0.1:\(smtp.port)?starttls=off", "--mail-from", "garage@example.com",
                    "--mail-to", "ana@example.com",
                ],
                environment: ["HEARTH_DATA_DIR": cli.dataDirectory.path, "TZ": zone.identifier],
                directory: cli.dataDirectory)
            defer { running.signal(SIGKILL) }
            _ = try await running.waitForOutput(
                containing: "Delivering garage reminders until stopped", in: .stderr, timeout: .seconds(60))

            // While it runs, another command adds a service due tomorrow: its 1-day reminder is today's too.
            let tires = try await cli.run(
                "service", "add", "Daily", "--name", "Tire Rotation", "--due-date", zone.today.adding(days: 1).iso)
            #expect(tires.status == 0, "\(tires.stderr)")

            try await waitUntil(
                "both reminders reach the webhook", timeout: .seconds(180), interval: .milliseconds(200)
            ) {
                deliveries().count >= 2
            }
            let titles = try posts.withLock { $0 }.map { post -> String in
                let object = try #require(try JSONSerialization.jsonObject(with: post.body) as? [String: Any])
                #expect(object["deliveryKey"] as? String == post.key)
                return try #require((object["reminder"] as? [String: Any])?["title"] as? String)
            }
            #expect(Set(titles) == ["Oil Change due in 1 week", "Tire Rotation due tomorrow"], "\(titles)")
            try await waitUntil("both reminders are mailed", timeout: .seconds(60)) { smtp.count >= 2 }
            let first = try await smtp.message(1)
            let second = try await smtp.message(2)
            #expect(
                Set([first.subject, second.subject]) == ["Oil Change due in 1 week", "Tire Rotation due tomorrow"])
            #expect(first.messageID.hasPrefix("<garage-reminder.") && first.messageID != second.messageID)
            #expect(first.to == "ana@example.com" && first.from == "garage@example.com")
            let text = first.text?.replacingOccurrences(of: "\r\n", with: "\n") ?? ""
            #expect(text.contains("What you can do:") && text.contains("hearth garage reminders act "), "\(text)")
            #expect(first.defects.isEmpty)
            try await waitUntil("both are in the log", timeout: .seconds(10)) {
                running.stderr.contains("Oil Change due in 1 week: Daily: Oil Change is due")
                    && running.stderr.contains("Tire Rotation due tomorrow")
            }

            // SIGTERM ends it cleanly; what it delivered is recorded, so a restart has nothing of it pending.
            running.signal(SIGTERM)
            #expect(await running.exit() == 0, "\(running.stderr)")
            let pending = try await cli.run("reminders", "--json")
            #expect(pending.status == 0)
            let left = try #require(
                try JSONSerialization.jsonObject(with: Data(pending.stdout.utf8)) as? [[String: Any]])
            let leftTitles = Set(left.compactMap { $0["title"] as? String })
            // Other slots of the two services (the oil change's day before, their due days) are still ahead.
            #expect(
                leftTitles.isDisjoint(with: ["Oil Change due in 1 week", "Tire Rotation due tomorrow"]),
                "\(pending.stdout)")
            #expect(leftTitles.contains("Oil Change due tomorrow"), "\(pending.stdout)")
            // Two reminders delivered; a repeat (same key, same Message-ID) is one of them sent again.
            #expect(deliveries().count == 2, "\(posts.withLock { $0.map(\.key) })")
            var messageIDs = Set<String>()
            for number in 1...max(1, smtp.count) { messageIDs.insert(try await smtp.message(number).messageID) }
            #expect(messageIDs.count == 2, "\(messageIDs)")
        }
    }

    @Test func mailNeedsItsAddresses() async throws {
        let cli = try HearthCLI()
        let noFrom = try await cli.run(
            "reminders", "deliver", "--smtp-url", "smtp://127.0.0.1:2525?starttls=off", "--mail-to", "ana@example.com")
        #expect(noFrom.status != 0)
        #expect(noFrom.stderr.contains("--smtp-url needs --mail-from"), "\(noFrom.stderr)")
        let noTo = try await cli.run(
            "reminders", "run", "--smtp-url", "smtp://127.0.0.1:2525?starttls=off", "--mail-from", "garage@example.com")
        #expect(noTo.status != 0)
        #expect(noTo.stderr.contains("--smtp-url needs --mail-to"), "\(noTo.stderr)")
        let noServer = try await cli.run("reminders", "run", "--mail-to", "ana@example.com")
        #expect(noServer.status != 0)
        #expect(noServer.stderr.contains("through --smtp-url"), "\(noServer.stderr)")
        let badAddress = try await cli.run(
            "reminders", "deliver", "--smtp-url", "smtp://127.0.0.1:2525", "--mail-from", "garage@example.com",
            "--mail-to", "not an address")
        #expect(badAddress.status != 0)
        #expect(badAddress.stderr.contains("is not an email address"), "\(badAddress.stderr)")
    }
}
