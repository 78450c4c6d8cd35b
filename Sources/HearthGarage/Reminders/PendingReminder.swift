import Foundation
import GRDB

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
