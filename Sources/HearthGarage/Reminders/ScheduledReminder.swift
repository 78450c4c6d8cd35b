public import Foundation
import GRDB

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

    /// The same for every attempt to deliver this reminder for its slot (`<id>.<slot in Unix seconds>`), and
    /// different for each slot: a receiver that sees it twice drops the repeat.
    ///
    /// Delivery is at least once. An answer that never arrives (a webhook that times out after it took the
    /// request, an SMTP server that hangs up after it queued the message) leaves the reminder pending, and the
    /// next check sends it again with this key: the webhook's `Idempotency-Key` header and payload
    /// `deliveryKey`, the e-mail's Message-ID.
    public var deliveryKey: String { "\(id).\(Int64(slotAt.timeIntervalSince1970.rounded(.down)))" }
}
