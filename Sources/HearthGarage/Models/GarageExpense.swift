public import Foundation
import GRDB

/// Money spent on a vehicle that is neither a service nor fuel: insurance, parking, tolls, registration,
/// washing. Expenses count in the vehicle's yearly cost.
public struct GarageExpense: GarageRecord, Equatable, Hashable {
    public static let databaseTableName = "garageExpense"
    public static let entity = GarageEntity.expense

    public let id: UUID
    public var vehicleID: UUID
    public var date: CalendarDay
    /// The odometer reading, in miles, when known.
    public var odometer: Int?
    public var amount: Decimal
    /// What kind of expense, as the user or the exporting app named it ("Parking", "Seguro").
    public var category: String
    public var notes: String?
    public var createdAt: Date
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), vehicleID: UUID, date: CalendarDay, odometer: Int? = nil, amount: Decimal, category: String,
        notes: String? = nil, createdAt: Date = Date(), modifiedAt: Date? = nil
    ) {
        self.id = id
        self.vehicleID = vehicleID
        self.date = date
        self.odometer = odometer
        self.amount = amount
        self.category = category
        self.notes = notes
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }
}
