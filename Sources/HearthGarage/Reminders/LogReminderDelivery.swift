import Foundation
import HearthCore
public import Logging

/// Writes each due reminder to a `Logger` at notice level.
public struct LogReminderDelivery: ReminderDelivering {
    public let logger: Logger
    public var name: String { "log" }

    public init(logger: Logger) { self.logger = logger }

    public func deliver(_ reminder: ScheduledReminder) async throws {
        logger.notice(
            "\(reminder.title): \(reminder.body)",
            metadata: [
                "garage.reminder.id": "\(reminder.id)",
                "garage.reminder.category": "\(reminder.category.rawValue)",
                "garage.vehicle.id": "\(reminder.vehicleID.uuidString)",
            ])
    }
}
