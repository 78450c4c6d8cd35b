import Foundation

/// Where a vehicle's marbete stands today.
public struct MarbeteDue: Sendable, Hashable, Codable {
    public var marbete: Marbete
    public var expiresOn: CalendarDay
    public var status: DueStatus
    public var daysLeft: Int
}
