public import Foundation
import GRDB

/// A button on a reminder.
public struct ReminderAction: Hashable, Sendable, Codable {
    /// The stable identifier callers pass back, such as `MARK_DONE`.
    public var identifier: String
    /// The button's title, such as "Mark Done".
    public var title: String

    public init(identifier: String, title: String) {
        self.identifier = identifier
        self.title = title
    }

    public static let markDone = ReminderAction(identifier: "MARK_DONE", title: "Mark Done")
    public static let remindTomorrow = ReminderAction(identifier: "REMIND_TOMORROW", title: "Remind Tomorrow")
    public static let updateNow = ReminderAction(identifier: "UPDATE_NOW", title: "Update Now")
    public static let remindLater = ReminderAction(identifier: "REMIND_LATER", title: "Remind Later")
    public static let viewCosts = ReminderAction(identifier: "VIEW_COSTS", title: "View Costs")

    /// Every action, for looking one up by identifier or title.
    public static let all: [ReminderAction] = [.markDone, .remindTomorrow, .updateNow, .remindLater, .viewCosts]

    /// The action whose identifier or title is `text`, ignoring case, spaces, '-' and '_'.
    public static func named(_ text: String) -> ReminderAction? {
        func key(_ value: String) -> String { value.lowercased().filter { $0.isLetter } }
        return all.first { key($0.identifier) == key(text) || key($0.title) == key(text) }
    }
}

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
    /// Last year's maintenance costs: "View Costs".
    public static let yearlyRoundup = ReminderCategory(rawValue: "YEARLY_ROUNDUP")

    /// The buttons a reminder of this category shows.
    public var actions: [ReminderAction] {
        switch self {
        case .serviceDue: [.markDone, .remindTomorrow]
        case .mileageReminder: [.updateNow, .remindLater]
        case .marbeteDue: [.remindTomorrow]
        case .yearlyRoundup: [.viewCosts]
        default: []
        }
    }

    public var description: String { rawValue }
}

/// A reminder set to go off at a moment: what the pending queue holds and what adapters deliver.
public struct ScheduledReminder: Hashable, Sendable, Codable, Identifiable {
    /// The stable id, such as `service-<UUID>-30d`; scheduling the same id again replaces the old one.
    public var id: String
    public var category: ReminderCategory
    public var title: String
    public var body: String
    /// When it goes off: its slot, or 60 seconds from now when today's slot has already passed.
    public var fireAt: Date
    /// The nominal time (09:00 on the day, 10:00 for the roundup) it belongs to; a reminder is delivered once
    /// per slot.
    public var slotAt: Date
    public var vehicleID: UUID
    public var serviceID: UUID?
    /// The year a roundup reviews.
    public var roundupYear: Int?
    /// Made by "Remind Tomorrow" / "Remind Later" rather than by the schedule.
    public var isSnooze: Bool

    public init(
        id: String, category: ReminderCategory, title: String, body: String, fireAt: Date, slotAt: Date,
        vehicleID: UUID, serviceID: UUID? = nil, roundupYear: Int? = nil, isSnooze: Bool = false
    ) {
        self.id = id
        self.category = category
        self.title = title
        self.body = body
        self.fireAt = fireAt
        self.slotAt = slotAt
        self.vehicleID = vehicleID
        self.serviceID = serviceID
        self.roundupYear = roundupYear
        self.isSnooze = isSnooze
    }

    /// The buttons it shows.
    public var actions: [ReminderAction] { category.actions }
}

/// A reminder in the pending queue (the `garageReminder` table).
struct PendingReminder: Codable, FetchableRecord, PersistableRecord, TableRecord {
    static let databaseTableName = "garageReminder"
    var id: String
    var category: String
    var title: String
    var body: String
    var fireAt: Date
    var slotAt: Date
    var vehicleID: UUID
    var serviceID: UUID?
    var roundupYear: Int?
    var isSnooze: Bool

    init(_ reminder: ScheduledReminder) {
        id = reminder.id
        category = reminder.category.rawValue
        title = reminder.title
        body = reminder.body
        fireAt = reminder.fireAt
        slotAt = reminder.slotAt
        vehicleID = reminder.vehicleID
        serviceID = reminder.serviceID
        roundupYear = reminder.roundupYear
        isSnooze = reminder.isSnooze
    }

    var reminder: ScheduledReminder {
        ScheduledReminder(
            id: id, category: ReminderCategory(rawValue: category), title: title, body: body, fireAt: fireAt,
            slotAt: slotAt, vehicleID: vehicleID, serviceID: serviceID, roundupYear: roundupYear, isSnooze: isSnooze
        )
    }
}
