import Foundation
import HearthCore
import Logging

/// Somewhere due reminders are delivered: a log, a webhook, a device's notification centre.
public protocol ReminderDelivering: Sendable {
    /// A short name for messages, such as "webhook".
    var name: String { get }
    /// Delivers `reminder`; throwing leaves it pending to be tried again.
    func deliver(_ reminder: ScheduledReminder) async throws
}
