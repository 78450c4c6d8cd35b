public import Foundation
import GRDB

/// A fill-up: the history fuel-tracking apps export, and what fuel economy is computed from.
public struct FuelLog: GarageRecord, Equatable, Hashable {
    public static let databaseTableName = "garageFuelLog"
    public static let entity = GarageEntity.fuelLog

    public let id: UUID
    public var vehicleID: UUID
    public var date: CalendarDay
    /// The odometer reading, in miles, when known.
    public var odometer: Int?
    /// Fuel bought, in US gallons.
    public var gallons: Decimal?
    public var totalCost: Decimal?
    /// The tank was not filled to the top.
    public var isPartial: Bool
    /// One or more fill-ups before this one were not recorded.
    public var missedPrevious: Bool
    public var station: String?
    public var notes: String?
    public var createdAt: Date
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), vehicleID: UUID, date: CalendarDay, odometer: Int? = nil, gallons: Decimal? = nil,
        totalCost: Decimal? = nil, isPartial: Bool = false, missedPrevious: Bool = false, station: String? = nil,
        notes: String? = nil, createdAt: Date = Date(), modifiedAt: Date? = nil
    ) {
        self.id = id
        self.vehicleID = vehicleID
        self.date = date
        self.odometer = odometer
        self.gallons = gallons
        self.totalCost = totalCost
        self.isPartial = isPartial
        self.missedPrevious = missedPrevious
        self.station = station
        self.notes = notes
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }
}
