public import Foundation
import HearthCore
public import HearthGarage
import Logging

/// The garage's reminders from the pages: what is coming and when, and the same as an iCalendar feed (what
/// `hearth garage reminders list --ics` writes), which a calendar app subscribes to through the account's feed link.
extension GarageRecords {
    /// Every upcoming reminder of the user's garage, soonest first, as of `now`.
    public func reminders(userID: String, now: Date) async throws -> [ScheduledReminder] {
        let garage = try await recent(userID, now: now)
        let service = ReminderService(
            store: garage, adapters: [], logger: Logger(label: "hearth.web.reminders"), externalChangePollInterval: nil)
        return try await service.upcoming().sorted { ($0.fireAt, $0.id) < ($1.fireAt, $1.id) }
    }

    /// The user's upcoming reminders as an iCalendar feed, stamped `now`.
    public func calendar(userID: String, now: Date) async throws -> String {
        ICalendarFeed.render(try await reminders(userID: userID, now: now), now: now)
    }
}
