import Foundation
import GRDB
import HTTPTypes
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import NIOCore
import Testing

@testable import HearthGarage

@Suite(.timeLimit(.minutes(10))) struct ReminderServiceTests {
    static func logger() -> (Logger, InMemoryLogHandler) {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "test.reminders", factory: { _ in handler })
        logger.logLevel = .debug
        return (logger, handler)
    }

    /// A store at 1 March 2024 with a Civic whose oil change is due 15 April and whose marbete expires in April.
    static func garage() async throws -> (GarageStore, WallClock, Vehicle, ServiceItem) {
        let (store, clock) = try TestSupport.store(now: TestSupport.date(2024, 3, 1, 8))
        let car = try await TestSupport.addCivic(store, marbete: (4, 2024))
        let oil = try await store.addService(
            ServiceDraft(preset: "Oil Change", dueDate: TestSupport.day(2024, 4, 15), dueMileage: 60_000), to: car.id)
        return (store, clock, car, oil)
    }

    @Test func keepsThePendingSetInTheDatabase() async throws {
        let (store, _, car, oil) = try await Self.garage()
        let service = ReminderService(store: store, adapters: [], logger: Self.logger().0)
        let pending = try await service.reschedule()
        let ids = Set(pending.map(\.id))
        #expect(
            ids.isSuperset(of: [
                "service-\(oil.id.uuidString)-30d", "service-\(oil.id.uuidString)-due",
                "marbete-\(car.id.uuidString)-60d", "marbete-\(car.id.uuidString)-1d",
                "mileage-reminder-\(car.id.uuidString)",
            ]))
        #expect(pending == pending.sorted { ($0.fireAt, $0.id) < ($1.fireAt, $1.id) })
        // A second service instance over the same database sees the same queue.
        let again = ReminderService(store: store, adapters: [], logger: Self.logger().0)
        #expect(try await again.pending() == pending)
    }

    @Test func theBudgetCapsThePendingQueue() async throws {
        let (store, _, car, _) = try await Self.garage()
        for index in 0..<30 {
            try await store.addService(
                ServiceDraft(name: "Check \(index)", dueDate: TestSupport.day(2024, 5, 1).adding(days: index)),
                to: car.id)
        }
        let service = ReminderService(store: store, adapters: [], logger: Self.logger().0)
        #expect(try await service.upcoming().count > 60)
        let pending = try await service.reschedule()
        #expect(pending.count == 60)
        #expect(try await service.pending().count == 60)
        let upcoming = try await service.upcoming()
        #expect(pending.map(\.id) == upcoming.prefix(60).map(\.id))
    }

    @Test func deliversDueRemindersOnceThroughTheLog() async throws {
        let (store, clock, car, _) = try await Self.garage()
        let (logger, handler) = Self.logger()
        let service = ReminderService(store: store, adapters: [LogReminderDelivery(logger: logger)], logger: logger)
        try await service.reschedule()
        #expect(try await service.deliverDue().delivered.isEmpty)
        // 1 March at 09:00 is 60 days before the marbete expires (30 April).
        clock.set(TestSupport.date(2024, 3, 1, 9, 0))
        let report = try await service.deliverDue()
        #expect(report.delivered.map(\.id) == ["marbete-\(car.id.uuidString)-60d"])
        let notices = handler.entries.filter { $0.level == .notice }
        #expect(notices.count == 1)
        #expect(notices.first?.metadata["garage.reminder.id"] == "marbete-\(car.id.uuidString)-60d")
        // Rescheduling does not bring back what was delivered, and nothing is delivered twice.
        try await service.reschedule()
        #expect(try await service.pending().contains { $0.id == "marbete-\(car.id.uuidString)-60d" } == false)
        #expect(try await service.deliverDue().delivered.isEmpty)
    }

    @Test func deliveriesAreForgottenOnceTheirSlotsCanNeverComeBack() async throws {
        let (store, clock, car, _) = try await Self.garage()
        let service = ReminderService(store: store, adapters: [], logger: Self.logger().0)
        try await service.reschedule()
        clock.set(TestSupport.date(2024, 3, 1, 9, 0))
        #expect(try await service.deliverDue().delivered.map(\.id) == ["marbete-\(car.id.uuidString)-60d"])
        func remembered() async throws -> [String] {
            try await store.read { db in
                try String.fetchAll(db, sql: "SELECT reminderID FROM garageReminderDelivery ORDER BY reminderID")
            }
        }
        #expect(try await remembered() == ["marbete-\(car.id.uuidString)-60d"])
        // A year on, the delivery is still remembered; after 400 days it is gone, and nothing comes back.
        clock.set(TestSupport.date(2025, 3, 1, 9, 0))
        _ = try await service.deliverDue()
        #expect(try await remembered().contains("marbete-\(car.id.uuidString)-60d"))
        clock.set(TestSupport.date(2025, 4, 6, 9, 0))
        _ = try await service.deliverDue()
        #expect(try await remembered().contains("marbete-\(car.id.uuidString)-60d") == false)
        try await service.reschedule()
        #expect(try await service.pending().allSatisfy { $0.fireAt > TestSupport.date(2025, 4, 6, 9, 0) })
    }

    @Test func rescheduleFollowsDataChanges() async throws {
        let (store, clock, _, oil) = try await Self.garage()
        let service = ReminderService(store: store, adapters: [], logger: Self.logger().0)
        try await service.reschedule()
        clock.set(TestSupport.date(2024, 4, 10, 12))
        try await store.completeService(oil.id, mileage: 45_000)
        let pending = try await service.reschedule()
        // Done on 10 April at 45,000: next due 10 October or 50,000 miles. 3,000 miles in the 40 days since
        // 1 March is 75 a day, so 50,000 comes first, on 16 June; the old reminder for 15 April is gone.
        let due = pending.first { $0.id == "service-\(oil.id.uuidString)-due" }
        #expect(due?.fireAt == TestSupport.date(2024, 6, 16, 9))
        let summary = try #require(try await store.due().first?.items.first { $0.service.id == oil.id })
        #expect(summary.service.dueDate == TestSupport.day(2024, 10, 10))
        #expect(summary.effectiveDueDate == TestSupport.day(2024, 6, 16))
    }

    @Test func runReschedulesWhenDataChanges() async throws {
        let (store, _, car, _) = try await Self.garage()
        let service = ReminderService(
            store: store, adapters: [], logger: Self.logger().0, pollInterval: .milliseconds(50))
        let running = Task { try await service.run() }
        defer { running.cancel() }
        let brakes = try await store.addService(
            ServiceDraft(preset: "Brake Inspection", dueDate: TestSupport.day(2024, 6, 1)), to: car.id)
        try await waitUntil(
            "the running service schedules the new service's reminders", timeout: .seconds(60),
            interval: .milliseconds(25)
        ) {
            try await service.pending().contains { $0.serviceID == brakes.id }
        }
    }

    @Test func webhookReceivesThePostedJSON() async throws {
        let received = Locked<[ByteBuffer]>([])
        let router = Router()
        router.post("/hooks/garage") { request, context -> HTTPResponse.Status in
            let body = try await request.body.collect(upTo: 1 << 20)
            received.withLock { $0.append(body) }
            return .noContent
        }
        router.post("/hooks/broken") { _, _ -> HTTPResponse.Status in .internalServerError }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let (store, clock, car, _) = try await Self.garage()
            let webhook = try WebhookReminderDelivery(
                url: URL(string: "http://127.0.0.1:\(port)/hooks/garage")!, now: { clock.now })
            let service = ReminderService(store: store, adapters: [webhook], logger: Self.logger().0)
            try await service.reschedule()
            clock.set(TestSupport.date(2024, 3, 1, 9, 0).addingTimeInterval(30))
            let report = try await service.deliverDue()
            #expect(report.delivered.count == 1)
            let bodies = received.withLock { $0 }
            #expect(bodies.count == 1)
            let payload = try JSONDecoder.hearth.decode(
                WebhookReminderDelivery.Payload.self, from: Data(try #require(bodies.first).readableBytesView))
            #expect(payload.event == "garage.reminder")
            #expect(payload.reminder.id == "marbete-\(car.id.uuidString)-60d")
            #expect(payload.reminder.vehicleID == car.id)
            #expect(payload.actions.map(\.identifier) == ["REMIND_TOMORROW"])
            #expect(payload.deliveredAt == clock.now)

            // A failing hook keeps the reminder pending for the next try.
            let broken = try WebhookReminderDelivery(
                url: URL(string: "http://127.0.0.1:\(port)/hooks/broken")!,
                network: NetworkService(configuration: NetworkConfiguration(maxRetries: 0))
            )
            let failing = ReminderService(store: store, adapters: [broken], logger: Self.logger().0)
            clock.set(TestSupport.date(2024, 3, 15, 9, 0).addingTimeInterval(30))  // the mileage reminder's day
            let failed = try await failing.deliverDue()
            #expect(failed.delivered.isEmpty)
            #expect(failed.failed.first?.adapter == "webhook")
            #expect(failed.failed.first?.message.contains("500") == true)
            #expect(try await failing.pending().contains { $0.id == "mileage-reminder-\(car.id.uuidString)" })
        }
    }

    /// A hook that took the request but answered too late: the reminder stays pending, and the next check sends
    /// it again with the same delivery key (header and payload), by which the receiver drops the repeat.
    @Test func aWebhookWhoseAnswerNeverCameGetsTheRepeatWithTheSameKey() async throws {
        let keys = Locked<[String]>([])
        let payloads = Locked<[WebhookReminderDelivery.Payload]>([])
        let (release, letGo) = AsyncStream.makeStream(of: Void.self)
        let router = Router()
        router.post("/hooks/garage") { request, _ -> HTTPResponse.Status in
            let body = try await request.body.collect(upTo: 1 << 20)
            let payload = try JSONDecoder.hearth.decode(
                WebhookReminderDelivery.Payload.self, from: Data(body.readableBytesView))
            payloads.withLock { $0.append(payload) }
            let seen = keys.withLock { keys in
                keys.append(request.headers[HTTPField.Name("Idempotency-Key")!] ?? "(none)")
                return keys.count
            }
            // The first request is taken but its answer is held until the client has given up.
            if seen == 1 { for await _ in release { break } }
            return .noContent
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let (store, clock, car, _) = try await Self.garage()
            let networkClock = ManualClock()
            let webhook = try WebhookReminderDelivery(
                url: URL(string: "http://127.0.0.1:\(port)/hooks/garage")!,
                network: NetworkService(
                    configuration: NetworkConfiguration(timeout: .seconds(15), maxRetries: 0), clock: networkClock),
                now: { clock.now })
            let service = ReminderService(store: store, adapters: [webhook], logger: Self.logger().0)
            try await service.reschedule()
            clock.set(TestSupport.date(2024, 3, 1, 9, 0).addingTimeInterval(30))

            async let first = service.deliverDue()
            try await waitUntil("the hook holds the first request", timeout: .seconds(60)) {
                keys.withLock { $0.count } == 1 && networkClock.sleeperCount == 1
            }
            networkClock.advance(by: .seconds(15))
            let timedOut = try await first
            letGo.finish()
            #expect(timedOut.delivered.isEmpty)
            #expect(timedOut.failed.first?.message.contains("did not answer within") == true)

            let again = try await service.deliverDue()
            let id = "marbete-\(car.id.uuidString)-60d"
            #expect(again.delivered.map(\.id) == [id])
            let key = "\(id).\(Int64(TestSupport.date(2024, 3, 1, 9).timeIntervalSince1970))"
            #expect(keys.withLock { $0 } == [key, key])
            #expect(payloads.withLock { $0 }.map(\.deliveryKey) == [key, key])
            // Delivered now: a later check sends nothing more.
            #expect(try await service.deliverDue().delivered.isEmpty)
            #expect(keys.withLock { $0.count } == 2)
        }
    }

    @Test func actionsApplyToTheirReminders() async throws {
        let (store, clock, car, oil) = try await Self.garage()
        let service = ReminderService(store: store, adapters: [], logger: Self.logger().0)
        try await service.reschedule()
        clock.set(TestSupport.date(2024, 4, 14, 9, 1))

        // Remind Tomorrow on a service reminder: a snooze at 09:00 tomorrow that survives rescheduling.
        guard
            case .snoozed(let snooze) = try await service.perform(
                .remindTomorrow, reminderID: "service-\(oil.id.uuidString)-1d")
        else {
            Issue.record("expected a snooze")
            return
        }
        #expect(snooze.id == "service-\(oil.id.uuidString)-snooze")
        #expect(snooze.fireAt == TestSupport.date(2024, 4, 15, 9))
        #expect(try await service.reschedule().contains { $0.id == snooze.id })

        // Mark Done completes the service.
        guard
            case .completed(let completion) = try await service.perform(
                .markDone, reminderID: "service-\(oil.id.uuidString)-due")
        else {
            Issue.record("expected a completion")
            return
        }
        #expect(completion.service.lastPerformed == TestSupport.day(2024, 4, 14))
        #expect(try await store.logs(of: car.id).count == 1)
        // The snooze's service still exists, so the snooze stays until it fires.
        #expect(try await service.pending().contains { $0.id == snooze.id })

        // Update Now needs the reading; with it, the odometer moves.
        await expectError("needs the odometer reading") {
            _ = try await service.perform(.updateNow, reminderID: "mileage-reminder-\(car.id.uuidString)")
        }
        guard
            case .mileageUpdated(let update) = try await service.perform(
                .updateNow, reminderID: "mileage-reminder-\(car.id.uuidString)", mileage: 43_210)
        else {
            Issue.record("expected a mileage update")
            return
        }
        #expect(update.vehicle.currentMileage == 43_210)
        #expect(update.snapshot.source == .reminder)

        // Remind Later keeps the mileage reminder's id and moves it to tomorrow.
        guard
            case .snoozed(let later) = try await service.perform(
                .remindLater, reminderID: "mileage-reminder-\(car.id.uuidString)")
        else {
            Issue.record("expected a snooze")
            return
        }
        #expect(later.id == "mileage-reminder-\(car.id.uuidString)")
        #expect(try await service.reschedule().first { $0.id == later.id }?.fireAt == TestSupport.date(2024, 4, 15, 9))

        // The marbete's snooze is the final notice.
        guard
            case .snoozed(let final) = try await service.perform(
                .remindTomorrow, reminderID: "marbete-\(car.id.uuidString)-7d")
        else {
            Issue.record("expected a snooze")
            return
        }
        #expect(final.id == "marbete-\(car.id.uuidString)-0d" && final.title.hasPrefix("FINAL NOTICE"))

        // View Costs for a roundup.
        guard
            case .costs(_, let year, let total, let logs, _) = try await service.perform(
                .viewCosts, reminderID: "yearly-roundup-\(car.id.uuidString)-2024")
        else {
            Issue.record("expected costs")
            return
        }
        #expect(year == 2024 && total == 0 && logs.count == 1)

        // An action from another category is refused.
        await expectError("has no \"View Costs\" action") {
            _ = try await service.perform(.viewCosts, reminderID: "service-\(oil.id.uuidString)-7d")
        }
        await expectError("not a garage reminder id") {
            _ = try await service.perform(.markDone, reminderID: "nonsense")
        }
    }

    @Test func yearlyRoundupIsShownOncePerYear() async throws {
        let (store, clock) = try TestSupport.store(now: TestSupport.date(2023, 6, 1))
        let car = try await TestSupport.addCivic(store)
        let oil = try await store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        try await store.completeService(oil.id, cost: "89.95")
        let service = ReminderService(
            store: store, adapters: [LogReminderDelivery(logger: Self.logger().0)], logger: Self.logger().0)
        let roundupID = "yearly-roundup-\(car.id.uuidString)-2023"
        #expect(try await service.reschedule().contains { $0.id == roundupID })
        clock.set(TestSupport.date(2024, 1, 2, 10))
        #expect(try await service.deliverDue().delivered.contains { $0.id == roundupID })
        clock.set(TestSupport.date(2024, 1, 2, 11))
        #expect(try await service.reschedule().contains { $0.id == roundupID } == false)
    }
}
