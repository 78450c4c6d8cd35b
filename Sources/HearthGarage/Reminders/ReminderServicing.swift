import Foundation
import GRDB
import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

/// Keeps the garage's reminders: computes them from the data, keeps the soonest 60 in a pending queue in the
/// database, delivers due ones through adapters, and applies their actions.
public protocol ReminderServicing: Sendable {
    /// Recomputes the pending queue from the data and returns it, soonest first.
    func reschedule() async throws -> [ScheduledReminder]
    /// The pending queue, soonest first.
    func pending() async throws -> [ScheduledReminder]
    /// Every reminder the schedules hold from now on, without the 60-reminder budget (for calendar feeds).
    func upcoming() async throws -> [ScheduledReminder]
    /// Delivers every pending reminder whose time has come.
    func deliverDue() async throws -> ReminderDeliveryReport
    /// Applies an action of a delivered (or pending) reminder.
    func perform(_ action: ReminderAction, reminderID: String, mileage: Int?) async throws -> ReminderActionResult
}
