import Foundation
import GRDB

/// What a garage record is, as the change log and sync name it.
public struct GarageEntity: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A ``Vehicle``.
    public static let vehicle = GarageEntity(rawValue: "vehicle")
    /// A ``ServiceItem``.
    public static let service = GarageEntity(rawValue: "service")
    /// A ``ServiceLog``.
    public static let serviceLog = GarageEntity(rawValue: "serviceLog")
    /// A ``MileageSnapshot``.
    public static let mileageSnapshot = GarageEntity(rawValue: "mileageSnapshot")
    /// A ``FuelLog``.
    public static let fuelLog = GarageEntity(rawValue: "fuelLog")
    /// A ``GarageExpense``.
    public static let expense = GarageEntity(rawValue: "expense")
    /// A ``VehicleDocument``.
    public static let document = GarageEntity(rawValue: "vehicleDocument")
    /// A custom ``ServicePreset``.
    public static let servicePreset = GarageEntity(rawValue: "servicePreset")

    public var description: String { rawValue }
}
