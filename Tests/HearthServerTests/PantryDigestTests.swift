import Foundation
import HTTPTypes
import HearthCloud
import HearthCore
import HearthMail
import HearthPantryModel
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import HearthPantryServer
@testable import HearthServer

/// The pantry's daily digest end to end: real SQLite, a real SMTP server (aiosmtpd) and a real HTTP server
/// receiving the webhook; the time is a wall clock the test sets, and the server's loop waits on a manual clock.
@Suite("Pantry daily digest", .timeLimit(.minutes(5)))
struct PantryDigestTests {
    static let logger: Logger = {
        var logger = Logger(label: "hearth.digest.test")
        logger.logLevel = .critical
        return logger
    }()

    /// 2026-03-10 12:00 UTC.
    static let noon = Date(timeIntervalSince1970: 1_773_144_000)
    static let today = CalendarDay(year: 2026, month: 3, day: 10)!

    /// A pantry on a fresh in-memory database, and a wall clock.
    struct World: Sendable {
        let records: SQLRecordStore
        let store: PantryStore
        let clock: WallClock

        init() async throws {
            records = try SQLRecordStore.sqlite(
                inMemory: CloudConfiguration(bcryptCost: 4), logger: PantryDigestTests.logger)
            try await records.migrate()
            try await PantryGraphQL.migrate(records)
            store = PantryStore(database: records.database)
            clock = WallClock(PantryDigestTests.noon)
        }

        func user(_ name: String) async throws -> PantryViewer {
            let id = "u-\(name)"
            let email = "\(name)@example.com"
            try await records.createAccount(CloudAccount(id: id, email: email, passwordHash: "x", createdAt: 0))
            return PantryViewer(userID: id, email: email)
        }

        func household(_ name: String, owner: PantryViewer, members: [PantryViewer] = []) async throws -> Household {
            var household = try HouseholdRules.create(
                id: PantryStore.newID(), name: name, ownerId: owner.userID, memberId: PantryStore.newID(), at: noon)
            for person in members {
                household = try HouseholdRules.addMember(
                    person.userID, role: .member, to: household, by: owner.userID, memberId: PantryStore.newID(),
                    at: noon)
            }
            try await store.insert(household)
            return household
        }

        /// An item due `days` from 2026-03-10 (none: no date).
        func item(
            _ name: String, in household: Household, dueIn days: Int?, quantity: Double = 1, minimum: Double? = nil,
            location: String? = "Fridge", kind: DueDateKind = .expiration
        ) async throws {
            try await store.insert(
                PantryItem(
                    id: PantryStore.newID(), householdId: household.id, name: name, quantity: quantity, unit: "kg",
                    expirationDate: days.map { PantryDigestTests.today.adding(days: $0) }, location: location,
                    addedBy: household.createdBy, createdAt: noon, updatedAt: noon, minimumQuantity: minimum,
                    dueDateKind: kind))
        }

        func prefer(_ user: PantryViewer, _ preferences: DigestPreferences) async throws {
            try await store.save(digestPreferences: try preferences.validated(), of: user.userID, at: noon)
        }

        func digests(_ channels: [any DigestDelivering]) -> PantryDigests {
            PantryDigests(store: store, channels: channels, now: clock.reading, logger: PantryDigestTests.logger)
        }
    }

    static func mailer(_ server: SMTPTestServer) throws -> MailDigestDelivery {
        MailDigestDelivery(
            mailer: SMTPMailSender(
                configuration: try SMTPConfiguration(
                    url: "smtp://127.0.0.1:\(server.port)?starttls=off", from: "pantry@example.com"),
                logger: logger))
    }

    /// What the webhook receiver got: the Idempotency-Key and the payload of each POST.
    final class Hooks: Sendable {
        let received = Locked<[(key: String, payload: WebhookDigestDelivery.Payload)]>([])
        /// How many of the next POSTs answer 500.
        let failures = Locked(0)
        /// How many POSTs `/hooks/elsewhere` sent on to another address.
        let redirects = Locked(0)

        var keys: [String] { received.withLock { $0.map(\.key) } }
        var payloads: [WebhookDigestDelivery.Payload] { received.withLock { $0.map(\.payload) } }

        /// Runs `body` with a live HTTP server on 127.0.0.1 whose `/hooks/pantry` records every POST.
        func serve(_ body: @escaping @Sendable (Int) async throws -> Void) async throws {
            let router = Router()
            router.post("/hooks/pantry") { [self] request, _ -> HTTPResponse.Status in
                let bytes = try await request.body.collect(upTo: 1 << 20)
                if failures.withLock({ count in
                    defer { count = max(0, count - 1) }
                    return count > 0
                }) {
                    return .internalServerError
                }
                let payload = try JSONDecoder.hearth.decode(
                    WebhookDigestDelivery.Payload.self, from: Data(bytes.readableBytesView))
                let key = request.headers[HTTPField.Name("Idempotency-Key")!] ?? "(none)"
                received.withLock { $0.append((key, payload)) }
                return .noContent
            }
            router.post("/hooks/elsewhere") { [self] _, _ -> Response in
                redirects.withLock { $0 += 1 }
                return Response(
                    status: .temporaryRedirect, headers: [.location: "http://169.254.169.254/latest/meta-data/"])
            }
            let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
            try await app.test(.live) { client in try await body(try #require(client.port)) }
        }
    }

    static func webhook() -> WebhookDigestDelivery {
        WebhookDigestDelivery(privateHostsAllowed: ["127.0.0.1"], now: { noon })
    }

    @Test("a member with the digest off, or never set, gets nothing; nothing to report sends nothing")
    func switchedOffAndNothingToSay() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        let world = try await World()
        let off = try await world.user("off")
        let never = try await world.user("never")
        let home = try await world.household("Home", owner: off, members: [never])
        try await world.item("Milk", in: home, dueIn: 1)
        try await world.prefer(off, DigestPreferences(enabled: false, email: true))

        let digests = world.digests([try Self.mailer(smtp)])
        // Only "quiet" has it on, and their household has only fresh food and no minimum missed.
        let quiet = try await world.user("quiet")
        let flat = try await world.household("Flat", owner: quiet)
        try await world.item("Rice", in: flat, dueIn: 200, location: "Pantry")
        try await world.item("Salt", in: flat, dueIn: nil, minimum: 0.5, location: "Pantry")
        try await world.prefer(quiet, DigestPreferences(enabled: true, email: true))

        let report = try await digests.runDue()
        #expect(report.entries.map(\.memberId) == [quiet.userID])
        #expect(report.entries.first?.status == .nothingToSay)
        #expect(smtp.count == 0)
        // The day is done: a later run does not look again.
        #expect(try await digests.runDue().entries.first?.status == .alreadySent)
        #expect(smtp.count == 0)
    }

    @Test("e-mail goes to the account's address with text and HTML; the webhook gets JSON with the key")
    func emailAndWebhook() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        let hooks = Hooks()
        try await hooks.serve { port in
            let world = try await World()
            let ana = try await world.user("ana")
            let ben = try await world.user("ben")
            let home = try await world.household("Home", owner: ana, members: [ben])
            try await world.item("Milk", in: home, dueIn: -2)
            try await world.item("Yogurt", in: home, dueIn: 1)
            try await world.item("Bread", in: home, dueIn: 3, location: "Bread bin", kind: .bestBefore)
            try await world.item("Rice", in: home, dueIn: nil, quantity: 0.2, minimum: 1, location: "Pantry")
            try await world.item("Cheese", in: home, dueIn: 30)
            try await world.prefer(ana, DigestPreferences(enabled: true, email: true))
            try await world.prefer(
                ben,
                DigestPreferences(enabled: true, email: false, webhookURL: "http://127.0.0.1:\(port)/hooks/pantry"))

            let report = try await world.digests([try Self.mailer(smtp), Self.webhook()]).runDue()
            #expect(report.sent.count == 2)
            let subject = "Pantry: 1 item expired, 2 expiring soon, 1 below minimum"
            #expect(report.entries.map(\.subject) == [subject, subject])
            #expect(report.entries.map(\.channels) == [["email"], ["webhook"]])

            let envelope = try await smtp.envelope(1)
            #expect(envelope.rcptTos == ["ana@example.com"])
            let mail = try await smtp.message(1)
            #expect(mail.subject == subject)
            #expect(mail.contentType == "multipart/alternative")
            #expect(mail.messageID == "<pantry-digest.u-ana.2026-03-10@example.com>")
            #expect(mail.defects.isEmpty)
            let text = try #require(mail.text).replacingOccurrences(of: "\r\n", with: "\n")
            #expect(text.contains("Home\n  Bread bin\n    - Bread (1 kg): due in 3 days (2026-03-13)"))
            #expect(
                text.contains(
                    "  Fridge\n    - Milk (1 kg): expired 2 days ago (2026-03-08)\n    - Yogurt (1 kg): due tomorrow"))
            #expect(text.contains("  Pantry\n    - Rice (0.2 kg): below the minimum of 1 kg"))
            #expect(!text.contains("Cheese"))
            let html = try #require(mail.html)
            #expect(html.contains("<h2 style=\"font-size: 1.1em;\">Home</h2>"))
            #expect(html.contains("<td style=\"padding: 0 1em;\">Yogurt</td>"))
            #expect(smtp.count == 1)

            #expect(hooks.keys == ["u-ben.2026-03-10"])
            let payload = try #require(hooks.payloads.first)
            #expect(payload.event == "pantry.digest" && payload.memberId == ben.userID)
            #expect(payload.deliveryKey == "u-ben.2026-03-10" && payload.day == Self.today)
            #expect(payload.subject == subject)
            #expect(payload.digest.households.map(\.name) == ["Home"])
            #expect(payload.digest.households.first?.locations.map(\.name) == ["Bread bin", "Fridge", "Pantry"])
        }
    }

    @Test("a stranger's household never appears; a member of two households hears of both")
    func householdsAreTheMembersOwn() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        let world = try await World()
        let ana = try await world.user("ana")
        let stranger = try await world.user("stranger")
        let home = try await world.household("Home", owner: ana)
        let cabin = try await world.household("Cabin", owner: stranger, members: [ana])
        let theirs = try await world.household("Stranger's place", owner: stranger)
        try await world.item("Milk", in: home, dueIn: 0)
        try await world.item("Eggs", in: cabin, dueIn: 2, location: nil)
        try await world.item("Caviar", in: theirs, dueIn: -1)
        try await world.prefer(ana, DigestPreferences(enabled: true, email: true))

        let report = try await world.digests([try Self.mailer(smtp)]).runDue()
        #expect(report.sent.map(\.memberId) == [ana.userID])
        let text = try #require(try await smtp.message(1).text).replacingOccurrences(of: "\r\n", with: "\n")
        #expect(text.contains("Cabin\n  No location\n    - Eggs (1 kg): due in 2 days"))
        #expect(text.contains("Home\n  Fridge\n    - Milk (1 kg): due today"))
        #expect(text.range(of: "Cabin")!.lowerBound < text.range(of: "Home")!.lowerBound)
        #expect(!text.contains("Caviar") && !text.contains("Stranger"))
        #expect(try await smtp.message(1).subject == "Pantry: 2 items expiring soon")
    }

    @Test("at most once a day, even when run twice or by a new process; the next day brings the next one")
    func oncePerDay() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        let world = try await World()
        let ana = try await world.user("ana")
        let home = try await world.household("Home", owner: ana)
        try await world.item("Milk", in: home, dueIn: 1)
        try await world.prefer(ana, DigestPreferences(enabled: true, email: true, daysAhead: 3))

        #expect(try await world.digests([try Self.mailer(smtp)]).runDue().sent.count == 1)
        #expect(try await world.digests([try Self.mailer(smtp)]).runDue().entries.map(\.status) == [.alreadySent])
        #expect(
            try await world.digests([try Self.mailer(smtp)]).runDue(dryRun: true).entries.map(\.status) == [
                .alreadySent
            ])
        #expect(smtp.count == 1)

        world.clock.advance(days: 1)
        let next = try await world.digests([try Self.mailer(smtp)]).runDue()
        #expect(next.sent.map(\.deliveryKey) == ["u-ana.2026-03-11"])
        #expect(try await smtp.message(2).messageID == "<pantry-digest.u-ana.2026-03-11@example.com>")
        #expect(smtp.count == 2)
    }

    @Test("two senders on one database never send one digest twice; a claim left by a stopped sender runs out")
    func oneSenderAtATime() async throws {
        let hooks = Hooks()
        try await hooks.serve { port in
            let world = try await World()
            let ana = try await world.user("ana")
            let home = try await world.household("Home", owner: ana)
            try await world.item("Milk", in: home, dueIn: 1)
            try await world.prefer(
                ana,
                DigestPreferences(enabled: true, email: false, webhookURL: "http://127.0.0.1:\(port)/hooks/pantry"))
            let key = "u-ana.2026-03-10"

            // Another process took the digest and stopped before it was done: nobody sends it until its claim runs out.
            #expect(
                try await world.store.claimDigest(
                    key, userID: ana.userID, day: Self.today, now: Self.noon, until: Self.noon.addingTimeInterval(600)))
            #expect(
                try await !world.store.claimDigest(
                    key, userID: ana.userID, day: Self.today, now: Self.noon, until: Self.noon.addingTimeInterval(600)))
            #expect(try await world.digests([Self.webhook()]).runDue().entries.map(\.status) == [.inProgress])
            world.clock.advance(by: 9 * 60)
            #expect(try await world.digests([Self.webhook()]).runDue().entries.map(\.status) == [.inProgress])
            #expect(hooks.keys.isEmpty)
            world.clock.advance(by: 60)
            #expect(try await world.digests([Self.webhook()]).runDue().sent.map(\.deliveryKey) == [key])
            #expect(hooks.keys == [key])

            // The next day, two senders at once: one sends, the other finds it taken or done.
            world.clock.advance(days: 1)
            async let first = world.digests([Self.webhook()]).runDue()
            async let second = world.digests([Self.webhook()]).runDue()
            let statuses = try await (first.entries + second.entries).map(\.status)
            #expect(statuses.filter { $0 == .sent }.count == 1, "\(statuses)")
            #expect(statuses.allSatisfy { [.sent, .inProgress, .alreadySent].contains($0) }, "\(statuses)")
            #expect(hooks.keys == [key, "u-ana.2026-03-11"])
        }
    }

    @Test("a dry run says what would go and sends and records nothing")
    func dryRun() async throws {
        let world = try await World()
        let ana = try await world.user("ana")
        let home = try await world.household("Home", owner: ana)
        try await world.item("Milk", in: home, dueIn: 1)
        try await world.prefer(
            ana, DigestPreferences(enabled: true, email: false, webhookURL: "https://hooks.example.com/p"))
        let digests = world.digests([Self.webhook()])
        let report = try await digests.runDue(dryRun: true)
        #expect(report.entries.map(\.status) == [.wouldSend])
        #expect(report.entries.first?.channels == ["webhook"])
        #expect(try await world.store.digestChannels(delivered: "u-ana.2026-03-10").isEmpty)
    }

    @Test(
        "a failing channel is retried at the next run, without repeating the channel that worked, also after a restart")
    func failureThenRetry() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        let hooks = Hooks()
        hooks.failures.withLock { $0 = 1 }
        try await hooks.serve { port in
            let world = try await World()
            let ana = try await world.user("ana")
            let home = try await world.household("Home", owner: ana)
            try await world.item("Milk", in: home, dueIn: 1)
            try await world.prefer(
                ana, DigestPreferences(enabled: true, email: true, webhookURL: "http://127.0.0.1:\(port)/hooks/pantry"))

            let first = try await world.digests([try Self.mailer(smtp), Self.webhook()]).runDue()
            #expect(first.failed.map(\.memberId) == [ana.userID])
            #expect(first.failed.first?.channels == ["email"])
            #expect(first.failed.first?.error?.contains("webhook") == true)
            #expect(first.failed.first?.error?.contains("500") == true)
            // The stored error names the webhook by its scheme and host only: its path may be its secret.
            #expect(first.failed.first?.error?.contains("http://127.0.0.1:\(port)") == true)
            #expect(first.failed.first?.error?.contains("/hooks/pantry") == false, "\(first.failed)")
            #expect(smtp.count == 1 && hooks.keys.isEmpty)

            // A new instance (a restarted server) reads what was done from the database.
            let second = try await world.digests([try Self.mailer(smtp), Self.webhook()]).runDue()
            #expect(second.sent.first?.channels == ["webhook"])
            #expect(hooks.keys == ["u-ana.2026-03-10"])
            #expect(smtp.count == 1)
            #expect(
                try await world.digests([try Self.mailer(smtp), Self.webhook()]).runDue().entries.map(\.status) == [
                    .alreadySent
                ])
        }
    }

    @Test("the hour is the member's own: Los Angeles at 07:30 local gets theirs while Auckland, at 03:30, waits")
    func timeZones() async throws {
        let hooks = Hooks()
        try await hooks.serve { port in
            let world = try await World()
            let url = "http://127.0.0.1:\(port)/hooks/pantry"
            let la = try await world.user("la")
            let nz = try await world.user("nz")
            let home = try await world.household("Home", owner: la, members: [nz])
            try await world.item("Milk", in: home, dueIn: 1)
            try await world.prefer(
                la,
                DigestPreferences(
                    enabled: true, email: false, webhookURL: url, hour: 7, timeZone: "America/Los_Angeles"))
            try await world.prefer(
                nz,
                DigestPreferences(enabled: true, email: false, webhookURL: url, hour: 7, timeZone: "Pacific/Auckland"))
            let digests = world.digests([Self.webhook()])

            // 14:30 UTC: 07:30 in Los Angeles (PDT, 10 March), 03:30 in Auckland (NZDT, 11 March).
            world.clock.set(Self.noon.addingTimeInterval(2.5 * 3600))
            let first = try await digests.runDue()
            #expect(first.entries.map(\.status) == [.sent, .notYet])
            #expect(hooks.keys == ["u-la.2026-03-10"])
            // 13:59 UTC had been too early for Los Angeles (06:59).
            // 18:30 UTC: 07:30 on 11 March in Auckland.
            world.clock.set(Self.noon.addingTimeInterval(6.5 * 3600))
            let second = try await digests.runDue()
            #expect(second.entries.map(\.status) == [.alreadySent, .sent])
            #expect(hooks.keys == ["u-la.2026-03-10", "u-nz.2026-03-11"])
            // Auckland's day is the 11th: the milk is due today there.
            #expect(hooks.payloads.last?.digest.households.first?.locations.first?.entries.first?.daysUntilDue == 0)
        }
    }

    @Test("a webhook on a private address is refused unless the server allows its host")
    func privateWebhookRefused() async throws {
        let hooks = Hooks()
        try await hooks.serve { port in
            let world = try await World()
            let ana = try await world.user("ana")
            let home = try await world.household("Home", owner: ana)
            try await world.item("Milk", in: home, dueIn: 1)
            try await world.prefer(
                ana, DigestPreferences(enabled: true, email: false, webhookURL: "http://127.0.0.1:\(port)/hooks/pantry")
            )
            let report = try await world.digests([WebhookDigestDelivery()]).runDue()
            #expect(report.failed.first?.error?.contains("private, loopback or link-local") == true)
            #expect(hooks.keys.isEmpty)

            // An allowed host that redirects elsewhere (here, to a cloud's metadata address) is not followed.
            try await world.prefer(
                ana,
                DigestPreferences(enabled: true, email: false, webhookURL: "http://127.0.0.1:\(port)/hooks/elsewhere"))
            let redirected = try await world.digests([Self.webhook()]).runDue()
            #expect(redirected.failed.first?.error?.contains("answered with a redirect (HTTP 307)") == true)
            #expect(hooks.redirects.withLock { $0 } == 1)
            #expect(hooks.keys.isEmpty)
        }
    }

    @Test("inside the server, the digest runs every minute on the injected clock")
    func serviceRunsOnTheClock() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        let world = try await World()
        let ana = try await world.user("ana")
        let home = try await world.household("Home", owner: ana)
        try await world.item("Milk", in: home, dueIn: 1)
        try await world.prefer(ana, DigestPreferences(enabled: true, email: true, hour: 13))
        let clock = ManualClock()
        let service = PantryDigestService(
            digests: world.digests([try Self.mailer(smtp)]), interval: .seconds(60), clock: clock, logger: Self.logger)
        let running = Task { try await service.run() }
        defer { running.cancel() }

        // 12:00 UTC: before the 13:00 hour, nothing goes.
        try await clock.advance(pastWaitOf: .seconds(60))
        try await waitUntil("the first run is done and the next waits") { clock.sleeperCount == 1 }
        #expect(smtp.count == 0)
        world.clock.set(Self.noon.addingTimeInterval(3600))
        try await clock.advance(pastWaitOf: .seconds(60))
        #expect(try await smtp.message(1).subject == "Pantry: 1 item expiring soon")
        try await clock.advance(pastWaitOf: .seconds(60))
        try await waitUntil("the third run is done") { clock.sleeperCount == 1 }
        #expect(smtp.count == 1)
    }
}
