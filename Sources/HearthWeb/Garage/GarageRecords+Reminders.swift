public import Foundation
import HearthCloud
import HearthCore
public import HearthGarage
import Logging

/// The garage's reminders from the pages: what is coming and when, and the same as an iCalendar feed (what
/// `hearth garage reminders list --ics` writes), which a calendar app subscribes to through the account's feed link.
/// "Remind tomorrow" on a page puts a reminder again at 09:00 the next day, as the app does; the pages keep their
/// snoozes per account on the server (a device keeps its own), in the list and the calendar alike.
extension GarageRecords {
    /// The account choice the pages' snoozes are kept in: each reminder id with the time it was put off.
    static let snoozePreference = "garage-snoozes"
    /// The most snoozes kept per account; the oldest go first.
    static let maxSnoozes = 200

    /// Every upcoming reminder of the user's garage, soonest first, as of `now`, with the snoozes made on the pages
    /// still ahead.
    public func reminders(userID: String, now: Date) async throws -> [ScheduledReminder] {
        let service = try await reminderService(userID, now: now)
        var snoozed: [ScheduledReminder] = []
        for (id, snoozedAt) in try await snoozes(userID) {
            // A snooze whose vehicle, service or document is gone, or whose time has passed, shows nothing.
            guard let snooze = try? await service.snoozeReminder(id, at: snoozedAt), snooze.fireAt > now else {
                continue
            }
            snoozed.append(snooze)
        }
        // As on a device, a snooze stands in for the reminder of the same id (the mileage reminder's).
        let ids = Set(snoozed.map(\.id))
        return (try await service.upcoming().filter { !ids.contains($0.id) } + snoozed).sorted {
            ($0.fireAt, $0.id) < ($1.fireAt, $1.id)
        }
    }

    /// "Remind tomorrow" (on a mileage reminder, "remind later") from the pages: reminder `reminderID` again at
    /// 09:00 the next day, kept for the account.
    /// - Throws: ``ServiceError`` `validationFailed` for an id that is not a reminder's or a reminder that cannot be
    ///   put off; `notFound` when its subject is gone (nothing is kept).
    @discardableResult
    public func snooze(_ reminderID: String, userID: String, now: Date) async throws -> ScheduledReminder {
        guard reminderID.utf8.count <= 120 else {
            throw ServiceError.validationFailed("reminder is not a reminder's id; press the reminder's own button")
        }
        let snooze = try await reminderService(userID, now: now).snoozeReminder(reminderID, at: now)
        var kept = try await snoozes(userID).filter { now.timeIntervalSince($0.value) < 2 * 86_400 }
        kept[reminderID] = now
        for (id, _) in kept.sorted(by: { $0.value < $1.value }).prefix(max(0, kept.count - Self.maxSnoozes)) {
            kept[id] = nil
        }
        let json = try JSONEncoder().encode(kept.mapValues(\.timeIntervalSince1970))
        try await store.setAccountPreference(
            accountID: userID, name: Self.snoozePreference, value: String(decoding: json, as: UTF8.self),
            at: Int64(now.timeIntervalSince1970 * 1_000))
        return snooze
    }

    /// The user's upcoming reminders as an iCalendar feed, stamped `now`.
    public func calendar(userID: String, now: Date) async throws -> String {
        ICalendarFeed.render(try await reminders(userID: userID, now: now), now: now)
    }

    /// The reminders of the user's garage (a copy up to a second old) as of `now`.
    private func reminderService(_ userID: String, now: Date) async throws -> ReminderService {
        ReminderService(
            store: try await recent(userID, now: now), adapters: [], logger: Logger(label: "hearth.web.reminders"),
            externalChangePollInterval: nil)
    }

    /// The pages' snoozes of the user: each reminder id with when it was put off (none when unreadable).
    private func snoozes(_ userID: String) async throws -> [String: Date] {
        guard let text = try await store.accountPreference(accountID: userID, name: Self.snoozePreference),
            let times = try? JSONDecoder().decode([String: Double].self, from: Data(text.utf8))
        else { return [:] }
        return times.mapValues { Date(timeIntervalSince1970: $0) }
    }
}
