public import Foundation
import GRDB
import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

/// What a reminder action did.
public enum ReminderActionResult: Sendable, Equatable {
    /// "Mark Done": the service was completed.
    case completed(ServiceCompletion)
    /// "Remind Tomorrow" / "Remind Later": a snooze was scheduled.
    case snoozed(ScheduledReminder)
    /// "Update Now": the odometer was recorded.
    case mileageUpdated(MileageUpdate)
    /// "View Costs": what the vehicle cost in the year, its service logs and its other expenses.
    case costs(vehicle: Vehicle, year: Int, total: Decimal, logs: [ServiceLog], expenses: [GarageExpense])
}
