public import Foundation
public import HearthCore

/// The reminder schedules (services, recurring expenses, the marbete, vehicle documents, mileage, the yearly roundup), as pure functions of the data, the time zone and the current moment.
///
/// Reminders go off at 09:00 local time (the yearly roundup at 10:00). A slot earlier today that has already
/// passed fires 60 seconds from now instead; slots on earlier days are not scheduled, unless the caller says
/// from when slots it missed still count (`since`: the service passes the moment it last checked, so a slot
/// missed while nothing ran fires once, late, when it runs again).
public enum ReminderScheduler {
    /// The hour of day reminders go off.
    public static let hour = 9
    /// The hour of day the yearly roundup goes off.
    public static let roundupHour = 10
    /// How long after now a reminder whose slot passed earlier today fires.
    public static let lateDelay: TimeInterval = 60
    /// How many reminders are kept pending (a device holds at most 64).
    public static let budget = 60
    /// Days before the effective due date a service reminder goes off, with their id suffixes.
    public static let serviceOffsets: [(days: Int, suffix: String)] = [(30, "30d"), (7, "7d"), (1, "1d"), (0, "due")]
    /// Days before the marbete expires its reminders go off.
    public static let marbeteOffsets = [60, 30, 7, 1]
    /// Days before a vehicle document expires its reminders go off (the marbete's).
    public static let documentOffsets = marbeteOffsets
    /// Days after the last mileage update the mileage reminder goes off.
    public static let mileageReminderDays = 14

    /// When a reminder for `day` at `hour` fires, as seen at `now`: the slot itself when it is ahead; 60 s from
    /// now for one that passed earlier today or at or after `since`; nil for one that passed before both.
    public static func timing(
        day: CalendarDay, hour: Int = hour, now: Date, timeZone: TimeZone, since: Date? = nil
    ) -> (fireAt: Date, slotAt: Date)? {
        let slot = day.date(hour: hour, in: timeZone)
        if slot > now { return (slot, slot) }
        guard day == CalendarDay(now, in: timeZone) || since.map({ slot >= $0 }) == true else { return nil }
        return (now.addingTimeInterval(lateDelay), slot)
    }

    // MARK: Service due

    /// The reminders 30, 7, 1 and 0 days before `service` falls due on `effectiveDueDate`
    /// (ids `service-<uuid>-30d`, `-7d`, `-1d`, `-due`).
    public static func serviceDue(
        _ service: ServiceItem, vehicle: Vehicle, effectiveDueDate: CalendarDay, now: Date, timeZone: TimeZone,
        since: Date? = nil
    ) -> [ScheduledReminder] {
        serviceOffsets.compactMap { offset in
            guard
                let timing = timing(
                    day: effectiveDueDate.adding(days: -offset.days), now: now, timeZone: timeZone, since: since)
            else { return nil }
            let when: String =
                switch offset.days {
                case 0: "today"
                case 1: "tomorrow"
                case 7: "in 1 week"
                default: "in \(offset.days) days"
                }
            return ScheduledReminder(
                id: "service-\(service.id.uuidString)-\(offset.suffix)", category: .serviceDue,
                title: "\(service.name) due \(when)",
                body: serviceBody(service, vehicle: vehicle, effectiveDueDate: effectiveDueDate),
                fireAt: timing.fireAt, slotAt: timing.slotAt, vehicleID: vehicle.id, serviceID: service.id
            )
        }
    }

    /// "Remind Tomorrow" on a service reminder: `service-<uuid>-snooze` at 09:00 tomorrow.
    public static func serviceSnooze(_ service: ServiceItem, vehicle: Vehicle, now: Date, timeZone: TimeZone)
        -> ScheduledReminder
    {
        let slot = CalendarDay(now, in: timeZone).adding(days: 1).date(hour: hour, in: timeZone)
        return ScheduledReminder(
            id: "service-\(service.id.uuidString)-snooze", category: .serviceDue,
            title: "Reminder: \(service.name) is due",
            body: serviceBody(service, vehicle: vehicle, effectiveDueDate: service.dueDate),
            fireAt: slot, slotAt: slot, vehicleID: vehicle.id, serviceID: service.id, isSnooze: true
        )
    }

    private static func serviceBody(_ service: ServiceItem, vehicle: Vehicle, effectiveDueDate: CalendarDay?) -> String
    {
        var parts: [String] = []
        if let due = service.dueDate { parts.append("by \(due.iso)") }
        if let miles = service.dueMileage { parts.append("at \(miles.grouped) miles") }
        var body =
            "\(vehicle.displayName): \(service.name) is due"
            + (parts.isEmpty ? "" : " " + parts.joined(separator: " or "))
        if let effective = effectiveDueDate, effective != service.dueDate {
            body += " (expected around \(effective.iso) at your pace)"
        }
        return body + "."
    }

    // MARK: Recurring expenses

    /// The reminders 30, 7, 1 and 0 days before a recurring expense is due again (ids `expense-<uuid>-30d`,
    /// `-7d`, `-1d`, `-due`, the uuid being its series' latest payment).
    public static func expenseDue(
        _ due: ExpenseDue, vehicle: Vehicle, now: Date, timeZone: TimeZone, since: Date? = nil
    ) -> [ScheduledReminder] {
        serviceOffsets.compactMap { offset in
            guard
                let timing = timing(
                    day: due.dueDate.adding(days: -offset.days), now: now, timeZone: timeZone, since: since)
            else { return nil }
            let when: String =
                switch offset.days {
                case 0: "today"
                case 1: "tomorrow"
                case 7: "in 1 week"
                default: "in \(offset.days) days"
                }
            return ScheduledReminder(
                id: "expense-\(due.expense.id.uuidString)-\(offset.suffix)", category: .expenseDue,
                title: "\(due.expense.category) due \(when)", body: expenseBody(due, vehicle: vehicle),
                fireAt: timing.fireAt, slotAt: timing.slotAt, vehicleID: vehicle.id
            )
        }
    }

    /// "Remind Tomorrow" on a recurring expense's reminder: `expense-<uuid>-snooze` at 09:00 tomorrow.
    public static func expenseSnooze(_ due: ExpenseDue, vehicle: Vehicle, now: Date, timeZone: TimeZone)
        -> ScheduledReminder
    {
        let slot = CalendarDay(now, in: timeZone).adding(days: 1).date(hour: hour, in: timeZone)
        return ScheduledReminder(
            id: "expense-\(due.expense.id.uuidString)-snooze", category: .expenseDue,
            title: "Reminder: \(due.expense.category) is due", body: expenseBody(due, vehicle: vehicle),
            fireAt: slot, slotAt: slot, vehicleID: vehicle.id, isSnooze: true
        )
    }

    private static func expenseBody(_ due: ExpenseDue, vehicle: Vehicle) -> String {
        let amount = due.expense.amount.formatted(
            .number.precision(.fractionLength(2)).locale(Locale(identifier: "en_US")))
        return
            "\(vehicle.displayName): \(due.expense.category) (\(due.expense.kind.rawValue)) is due on \(due.dueDate.iso); last paid \(amount) on \(due.expense.date.iso)."
    }

    // MARK: Marbete

    /// The reminders 60, 30, 7 and 1 days before the marbete expires (ids `marbete-<uuid>-<N>d`).
    public static func marbete(vehicle: Vehicle, now: Date, timeZone: TimeZone, since: Date? = nil)
        -> [ScheduledReminder]
    {
        guard let marbete = vehicle.marbete, let expiry = marbete.expiresOn else { return [] }
        return marbeteOffsets.compactMap { days in
            guard let timing = timing(day: expiry.adding(days: -days), now: now, timeZone: timeZone, since: since)
            else { return nil }
            return ScheduledReminder(
                id: "marbete-\(vehicle.id.uuidString)-\(days)d", category: .marbeteDue,
                title: days == 1 ? "Marbete expires tomorrow" : "Marbete expires in \(days) days",
                body: "\(vehicle.displayName): the marbete expires on \(expiry.iso). Renew it before then.",
                fireAt: timing.fireAt, slotAt: timing.slotAt, vehicleID: vehicle.id
            )
        }
    }

    /// "Remind Tomorrow" on a marbete reminder: the final notice, `marbete-<uuid>-0d` at 09:00 tomorrow.
    public static func marbeteSnooze(vehicle: Vehicle, now: Date, timeZone: TimeZone) -> ScheduledReminder {
        let slot = CalendarDay(now, in: timeZone).adding(days: 1).date(hour: hour, in: timeZone)
        let expiry = vehicle.marbete?.expiresOn.map { " on \($0.iso)" } ?? ""
        return ScheduledReminder(
            id: "marbete-\(vehicle.id.uuidString)-0d", category: .marbeteDue,
            title: "FINAL NOTICE: marbete expires\(expiry)",
            body: "\(vehicle.displayName): renew the marbete now; it expires\(expiry).",
            fireAt: slot, slotAt: slot, vehicleID: vehicle.id, isSnooze: true
        )
    }

    // MARK: Vehicle documents

    /// The reminders 60, 30, 7 and 1 days before `document` expires (ids `document-<uuid>-<N>d`); none for a
    /// document without an expiry day.
    public static func documentExpiry(
        _ document: VehicleDocument, vehicle: Vehicle, now: Date, timeZone: TimeZone, since: Date? = nil
    ) -> [ScheduledReminder] {
        guard let expiry = document.expiresOn else { return [] }
        return documentOffsets.compactMap { days in
            guard let timing = timing(day: expiry.adding(days: -days), now: now, timeZone: timeZone, since: since)
            else { return nil }
            return ScheduledReminder(
                id: "document-\(document.id.uuidString)-\(days)d", category: .documentExpiring,
                title: days == 1 ? "\(document.label) expires tomorrow" : "\(document.label) expires in \(days) days",
                body: documentBody(document, vehicle: vehicle, expiry: expiry),
                fireAt: timing.fireAt, slotAt: timing.slotAt, vehicleID: vehicle.id
            )
        }
    }

    /// "Remind Tomorrow" on a document's reminder: `document-<uuid>-snooze` at 09:00 tomorrow.
    public static func documentSnooze(_ document: VehicleDocument, vehicle: Vehicle, now: Date, timeZone: TimeZone)
        -> ScheduledReminder
    {
        let slot = CalendarDay(now, in: timeZone).adding(days: 1).date(hour: hour, in: timeZone)
        let expiry = document.expiresOn.map { " on \($0.iso)" } ?? ""
        return ScheduledReminder(
            id: "document-\(document.id.uuidString)-snooze", category: .documentExpiring,
            title: "Reminder: \(document.label) expires\(expiry)",
            body: document.expiresOn.map { documentBody(document, vehicle: vehicle, expiry: $0) }
                ?? "\(vehicle.displayName): renew \(document.label).",
            fireAt: slot, slotAt: slot, vehicleID: vehicle.id, isSnooze: true
        )
    }

    private static func documentBody(_ document: VehicleDocument, vehicle: Vehicle, expiry: CalendarDay) -> String {
        let number = document.number.map { " \($0)" } ?? ""
        return
            "\(vehicle.displayName): the \(document.kind.rawValue) document \(document.label)\(number) expires on \(expiry.iso). Renew it before then."
    }

    // MARK: Mileage

    /// The bi-weekly nudge to record the odometer: every 14 days after the last update
    /// (`mileage-reminder-<uuid>`), at the next such slot not on an earlier day — or, with `since`, the latest
    /// slot missed at or after it, late.
    public static func mileageUpdate(vehicle: Vehicle, now: Date, timeZone: TimeZone, since: Date? = nil)
        -> ScheduledReminder?
    {
        let anchor = CalendarDay(vehicle.mileageUpdatedAt ?? vehicle.createdAt, in: timeZone)
        let today = CalendarDay(now, in: timeZone)
        if let since {
            // The last slot on or before today; it counts when it passed at or after `since`.
            let elapsed = anchor.days(until: today)
            if elapsed >= mileageReminderDays {
                let missed = anchor.adding(days: elapsed / mileageReminderDays * mileageReminderDays)
                let slot = missed.date(hour: hour, in: timeZone)
                if slot <= now, slot >= since, missed != today {
                    return mileageReminder(
                        vehicle: vehicle, fireAt: now.addingTimeInterval(lateDelay), slotAt: slot, isSnooze: false)
                }
            }
        }
        var day = anchor.adding(days: mileageReminderDays)
        if day < today {
            let periods = (anchor.days(until: today) + mileageReminderDays - 1) / mileageReminderDays
            day = anchor.adding(days: periods * mileageReminderDays)
        }
        var timing = timing(day: day, now: now, timeZone: timeZone)
        if timing == nil {
            day = day.adding(days: mileageReminderDays)
            timing = self.timing(day: day, now: now, timeZone: timeZone)
        }
        guard let timing else { return nil }
        return mileageReminder(vehicle: vehicle, fireAt: timing.fireAt, slotAt: timing.slotAt, isSnooze: false)
    }

    /// "Remind Later" on a mileage reminder: the same id at 09:00 tomorrow.
    public static func mileageSnooze(vehicle: Vehicle, now: Date, timeZone: TimeZone) -> ScheduledReminder {
        let slot = CalendarDay(now, in: timeZone).adding(days: 1).date(hour: hour, in: timeZone)
        return mileageReminder(vehicle: vehicle, fireAt: slot, slotAt: slot, isSnooze: true)
    }

    private static func mileageReminder(vehicle: Vehicle, fireAt: Date, slotAt: Date, isSnooze: Bool)
        -> ScheduledReminder
    {
        ScheduledReminder(
            id: "mileage-reminder-\(vehicle.id.uuidString)", category: .mileageReminder,
            title: "Update your mileage",
            body:
                "\(vehicle.displayName) last read \(vehicle.currentMileage.grouped) miles. Record the odometer to keep due dates accurate.",
            fireAt: fireAt, slotAt: slotAt, vehicleID: vehicle.id, isSnooze: isSnooze
        )
    }

    // MARK: Yearly roundup

    /// The year in review on 2 January at 10:00 (`yearly-roundup-<uuid>-<year>`, the year reviewed), only
    /// when that year cost something and its roundup has not been shown.
    /// - Parameters:
    ///   - cost: what the vehicle's maintenance cost in a year.
    ///   - shownYears: the years whose roundup was already delivered.
    public static func yearlyRoundup(
        vehicle: Vehicle, cost: (Int) throws -> Decimal, shownYears: Set<Int>, now: Date, timeZone: TimeZone,
        since: Date? = nil
    ) rethrows -> ScheduledReminder? {
        let today = CalendarDay(now, in: timeZone)
        var day = CalendarDay(year: today.year, month: 1, day: 2)!
        var timing = timing(day: day, hour: roundupHour, now: now, timeZone: timeZone, since: since)
        if timing == nil {
            day = CalendarDay(year: today.year + 1, month: 1, day: 2)!
            timing = self.timing(day: day, hour: roundupHour, now: now, timeZone: timeZone)
        }
        let year = day.year - 1
        guard let timing, !shownYears.contains(year) else { return nil }
        let total = try cost(year)
        guard total > 0 else { return nil }
        return ScheduledReminder(
            id: "yearly-roundup-\(vehicle.id.uuidString)-\(year)", category: .yearlyRoundup,
            title: "Your \(year) maintenance roundup",
            body:
                "\(vehicle.displayName): \(total.formatted(.number.precision(.fractionLength(2)).locale(Locale(identifier: "en_US")))) spent on maintenance in \(year).",
            fireAt: timing.fireAt, slotAt: timing.slotAt, vehicleID: vehicle.id, roundupYear: year
        )
    }

    // MARK: Budget

    /// The `limit` soonest reminders (ties broken by id, so the choice is stable).
    public static func budgeted(_ reminders: [ScheduledReminder], limit: Int = budget) -> [ScheduledReminder] {
        Array(reminders.sorted { ($0.fireAt, $0.id) < ($1.fireAt, $1.id) }.prefix(max(0, limit)))
    }
}
