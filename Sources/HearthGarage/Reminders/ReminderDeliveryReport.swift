import Foundation
import GRDB
import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

/// What ``ReminderService/deliverDue()`` did.
public struct ReminderDeliveryReport: Sendable {
    /// The reminders every adapter accepted, now out of the pending queue.
    public var delivered: [ScheduledReminder] = []
    /// Reminders an adapter refused, left pending to be tried again, with the adapter and the reason.
    public var failed: [(reminder: ScheduledReminder, adapter: String, message: String)] = []
}
