public import Foundation
import GRDB
public import HearthCloudModel

/// A record of maintenance done: when, at what mileage, what it cost.
public struct ServiceLog: GarageRecord, Equatable, Hashable {
    public static let databaseTableName = "garageServiceLog"
    public static let entity = GarageEntity.serviceLog

    /// What kind of spending a log is.
    public enum CostCategory: String, Codable, Sendable, Hashable, CaseIterable {
        case maintenance, repair, upgrade
    }

    public let id: UUID
    public var vehicleID: UUID
    /// The service it completed, when it belongs to one.
    public var serviceID: UUID?
    /// What was done, for logs that belong to no service (imported history, one-off repairs).
    public var title: String?
    public var performedDate: CalendarDay
    /// The odometer reading, in miles, when the work was done.
    public var mileageAtService: Int
    public var cost: Decimal?
    public var costCategory: CostCategory?
    public var notes: String?
    /// The receipt's copy in the garage's `documents` folder, when one was kept (see ``receiptColumns``).
    public var receiptFile: String?
    /// The receipt as uploaded to the server; nil until the device that kept it syncs.
    public var receiptAsset: CloudAsset?
    public var createdAt: Date
    public var modifiedAt: Date

    /// The columns of the receipt a log keeps.
    public static let receiptColumns = GarageFileColumns(name: "receiptFile", asset: "receiptAsset")

    public init(
        id: UUID = UUID(), vehicleID: UUID, serviceID: UUID? = nil, title: String? = nil,
        performedDate: CalendarDay, mileageAtService: Int, cost: Decimal? = nil,
        costCategory: CostCategory? = nil, notes: String? = nil, receiptFile: String? = nil,
        receiptAsset: CloudAsset? = nil, createdAt: Date = Date(), modifiedAt: Date? = nil
    ) {
        self.id = id
        self.vehicleID = vehicleID
        self.serviceID = serviceID
        self.title = title
        self.performedDate = performedDate
        self.mileageAtService = mileageAtService
        self.cost = cost
        self.costCategory = costCategory
        self.notes = notes
        self.receiptFile = receiptFile
        self.receiptAsset = receiptAsset
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }
}
