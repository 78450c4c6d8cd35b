import Foundation
import GRDB
import HearthCore
import HearthStore
public import Logging
public import ServiceLifecycle

/// The live ``ReminderServicing`` on a ``GarageStore``.
///
/// As a ``ServiceLifecycle/Service``, ``run()`` reschedules whenever garage data changes and delivers each
/// reminder when it falls due, until shut down.
///
/// ```swift
/// let reminders = ReminderService(store: store, adapters: [LogReminderDelivery(logger: logger)], logger: logger)
/// try await reminders.reschedule()
/// let report = try await reminders.deliverDue()
/// ```
public actor ReminderService: ReminderServicing, ServiceLifecycle.Service {
    public let store: GarageStore
    private let adapters: [any ReminderDelivering]
    private let settings: DueSettings
    private let budget: Int
    private let logger: Logger
    private let sleep: @Sendable (Duration) async throws -> Void
    private let pollInterval: Duration

    /// - Parameters:
    ///   - adapters: where due reminders go.
    ///   - budget: how many reminders stay pending (default 60 of a device's 64).
    ///   - pollInterval: the longest ``run()`` sleeps between checks (default 60 s).
    ///   - sleep: how ``run()`` waits; tests pass their own.
    public init(
        store: GarageStore, adapters: [any ReminderDelivering], settings: DueSettings = DueSettings(),
        budget: Int = ReminderScheduler.budget, logger: Logger, pollInterval: Duration = .seconds(60),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.store = store
        self.adapters = adapters
        self.settings = settings
        self.budget = budget
        self.logger = logger
        self.pollInterval = pollInterval
        self.sleep = sleep
    }

    // MARK: Scheduling

    @discardableResult
    public func reschedule() async throws -> [ScheduledReminder] {
        let timeZone = store.timeZone
        let budget = self.budget
        let settings = self.settings
        let pending = try await store.write { tx in
            let computed = try Self.compute(tx.db, now: tx.now, timeZone: timeZone, settings: settings)
            // Snoozes the user asked for survive while they are still ahead and their subject exists.
            let snoozes = try PendingReminder.filter(Column("isSnooze") == true && Column("fireAt") > tx.now).fetchAll(tx.db)
                .map(\.reminder)
                .filter { snooze in
                    if let serviceID = snooze.serviceID { return computed.serviceIDs.contains(serviceID) }
                    return computed.vehicleIDs.contains(snooze.vehicleID)
                }
            let snoozedIDs = Set(snoozes.map(\.id))
            let chosen = ReminderScheduler.budgeted(computed.reminders.filter { !snoozedIDs.contains($0.id) } + snoozes, limit: budget)
            try PendingReminder.deleteAll(tx.db)
            for reminder in chosen { try PendingReminder(reminder).insert(tx.db) }
            return chosen
        }
        logger.debug("Rescheduled garage reminders", metadata: ["garage.reminders.pending": "\(pending.count)"])
        return pending
    }

    public func pending() async throws -> [ScheduledReminder] {
        try await store.read { db in
            try PendingReminder.order(Column("fireAt"), Column("id")).fetchAll(db).map(\.reminder)
        }
    }

    public func upcoming() async throws -> [ScheduledReminder] {
        let timeZone = store.timeZone
        let now = store.now
        let settings = self.settings
        let computed = try await store.read { db in try Self.compute(db, now: now, timeZone: timeZone, settings: settings) }
        return ReminderScheduler.budgeted(computed.reminders, limit: .max)
    }

    /// Everything the schedules hold as of `now`, less what was already delivered for its slot.
    private static func compute(
        _ db: Database, now: Date, timeZone: TimeZone, settings: DueSettings
    ) throws -> (reminders: [ScheduledReminder], vehicleIDs: Set<UUID>, serviceIDs: Set<UUID>) {
        let delivered = try Row.fetchAll(db, sql: "SELECT reminderID, slotAt FROM garageReminderDelivery")
        let deliveredSlots = Set(delivered.map { DeliveredSlot(id: $0["reminderID"], slotAt: $0["slotAt"]) })
        let deliveredIDs = Set(deliveredSlots.map(\.id))
        let today = CalendarDay(now, in: timeZone)
        var reminders: [ScheduledReminder] = []
        var serviceIDs = Set<UUID>()
        let vehicles = try Vehicle.fetchAll(db)
        for vehicle in vehicles {
            let readings = try GarageStore.odometerReadings(db, vehicleID: vehicle.id, since: now.addingTimeInterval(-365 * 86_400), timeZone: timeZone)
            let pace = PaceEstimator.estimate(from: readings, now: now)
            for service in try ServiceItem.filter(Column("vehicleID") == vehicle.id).fetchAll(db) {
                serviceIDs.insert(service.id)
                guard let effective = DueRules.effectiveDueDate(
                    dueDate: service.dueDate, dueMileage: service.dueMileage, currentMileage: vehicle.currentMileage,
                    pace: pace, today: today
                ) else { continue }
                reminders += ReminderScheduler.serviceDue(service, vehicle: vehicle, effectiveDueDate: effective, now: now, timeZone: timeZone)
            }
            reminders += ReminderScheduler.marbete(vehicle: vehicle, now: now, timeZone: timeZone)
            if let mileage = ReminderScheduler.mileageUpdate(vehicle: vehicle, now: now, timeZone: timeZone) {
                reminders.append(mileage)
            }
            let prefix = "yearly-roundup-\(vehicle.id.uuidString)-"
            let shown = Set(deliveredIDs.compactMap { $0.hasPrefix(prefix) ? Int($0.dropFirst(prefix.count)) : nil })
            // A cost that cannot be read fails the rescheduling (the caller logs it), not a roundup of 0.
            let roundup = try ReminderScheduler.yearlyRoundup(
                vehicle: vehicle, cost: { year in try GarageStore.serviceCost(db, vehicleID: vehicle.id, year: year) },
                shownYears: shown, now: now, timeZone: timeZone
            )
            if let roundup { reminders.append(roundup) }
        }
        reminders.removeAll { deliveredSlots.contains(DeliveredSlot(id: $0.id, slotAt: $0.slotAt)) }
        return (reminders, Set(vehicles.map(\.id)), serviceIDs)
    }

    private struct DeliveredSlot: Hashable {
        var id: String
        var slotAt: Date
    }

    // MARK: Delivery

    /// How long a delivery is remembered. Schedules never produce a slot on an earlier day, and the
    /// yearly roundup looks back one year at most, so older deliveries can never match again.
    static let deliveryMemory: TimeInterval = 400 * 86_400

    public func deliverDue() async throws -> ReminderDeliveryReport {
        let now = store.now
        try await store.write { tx in
            try tx.db.execute(sql: "DELETE FROM garageReminderDelivery WHERE slotAt < ?", arguments: [now.addingTimeInterval(-Self.deliveryMemory)])
        }
        let due = try await store.read { db in
            try PendingReminder.filter(Column("fireAt") <= now).order(Column("fireAt"), Column("id")).fetchAll(db).map(\.reminder)
        }
        var report = ReminderDeliveryReport()
        for reminder in due {
            var failure: (adapter: String, message: String)?
            for adapter in adapters {
                do {
                    try await adapter.deliver(reminder)
                } catch {
                    failure = (adapter.name, Redaction.scrub((error as? ServiceError)?.message ?? "\(error)"))
                    break
                }
            }
            if let failure {
                logger.warning("Could not deliver a garage reminder; it stays pending", metadata: [
                    "garage.reminder.id": "\(reminder.id)", "garage.reminder.adapter": "\(failure.adapter)",
                    "error.message": "\(failure.message)",
                ])
                report.failed.append((reminder, failure.adapter, failure.message))
                continue
            }
            try await store.write { tx in
                try PendingReminder.deleteOne(tx.db, key: reminder.id)
                try tx.db.execute(
                    sql: "INSERT OR REPLACE INTO garageReminderDelivery (reminderID, slotAt, deliveredAt) VALUES (?, ?, ?)",
                    arguments: [reminder.id, reminder.slotAt, tx.now]
                )
            }
            report.delivered.append(reminder)
        }
        return report
    }

    // MARK: Actions

    public func perform(_ action: ReminderAction, reminderID: String, mileage: Int? = nil) async throws -> ReminderActionResult {
        let subject = try ReminderSubject.parse(reminderID)
        guard subject.category.actions.contains(action) else {
            throw ServiceError.validationFailed(
                "A \(subject.category.rawValue) reminder has no \"\(action.title)\" action; its actions are "
                    + subject.category.actions.map { "\"\($0.title)\"" }.joined(separator: ", ")
            )
        }
        let now = store.now
        let timeZone = store.timeZone
        let result: ReminderActionResult
        switch (subject, action) {
        case (.service(let serviceID), .markDone):
            result = .completed(try await store.completeService(serviceID))
        case (.service(let serviceID), .remindTomorrow):
            result = .snoozed(try await snooze(reminderID) { db in
                guard let service = try ServiceItem.fetchOne(db, key: serviceID),
                      let vehicle = try Vehicle.fetchOne(db, key: service.vehicleID)
                else { return nil }
                return ReminderScheduler.serviceSnooze(service, vehicle: vehicle, now: now, timeZone: timeZone)
            })
        case (.marbete(let vehicleID), .remindTomorrow):
            result = .snoozed(try await snooze(reminderID) { db in
                try Vehicle.fetchOne(db, key: vehicleID).map { ReminderScheduler.marbeteSnooze(vehicle: $0, now: now, timeZone: timeZone) }
            })
        case (.mileage(let vehicleID), .updateNow):
            guard let mileage else {
                throw ServiceError.validationFailed("\"Update Now\" needs the odometer reading (for example --mileage 42100)")
            }
            result = .mileageUpdated(try await store.updateMileage(vehicleID, to: mileage, source: .reminder))
        case (.mileage(let vehicleID), .remindLater):
            result = .snoozed(try await snooze(reminderID) { db in
                try Vehicle.fetchOne(db, key: vehicleID).map { ReminderScheduler.mileageSnooze(vehicle: $0, now: now, timeZone: timeZone) }
            })
        case (.roundup(let vehicleID, let year), .viewCosts):
            let vehicle = try await store.vehicle(id: vehicleID)
            let logs = try await store.logs(of: vehicleID).filter { $0.performedDate.year == year }
            let expenses = try await store.expenses(of: vehicleID).filter { $0.date.year == year }
            let total = try await store.serviceCost(of: vehicleID, in: year)
            result = .costs(vehicle: vehicle, year: year, total: total, logs: logs, expenses: expenses)
        default:
            throw ServiceError.validationFailed("\"\(action.title)\" does not apply to reminder \(reminderID)")
        }
        if case .snoozed = result {} else { try await reschedule() }
        return result
    }

    /// Saves the snooze `make` builds in the pending queue (replacing one with its id).
    /// - Throws: ``ServiceError`` (not found) when `make` finds no subject (it was deleted).
    private func snooze(
        _ reminderID: String, _ make: @escaping @Sendable (Database) throws -> ScheduledReminder?
    ) async throws -> ScheduledReminder {
        try await store.write { tx in
            guard let snooze = try make(tx.db) else {
                throw ServiceError.notFound("The vehicle or service of reminder \(reminderID)")
            }
            try PendingReminder(snooze).save(tx.db)
            return snooze
        }
    }

    // MARK: Running

    /// Reschedules whenever garage data changes and delivers reminders as they fall due, until cancelled or
    /// shut down gracefully.
    public func run() async throws {
        let watched = store.watchDueInputs()
        try await cancelWhenGracefulShutdown {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await _ in watched { try await self.reschedule() }
                }
                group.addTask {
                    while !Task.isCancelled {
                        _ = try await self.deliverDue()
                        try await self.sleep(try await self.nextWait())
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    /// How long to sleep until the next pending reminder, at most the poll interval.
    private func nextWait() async throws -> Duration {
        let now = store.now
        let next = try await store.read { db in try Date.fetchOne(db, sql: "SELECT MIN(fireAt) FROM garageReminder") }
        guard let next else { return pollInterval }
        let seconds = max(0.05, next.timeIntervalSince(now))
        return min(pollInterval, .milliseconds(Int64(seconds * 1000)))
    }
}
