import Foundation
import GRDB

/// The kind of a reminder, which decides its buttons.
public struct ReminderCategory: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A service is coming due: "Mark Done", "Remind Tomorrow".
    public static let serviceDue = ReminderCategory(rawValue: "SERVICE_DUE")
    /// Time to record the odometer: "Update Now", "Remind Later".
    public static let mileageReminder = ReminderCategory(rawValue: "MILEAGE_REMINDER")
    /// The marbete is about to expire: "Remind Tomorrow".
    public static let marbeteDue = ReminderCategory(rawValue: "MARBETE_DUE")
    /// A recurring expense (insurance, registration…) is coming due: "Remind Tomorrow".
    public static let expenseDue = ReminderCategory(rawValue: "EXPENSE_DUE")
    /// A vehicle document (insurance card, registration…) is about to expire: "Remind Tomorrow".
    public static let documentExpiring = ReminderCategory(rawValue: "DOCUMENT_EXPIRING")
    /// Last year's maintenance costs: "View Costs".
    public static let yearlyRoundup = ReminderCategory(rawValue: "YEARLY_ROUNDUP")

    /// The buttons a reminder of this category shows.
    public var actions: [ReminderAction] {
        switch self {
        case .serviceDue: [.markDone, .remindTomorrow]
        case .mileageReminder: [.updateNow, .remindLater]
        case .marbeteDue, .expenseDue, .documentExpiring: [.remindTomorrow]
        case .yearlyRoundup: [.viewCosts]
        default: []
        }
    }

    public var description: String { rawValue }
}
