import Foundation

/// Where one service of a vehicle stands today.
public struct DueItem: Sendable, Hashable, Codable {
    public var service: ServiceItem
    public var status: DueStatus
    /// LubeLogger's urgency level; nil when the service has no due values.
    public var urgency: Urgency?
    /// The earlier of the due date and the day the driving pace reaches the due mileage.
    public var effectiveDueDate: CalendarDay?
    /// Days from today to the due date (negative when past).
    public var daysLeft: Int?
    /// Miles from the current reading to the due mileage (negative when past).
    public var milesLeft: Int?
}
