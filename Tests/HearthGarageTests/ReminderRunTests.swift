import Foundation
import GRDB
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import NIOCore
import Testing

@testable import HearthGarage

/// ``ReminderService/run()`` on a database file, with time from a ``ManualClock``: each slot fires once, a
/// restart repeats nothing, a due date changed by another process moves its reminder, slots missed while it
/// was down fire once, and reminders reach a real mail server and a webhook.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ReminderRunTests {
    /// A garage file whose wall clock is `origin` plus the time `clock` has moved.
    struct Garage {
        let clock = ManualClock()
        let origin: Date
        let url: URL

        init(origin: Date) throws {
            self.origin = origin
            url = try TestSupport.temporaryDirectory().appendingPathComponent("garage.sqlite")
        }

        /// A store on the file with its own connections, as another process has.
        func store() throws -> GarageStore {
            let clock = self.clock
            let origin = self.origin
            return try GarageStore.open(
                at: url, timeZone: TestSupport.newYork,
                now: {
                    let offset = clock.now.offset.components
                    return origin.addingTimeInterval(Double(offset.seconds) + Double(offset.attoseconds) / 1e18)
                })
        }

        /// A reminder service delivering through `adapters` on a store of its own, running until the returned
        /// task is cancelled.
        func start(_ adapters: [any ReminderDelivering], logger: Logger) throws -> (
            ReminderService, Task<Void, any Error>
        ) {
            let service = ReminderService(store: try store(), adapters: adapters, logger: logger, clock: clock)
            return (service, Task { try await service.run() })
        }

        /// Moves time on by `duration` at once (what is due by then is delivered together), then waits until
        /// the service waits on the clock again.
        func advance(by duration: Duration) async throws {
            clock.advance(by: duration)
            try await ReminderRunTests.idle(self)
        }
    }

    static func logger() -> (Logger, InMemoryLogHandler) {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "test.reminders.run", factory: { _ in handler })
        logger.logLevel = .notice
        return (logger, handler)
    }

    /// The reminder ids the log adapter delivered, in order.
    static func delivered(_ handler: InMemoryLogHandler) -> [String] {
        handler.entries.filter { $0.level == .notice }.compactMap { $0.metadata["garage.reminder.id"].map { "\($0)" } }
    }

    /// Waits until the running service is asleep on the clock again (its timer and its look at other processes).
    static func idle(_ garage: Garage) async throws {
        try await waitUntil(
            "the reminder service waits on the clock", timeout: .seconds(30), interval: .milliseconds(2)
        ) {
            garage.clock.sleeperCount >= 2
        }
    }

    /// The slots the database records as delivered, by reminder id.
    static func recorded(_ store: GarageStore) async throws -> [String: Int] {
        try await store.read { db in
            Dictionary(
                grouping: try String.fetchAll(db, sql: "SELECT reminderID FROM garageReminderDelivery"), by: { $0 }
            ).mapValues(\.count)
        }
    }

    @Test func aNineOClockSlotFiresOnceAndARestartDoesNotRepeatIt() async throws {
        let garage = try Garage(origin: TestSupport.date(2024, 3, 1, 8))
        let setup = try garage.store()
        // The marbete expires on 30 April: its 60-day reminder is at 09:00 on 1 March.
        let car = try await TestSupport.addCivic(setup, marbete: (4, 2024))
        let marbete60 = "marbete-\(car.id.uuidString)-60d"

        let (logger, handler) = Self.logger()
        let (service, running) = try garage.start([LogReminderDelivery(logger: logger)], logger: logger)
        try await waitUntil("the first schedule is made") {
            try await service.pending().contains { $0.id == marbete60 }
        }
        try await Self.idle(garage)
        #expect(Self.delivered(handler).isEmpty)

        // 08:59: not yet.
        try await garage.advance(by: .seconds(59 * 60))
        #expect(Self.delivered(handler).isEmpty)
        // 09:00: delivered, once.
        try await garage.advance(by: .seconds(60))
        try await waitUntil("the 09:00 slot is delivered") { Self.delivered(handler).contains(marbete60) }
        try await Self.idle(garage)
        try await garage.advance(by: .seconds(10 * 60))
        #expect(Self.delivered(handler).filter { $0 == marbete60 }.count == 1)
        running.cancel()
        _ = await running.result

        // A restart the same morning delivers nothing again.
        let (secondLogger, secondHandler) = Self.logger()
        let (restarted, again) = try garage.start([LogReminderDelivery(logger: secondLogger)], logger: secondLogger)
        try await waitUntil("the restarted service has scheduled") { try await restarted.pending().isEmpty == false }
        try await Self.idle(garage)
        try await garage.advance(by: .seconds(5 * 60))
        #expect(!Self.delivered(secondHandler).contains(marbete60))
        #expect(try await restarted.pending().contains { $0.id == marbete60 } == false)
        #expect(try await Self.recorded(setup)[marbete60] == 1)
        again.cancel()
        _ = await again.result
    }

    @Test func aDueDateChangedByAnotherProcessMovesItsReminder() async throws {
        let garage = try Garage(origin: TestSupport.date(2024, 3, 1, 8))
        let setup = try garage.store()
        let car = try await TestSupport.addCivic(setup)
        let oil = try await setup.addService(
            ServiceDraft(preset: "Oil Change", dueDate: TestSupport.day(2024, 4, 15), dueMileage: 90_000), to: car.id)
        let week = "service-\(oil.id.uuidString)-7d"

        let (logger, handler) = Self.logger()
        let (service, running) = try garage.start([LogReminderDelivery(logger: logger)], logger: logger)
        defer { running.cancel() }
        try await waitUntil("the first schedule is made") { try await service.pending().contains { $0.id == week } }
        #expect(try await service.pending().first { $0.id == week }?.fireAt == TestSupport.date(2024, 4, 8, 9))
        try await Self.idle(garage)

        // Another process (a store with connections of its own) moves the due date to 10 March.
        let other = try garage.store()
        try await other.updateService(oil.id) { $0.dueDate = TestSupport.day(2024, 3, 10) }
        #expect(try await service.pending().first { $0.id == week }?.fireAt == TestSupport.date(2024, 4, 8, 9))
        // Within the two seconds it looks for such changes, the reminder moves to 3 March.
        try await garage.advance(by: .seconds(2))
        try await waitUntil("the reminder follows the new due date") {
            try await service.pending().first { $0.id == week }?.fireAt == TestSupport.date(2024, 3, 3, 9)
        }
        try await Self.idle(garage)
        try await garage.advance(by: .seconds(49 * 3600))
        try await waitUntil("the moved reminder is delivered") { Self.delivered(handler).contains(week) }
        // Past the old date too, it was delivered once, at its new slot.
        try await garage.advance(by: .seconds(40 * 86_400))
        #expect(Self.delivered(handler).filter { $0 == week }.count == 1)
        let slots = try await setup.read { db in
            try Date.fetchAll(
                db, sql: "SELECT slotAt FROM garageReminderDelivery WHERE reminderID = ?", arguments: [week])
        }
        #expect(slots == [TestSupport.date(2024, 3, 3, 9)])
    }

    @Test func slotsMissedWhileItWasDownFireOnceWhenItRunsAgain() async throws {
        let garage = try Garage(origin: TestSupport.date(2024, 3, 1, 8))
        let setup = try garage.store()
        let car = try await TestSupport.addCivic(setup, marbete: (4, 2024))
        let oil = try await setup.addService(
            ServiceDraft(preset: "Oil Change", dueDate: TestSupport.day(2024, 4, 15), dueMileage: 90_000), to: car.id)

        // It runs on 1 March until 09:05, delivering the marbete's 60-day reminder.
        let (logger, handler) = Self.logger()
        let (_, first) = try garage.start([LogReminderDelivery(logger: logger)], logger: logger)
        try await Self.idle(garage)
        try await garage.advance(by: .seconds(65 * 60))
        try await waitUntil("the 60-day marbete reminder is delivered") {
            Self.delivered(handler).contains("marbete-\(car.id.uuidString)-60d")
        }
        #expect(Self.delivered(handler) == ["marbete-\(car.id.uuidString)-60d"])
        first.cancel()
        _ = await first.result

        // Nothing runs until 10 April at noon. Missed meanwhile: the oil change's 30- and 7-day reminders
        // (16 March, 8 April), the marbete's 30-day one (31 March), the mileage nudges (15 and 29 March).
        garage.clock.advance(
            by: .seconds(Int64(TestSupport.date(2024, 4, 10, 12).timeIntervalSince(garage.origin)) - 65 * 60))
        let (secondLogger, secondHandler) = Self.logger()
        let (_, second) = try garage.start([LogReminderDelivery(logger: secondLogger)], logger: secondLogger)
        try await Self.idle(garage)
        #expect(Self.delivered(secondHandler).isEmpty)
        // Within a minute, each missed reminder fires once: of each series the latest.
        try await garage.advance(by: .seconds(61))
        let expected: Set = [
            "service-\(oil.id.uuidString)-7d", "marbete-\(car.id.uuidString)-30d",
            "mileage-reminder-\(car.id.uuidString)",
        ]
        try await waitUntil("the missed reminders are delivered") { Set(Self.delivered(secondHandler)) == expected }
        try await garage.advance(by: .seconds(30 * 60))
        #expect(Self.delivered(secondHandler).count == 3)
        #expect(!Self.delivered(secondHandler).contains("service-\(oil.id.uuidString)-30d"))
        second.cancel()
        _ = await second.result

        // Another restart repeats none of them.
        let (thirdLogger, thirdHandler) = Self.logger()
        let (_, third) = try garage.start([LogReminderDelivery(logger: thirdLogger)], logger: thirdLogger)
        try await Self.idle(garage)
        try await garage.advance(by: .seconds(5 * 60))
        #expect(Self.delivered(thirdHandler).isEmpty)
        third.cancel()
        _ = await third.result
        let recorded = try await Self.recorded(setup)
        #expect(expected.allSatisfy { recorded[$0] == 1 })
    }

    /// A target that takes every reminder, as the e-mail one does (the CLI's; ReminderRunCLITests sends it
    /// through a real SMTP server): what it was handed, and the text a message would carry.
    final class RecordingDelivery: ReminderDelivering, Sendable {
        let name = "mail"
        let received = Locked<[ScheduledReminder]>([])
        func deliver(_ reminder: ScheduledReminder) async throws { received.withLock { $0.append(reminder) } }
    }

    @Test func aFailingTargetIsRetriedAloneAndTheOthersAreNotRepeated() async throws {
        let hits = Locked(0)
        let router = Router()
        // The hook fails its first call, then takes them.
        router.post("/hooks/flaky") { request, _ -> HTTPResponse.Status in
            _ = try await request.body.collect(upTo: 1 << 20)
            return hits.withLock { count in
                count += 1
                return count == 1 ? .serviceUnavailable : .noContent
            }
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let garage = try Garage(origin: TestSupport.date(2024, 3, 1, 8))
            let store = try garage.store()
            let car = try await TestSupport.addCivic(store, marbete: (4, 2024))
            let mail = RecordingDelivery()
            let hook = try WebhookReminderDelivery(
                url: URL(string: "http://127.0.0.1:\(port)/hooks/flaky")!,
                network: NetworkService(configuration: NetworkConfiguration(maxRetries: 0)), now: { store.now })
            let service = ReminderService(
                store: store, adapters: [mail, hook], logger: Self.logger().0, clock: garage.clock)
            try await service.reschedule()
            garage.clock.advance(by: .seconds(3600))

            let first = try await service.deliverDue()
            #expect(first.delivered.isEmpty)
            #expect(first.failed.map(\.adapter) == ["webhook"])
            let message = try #require(mail.received.withLock { $0 }.first)
            #expect(message.title == "Marbete expires in 60 days")
            let text = message.messageText
            #expect(text.contains("Daily: the marbete expires on 2024-04-30. Renew it before then."), "\(text)")
            #expect(
                text.contains(
                    "Remind Tomorrow: hearth garage reminders act marbete-\(car.id.uuidString)-60d remind-tomorrow"),
                "\(text)")

            // The retry reaches the hook; the mail, already sent, is not sent again.
            let second = try await service.deliverDue()
            #expect(second.delivered.map(\.id) == ["marbete-\(car.id.uuidString)-60d"])
            #expect(hits.withLock { $0 } == 2)
            #expect(mail.received.withLock { $0.count } == 1)
            #expect(try await service.deliverDue().delivered.isEmpty)
        }
    }
}
