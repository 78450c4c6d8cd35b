public import Foundation
import GRDB
import HearthCore
import HearthStore
public import Logging
public import ServiceLifecycle

/// The live ``ReminderServicing`` on the garage's records (a ``GarageStore``).
///
/// As a ``ServiceLifecycle/Service``, ``run()`` delivers each reminder at its slot until shut down, and
/// reschedules whenever garage data changes: at once for changes made through this process, and within
/// `externalChangePollInterval` for commits another process (another `hearth garage` command) makes to the
/// same database file, which SQLite's data version tells of. Every wait is on the injected clock; what time it is comes from the store.
///
/// Deliveries are recorded in the database, per reminder, slot and adapter, so nothing is delivered twice,
/// not across restarts either, and an adapter that failed is retried without repeating the others. The
/// service also records the moment it has checked up to: after downtime, the slots missed since then fire
/// once, 60 seconds after it runs again — of a service's or a marbete's series only the latest one missed,
/// since the earlier ones ("due in 30 days") are no longer true.
///
/// ```swift
/// let reminders = ReminderService(store: store, adapters: [LogReminderDelivery(logger: logger)], logger: logger)
/// try await reminders.reschedule()
/// let report = try await reminders.deliverDue()
/// ```
public actor ReminderService: ReminderServicing, ServiceLifecycle.Service {
    public let store: any GarageTransacting
    private let adapters: [any ReminderDelivering]
    private let settings: DueSettings
    private let budget: Int
    private let logger: Logger
    private let clock: any Clock<Duration>
    private let pollInterval: Duration
    private let externalChangePollInterval: Duration?
    private var wakeContinuation: AsyncStream<Void>.Continuation?
    private var timer: Task<Void, Never>?
    /// What due dates are computed from (``GarageStore/dueInputsFingerprint(_:)``) as the last reschedule saw it.
    private var scheduledFrom: [String]?

    /// - Parameters:
    ///   - adapters: where due reminders go.
    ///   - budget: how many reminders stay pending (default 60 of a device's 64).
    ///   - clock: what ``run()`` waits on.
    ///   - pollInterval: the longest ``run()`` waits between checks (default 60 s).
    ///   - externalChangePollInterval: how often ``run()`` looks for changes other processes committed to the
    ///     database (default 2 s; nil never looks).
    public init(
        store: any GarageTransacting, adapters: [any ReminderDelivering], settings: DueSettings = DueSettings(),
        budget: Int = ReminderScheduler.budget, logger: Logger, clock: any Clock<Duration> = ContinuousClock(),
        pollInterval: Duration = .seconds(60), externalChangePollInterval: Duration? = .seconds(2)
    ) {
        self.store = store
        self.adapters = adapters
        self.settings = settings
        self.budget = budget
        self.logger = logger
        self.clock = clock
        self.pollInterval = pollInterval
        self.externalChangePollInterval = externalChangePollInterval
    }

    // MARK: Scheduling

    /// The `garageSetting` key of the moment deliveries have been checked up to.
    static let checkedKey = "reminders.checkedThrough"

    @discardableResult
    public func reschedule() async throws -> [ScheduledReminder] {
        let timeZone = store.timeZone
        let budget = self.budget
        let settings = self.settings
        let (pending, inputs) = try await store.write { tx in
            let since = try Self.checkedThrough(tx.db)
            let computed = try Self.compute(tx.db, now: tx.now, timeZone: timeZone, settings: settings, since: since)
            // Snoozes the user asked for survive while they are still ahead and their subject exists.
            let snoozes = try PendingReminder.filter(Column("isSnooze") == true && Column("fireAt") > tx.now).fetchAll(
                tx.db
            )
            .map(\.reminder)
            .filter { snooze in
                if let serviceID = snooze.serviceID { return computed.serviceIDs.contains(serviceID) }
                return computed.vehicleIDs.contains(snooze.vehicleID)
            }
            let snoozedIDs = Set(snoozes.map(\.id))
            // A late reminder keeps the time it was first set to fire, so rescheduling never puts it off.
            let earlier = Dictionary(
                try PendingReminder.fetchAll(tx.db).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let scheduled = computed.reminders.filter { !snoozedIDs.contains($0.id) }.map {
                reminder -> ScheduledReminder in
                guard let before = earlier[reminder.id], before.slotAt == reminder.slotAt,
                    before.fireAt > before.slotAt,
                    before.fireAt < reminder.fireAt
                else { return reminder }
                var kept = reminder
                kept.fireAt = before.fireAt
                return kept
            }
            let chosen = ReminderScheduler.budgeted(scheduled + snoozes, limit: budget)
            try PendingReminder.deleteAll(tx.db)
            for reminder in chosen { try PendingReminder(reminder).insert(tx.db) }
            return (chosen, try GarageStore.dueInputsFingerprint(tx.db))
        }
        scheduledFrom = inputs
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
        let computed = try await store.read { db in
            try Self.compute(db, now: now, timeZone: timeZone, settings: settings, since: nil)
        }
        return ReminderScheduler.budgeted(computed.reminders, limit: .max)
    }

    /// Everything the schedules hold as of `now` (with the slots missed since `since`, late), less what was
    /// already delivered for its slot; of the slots already passed, only the latest of each series.
    private static func compute(
        _ db: Database, now: Date, timeZone: TimeZone, settings: DueSettings, since: Date?
    ) throws -> (reminders: [ScheduledReminder], vehicleIDs: Set<UUID>, serviceIDs: Set<UUID>) {
        let delivered = try Row.fetchAll(db, sql: "SELECT reminderID, slotAt FROM garageReminderDelivery")
        let deliveredSlots = Set(delivered.map { DeliveredSlot(id: $0["reminderID"], slotAt: $0["slotAt"]) })
        let deliveredIDs = Set(deliveredSlots.map(\.id))
        let today = CalendarDay(now, in: timeZone)
        var reminders: [ScheduledReminder] = []
        var serviceIDs = Set<UUID>()
        // An archived vehicle reminds of nothing.
        let vehicles = try Vehicle.filter(Column("isArchived") == false).fetchAll(db)
        for vehicle in vehicles {
            let readings = try GarageStore.odometerReadings(
                db, vehicleID: vehicle.id, since: now.addingTimeInterval(-365 * 86_400), timeZone: timeZone)
            let pace = PaceEstimator.estimate(from: readings, now: now)
            for service in try ServiceItem.filter(Column("vehicleID") == vehicle.id).fetchAll(db) {
                serviceIDs.insert(service.id)
                guard
                    let effective = DueRules.effectiveDueDate(
                        dueDate: service.dueDate, dueMileage: service.dueMileage,
                        currentMileage: vehicle.currentMileage,
                        pace: pace, today: today
                    )
                else { continue }
                reminders += ReminderScheduler.serviceDue(
                    service, vehicle: vehicle, effectiveDueDate: effective, now: now, timeZone: timeZone, since: since)
            }
            let expenses = try GarageExpense.filter(Column("vehicleID") == vehicle.id).fetchAll(db)
            for due in ExpenseDue.make(expenses, today: today, settings: settings) {
                reminders += ReminderScheduler.expenseDue(
                    due, vehicle: vehicle, now: now, timeZone: timeZone, since: since)
            }
            reminders += ReminderScheduler.marbete(vehicle: vehicle, now: now, timeZone: timeZone, since: since)
            for document in try VehicleDocument.filter(Column("vehicleID") == vehicle.id).fetchAll(db) {
                reminders += ReminderScheduler.documentExpiry(
                    document, vehicle: vehicle, now: now, timeZone: timeZone, since: since)
            }
            let missed = ReminderScheduler.mileageUpdate(vehicle: vehicle, now: now, timeZone: timeZone, since: since)
            if let missed, !deliveredSlots.contains(DeliveredSlot(id: missed.id, slotAt: missed.slotAt)) {
                reminders.append(missed)
            } else if let next = ReminderScheduler.mileageUpdate(vehicle: vehicle, now: now, timeZone: timeZone) {
                // The nudge missed was delivered already: the next one is due.
                reminders.append(next)
            }
            let prefix = "yearly-roundup-\(vehicle.id.uuidString)-"
            let shown = Set(deliveredIDs.compactMap { $0.hasPrefix(prefix) ? Int($0.dropFirst(prefix.count)) : nil })
            // A cost that cannot be read fails the rescheduling (the caller logs it), not a roundup of 0.
            let roundup = try ReminderScheduler.yearlyRoundup(
                vehicle: vehicle, cost: { year in try GarageStore.serviceCost(db, vehicleID: vehicle.id, year: year) },
                shownYears: shown, now: now, timeZone: timeZone, since: since
            )
            if let roundup { reminders.append(roundup) }
        }
        // The series first: a slot passed and delivered also stands for the older ones of its series.
        reminders = latestOfEachSeries(reminders, now: now)
        reminders.removeAll { deliveredSlots.contains(DeliveredSlot(id: $0.id, slotAt: $0.slotAt)) }
        return (reminders, Set(vehicles.map(\.id)), serviceIDs)
    }

    /// Of the reminders whose slot has passed, only the latest of each series (one service's 30-, 7-, 1- and
    /// 0-day reminders; one marbete's; one vehicle's roundups); reminders still ahead all stay.
    static func latestOfEachSeries(_ reminders: [ScheduledReminder], now: Date) -> [ScheduledReminder] {
        func series(_ reminder: ScheduledReminder) -> String {
            guard let cut = reminder.id.lastIndex(of: "-") else { return reminder.id }
            return String(reminder.id[..<cut])
        }
        var latest: [String: Date] = [:]
        for reminder in reminders where reminder.slotAt <= now {
            latest[series(reminder)] = max(latest[series(reminder)] ?? reminder.slotAt, reminder.slotAt)
        }
        return reminders.filter { $0.slotAt > now || latest[series($0)] == $0.slotAt }
    }

    private struct DeliveredSlot: Hashable {
        var id: String
        var slotAt: Date
    }

    /// The moment deliveries were last checked up to, or nil before the first delivery check.
    static func checkedThrough(_ db: Database) throws -> Date? {
        try String.fetchOne(db, sql: "SELECT value FROM garageSetting WHERE key = ?", arguments: [checkedKey])
            .flatMap(Double.init).map { Date(timeIntervalSince1970: $0) }
    }

    // MARK: Delivery

    /// How long a delivery is remembered. Schedules never produce a slot on an earlier day, and the
    /// yearly roundup looks back one year at most, so older deliveries can never match again.
    static let deliveryMemory: TimeInterval = 400 * 86_400

    public func deliverDue() async throws -> ReminderDeliveryReport {
        let now = store.now
        try await store.write { tx in
            let forgotten = now.addingTimeInterval(-Self.deliveryMemory)
            try tx.db.execute(sql: "DELETE FROM garageReminderDelivery WHERE slotAt < ?", arguments: [forgotten])
            try tx.db.execute(sql: "DELETE FROM garageReminderTargetDelivery WHERE slotAt < ?", arguments: [forgotten])
        }
        let due = try await store.read { db in
            try PendingReminder.filter(Column("fireAt") <= now).order(Column("fireAt"), Column("id")).fetchAll(db).map(
                \.reminder)
        }
        var report = ReminderDeliveryReport()
        for reminder in due {
            let done = try await store.read { db in
                Set(
                    try String.fetchAll(
                        db, sql: "SELECT target FROM garageReminderTargetDelivery WHERE reminderID = ? AND slotAt = ?",
                        arguments: [reminder.id, reminder.slotAt]))
            }
            var failure: (adapter: String, message: String)?
            for adapter in adapters where !done.contains(adapter.name) {
                do {
                    try await adapter.deliver(reminder)
                } catch {
                    failure = (adapter.name, Redaction.scrub((error as? ServiceError)?.message ?? "\(error)"))
                    break
                }
                // Recorded at once: a retry after another adapter failed does not repeat this one.
                try await store.write { tx in
                    try tx.db.execute(
                        sql:
                            "INSERT OR REPLACE INTO garageReminderTargetDelivery (reminderID, slotAt, target, deliveredAt) VALUES (?, ?, ?, ?)",
                        arguments: [reminder.id, reminder.slotAt, adapter.name, tx.now])
                }
            }
            if let failure {
                logger.warning(
                    "Could not deliver a garage reminder; it stays pending",
                    metadata: [
                        "garage.reminder.id": "\(reminder.id)", "garage.reminder.adapter": "\(failure.adapter)",
                        "error.message": "\(failure.message)",
                    ])
                report.failed.append((reminder, failure.adapter, failure.message))
                continue
            }
            try await store.write { tx in
                try PendingReminder.deleteOne(tx.db, key: reminder.id)
                try tx.db.execute(
                    sql:
                        "INSERT OR REPLACE INTO garageReminderDelivery (reminderID, slotAt, deliveredAt) VALUES (?, ?, ?)",
                    arguments: [reminder.id, reminder.slotAt, tx.now]
                )
                try tx.db.execute(
                    sql: "DELETE FROM garageReminderTargetDelivery WHERE reminderID = ? AND slotAt = ?",
                    arguments: [reminder.id, reminder.slotAt])
            }
            report.delivered.append(reminder)
        }
        // Checked up to now, but never past a slot still owed: after downtime, what was missed since fires.
        try await store.write { tx in
            let owed = try Date.fetchOne(
                tx.db, sql: "SELECT MIN(slotAt) FROM garageReminder WHERE slotAt <= ? AND isSnooze = 0",
                arguments: [now])
            let through = min(now, owed ?? now)
            try tx.db.execute(
                sql: "INSERT OR REPLACE INTO garageSetting (key, value) VALUES (?, ?)",
                arguments: [Self.checkedKey, String(through.timeIntervalSince1970)])
        }
        return report
    }

    // MARK: Actions

    public func perform(_ action: ReminderAction, reminderID: String, mileage: Int? = nil) async throws
        -> ReminderActionResult
    {
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
            result = .completed(
                try await store.completeService(
                    serviceID, on: nil, mileage: nil, cost: nil, category: .maintenance, notes: nil))
        case (.service, .remindTomorrow), (.expense, .remindTomorrow), (.marbete, .remindTomorrow),
            (.document, .remindTomorrow):
            result = .snoozed(try await snooze(reminderID, Self.snoozeMaker(subject, now: now, timeZone: timeZone)))
        case (.mileage(let vehicleID), .updateNow):
            guard let mileage else {
                throw ServiceError.validationFailed(
                    "\"Update Now\" needs the odometer reading (for example --mileage 42100)")
            }
            result = .mileageUpdated(try await store.updateMileage(vehicleID, to: mileage, at: nil, source: .reminder))
        case (.mileage, .remindLater):
            result = .snoozed(try await snooze(reminderID, Self.snoozeMaker(subject, now: now, timeZone: timeZone)))
        case (.roundup(let vehicleID, let year), .viewCosts):
            let vehicle = try await store.vehicle(id: vehicleID)
            let logs = try await store.logs(of: vehicleID).filter { $0.performedDate.year == year }
            let expenses = try await store.expenses(of: vehicleID).filter { $0.date.year == year }
            let total = try await store.serviceCost(of: vehicleID, in: year)
            result = .costs(vehicle: vehicle, year: year, total: total, logs: logs, expenses: expenses)
        default:
            throw ServiceError.validationFailed("\"\(action.title)\" does not apply to reminder \(reminderID)")
        }
        await store.analytics.track(
            GarageEvent.reminderAction(kind: subject.analyticsKind, action: action.analyticsAction))
        if case .snoozed = result {} else { try await reschedule() }
        return result
    }

    /// The reminder "Remind Tomorrow" (or, on a mileage reminder, "Remind Later") on reminder `reminderID` makes
    /// at `time`, without keeping it: for a client that keeps its own snoozes (the pages keep theirs per account).
    /// - Throws: ``ServiceError``: validation failed for an id that is not a reminder's or a reminder with no such
    ///   action; not found when its vehicle, service, expense or document is gone.
    public func snoozeReminder(_ reminderID: String, at time: Date) async throws -> ScheduledReminder {
        let subject = try ReminderSubject.parse(reminderID)
        guard subject.category.actions.contains(.remindTomorrow) || subject.category.actions.contains(.remindLater)
        else {
            throw ServiceError.validationFailed(
                "A \(subject.category.rawValue) reminder cannot be put off; its actions are "
                    + subject.category.actions.map { "\"\($0.title)\"" }.joined(separator: ", "))
        }
        let make = Self.snoozeMaker(subject, now: time, timeZone: store.timeZone)
        guard let snooze = try await store.read({ db in try make(db) }) else {
            throw ServiceError.notFound("The vehicle or service of reminder \(reminderID)")
        }
        return snooze
    }

    /// What putting off `subject`'s reminder at `now` makes, read from the garage: nil when its subject is gone.
    private static func snoozeMaker(_ subject: ReminderSubject, now: Date, timeZone: TimeZone)
        -> @Sendable (Database) throws -> ScheduledReminder?
    {
        { db in
            switch subject {
            case .service(let serviceID):
                guard let service = try ServiceItem.fetchOne(db, key: serviceID),
                    let vehicle = try Vehicle.fetchOne(db, key: service.vehicleID)
                else { return nil }
                return ReminderScheduler.serviceSnooze(service, vehicle: vehicle, now: now, timeZone: timeZone)
            case .expense(let expenseID):
                guard let expense = try GarageExpense.fetchOne(db, key: expenseID),
                    let vehicle = try Vehicle.fetchOne(db, key: expense.vehicleID),
                    let due = ExpenseDue.make([expense], today: CalendarDay(now, in: timeZone)).first
                else { return nil }
                return ReminderScheduler.expenseSnooze(due, vehicle: vehicle, now: now, timeZone: timeZone)
            case .marbete(let vehicleID):
                return try Vehicle.fetchOne(db, key: vehicleID).map {
                    ReminderScheduler.marbeteSnooze(vehicle: $0, now: now, timeZone: timeZone)
                }
            case .document(let documentID):
                guard let document = try VehicleDocument.fetchOne(db, key: documentID),
                    let vehicle = try Vehicle.fetchOne(db, key: document.vehicleID)
                else { return nil }
                return ReminderScheduler.documentSnooze(document, vehicle: vehicle, now: now, timeZone: timeZone)
            case .mileage(let vehicleID):
                return try Vehicle.fetchOne(db, key: vehicleID).map {
                    ReminderScheduler.mileageSnooze(vehicle: $0, now: now, timeZone: timeZone)
                }
            case .roundup:
                return nil
            }
        }
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

    /// Delivers reminders at their slots and reschedules whenever garage data changes, until cancelled or
    /// shut down gracefully. A failure to read or write the database is logged and tried again at the next
    /// check; it does not end the service.
    public func run() async throws {
        let (wakes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        wakeContinuation = continuation
        defer {
            continuation.finish()
            timer?.cancel()
            timer = nil
            wakeContinuation = nil
        }
        await rescheduleLogged()
        continuation.yield()
        let watched = store.watchDueInputs()
        let external = externalChangePollInterval
        try await cancelWhenGracefulShutdown {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // Changes committed through this process, at once. The first value is the data when the
                    // watch starts, which may already differ from what the first schedule was computed from.
                    for try await inputs in watched { await self.inputsChanged(to: inputs) }
                }
                if let external {
                    group.addTask { await self.watchOtherProcesses(every: external) }
                }
                group.addTask {
                    for await _ in wakes { await self.deliverAndWait() }
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    /// The watched inputs now read `inputs`: the schedule follows unless it was computed from them already.
    private func inputsChanged(to inputs: [String]) async {
        guard inputs != scheduledFrom else { return }
        await dataChanged()
    }

    /// Garage data changed: the schedule follows, and the delivery loop looks again.
    private func dataChanged() async {
        await rescheduleLogged()
        wakeContinuation?.yield()
    }

    private func rescheduleLogged() async {
        do {
            try await reschedule()
        } catch {
            logger.error(
                "Could not reschedule garage reminders; trying again at the next check", metadata: ["error": "\(error)"]
            )
        }
    }

    /// Delivers what is due, then sets the timer for the next reminder (at most the poll interval away).
    private func deliverAndWait() async {
        do {
            let report = try await deliverDue()
            // A delivered slot may make room for the next one of its kind (the next mileage nudge).
            if !report.delivered.isEmpty { try await reschedule() }
        } catch {
            logger.error(
                "Could not deliver garage reminders; trying again at the next check", metadata: ["error": "\(error)"])
        }
        // The wait counts from before the schedule is read, so a timer that starts late (the clock moved
        // meanwhile) does not wait longer than it should.
        let sleep = clock.sleepCountingFromNow()
        let wait = (try? await nextWait()) ?? pollInterval
        timer?.cancel()
        timer = Task { [weak self] in
            do {
                try await sleep(wait)
            } catch {
                return
            }
            await self?.wake()
        }
    }

    private func wake() {
        wakeContinuation?.yield()
    }

    /// Another process's commits are not observed: look for them now and then (SQLite's data version, which
    /// this process's own writes leave alone).
    private func watchOtherProcesses(every interval: Duration) async {
        let store = self.store
        var last = try? await store.foreignCommitVersion()
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: interval)
            } catch {
                return
            }
            let current = try? await store.foreignCommitVersion()
            if current != last {
                last = current
                await dataChanged()
            }
        }
    }

    /// How long to sleep until the next pending reminder, at most the poll interval.
    private func nextWait() async throws -> Duration {
        let now = store.now
        let next = try await store.read { db in try Date.fetchOne(db, sql: "SELECT MIN(fireAt) FROM garageReminder") }
        guard let next else { return pollInterval }
        let seconds = max(0, next.timeIntervalSince(now))
        return min(pollInterval, .milliseconds(Int64((seconds * 1000).rounded(.up))))
    }
}

extension Clock where Duration == Swift.Duration {
    /// A sleep of a given length that counts from now — the moment this is called — not from when it starts.
    fileprivate func sleepCountingFromNow() -> @Sendable (Duration) async throws -> Void {
        let start = now
        return { wait in try await self.sleep(until: start.advanced(by: wait), tolerance: nil) }
    }
}
